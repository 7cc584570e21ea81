import { Command, Option } from 'commander';
import { SALES_PROVIDERS } from '../../../api/agents.js';
import { UsageError } from '../../../shared/errors.js';
import { addExamples, addOutputOptions, withValues } from '../../kit/command-kit.js';
import { parseOutputOptions, refuseChartAsData, type RawOutputFlags } from '../../kit/output-options.js';
import { parseDateFlag, type DateContext } from '../../kit/parse/dates.js';
import { parsePathSegment } from '../../kit/parse/ids.js';
import { runCommand } from '../../kit/run-command.js';
import type { Runtime } from '../../kit/runtime.js';
import type { SalesOptions } from './sales-run.js';

interface RawFlags extends RawOutputFlags {
  provider?: string;
  from?: string;
  to?: string;
  chart?: boolean;
  daily?: boolean;
}

export function salesCommand(): Command {
  const sales = new Command('sales')
    .summary('resale sales of one event: daily summary or every sale')
    .description('Resale sales of one event on a marketplace: a daily summary, or the details of every sale.');
  addExamples(sales, [
    { description: "An event's StubHub id, which the sales commands take", command: 'tix events get evt_fnt7jz3fkx -o ndjson | jq -r .agentIds.STUBHUB' },
    { description: 'Daily sales over the last 30 days', command: 'tix sales summary 101459428 --from -30d' },
    { description: "Every sale of yesterday, to a CSV file", command: 'tix sales details 101459428 --from yesterday --to yesterday --out sales.csv' },
  ]);

  const summary = salesSubcommand('summary', 'daily tickets, revenue and prices for one event', 'GET /events/{provider}/{eventId}/sales-summary').option(
    '--chart',
    'draw tickets and revenue per day in the terminal (by week when the range is wide)',
  );
  addExamples(summary, [
    { description: 'Daily sales of an event over the last 30 days', command: 'tix sales summary 101459428 --from -30d' },
    { description: 'A chart of the whole history', command: 'tix sales summary 101459428 --chart' },
  ]);
  summary.action(async (eventId: string, flags: RawFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const options = parseSalesOptions(eventId, flags, rt);
      if (flags.chart) refuseChartAsData(flags, options.output);
      const { runSalesSummary } = await import('./sales-run.js');
      await runSalesSummary({ ...options, chart: flags.chart === true }, rt);
    }),
  );

  const details = salesSubcommand('details', 'every sale of one event: section, row, seats, quantity, price', 'GET /events/{provider}/{eventId}/sales-details').option(
    '--daily',
    'only the per-day totals of the details response',
  );
  addExamples(details, [
    { description: "Yesterday's sales as CSV", command: 'tix sales details 101459428 --from yesterday --to yesterday -o csv' },
    { description: 'Per-day totals of the last week', command: 'tix sales details 101459428 --from -7d --to yesterday --daily' },
    { description: 'The whole history as Parquet, typed, for DuckDB or pandas', command: 'tix sales details 101459428 --out sales.parquet' },
  ]);
  details.action(async (eventId: string, flags: RawFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const options = parseSalesOptions(eventId, flags, rt);
      const { runSalesDetails } = await import('./sales-run.js');
      await runSalesDetails({ ...options, daily: flags.daily === true }, rt);
    }),
  );

  return sales.addCommand(summary).addCommand(details);
}

function salesSubcommand(name: string, summary: string, endpoint: string): Command {
  const command = new Command(name)
    .summary(summary)
    .description(`${summary[0]!.toUpperCase()}${summary.slice(1)} (${endpoint}).\nThe event id is the provider's own id (agentIds.STUBHUB in events search output).`)
    .argument('<eventId>', "the event's id at the provider")
    .addOption(
      withValues(
        new Option('--provider <code>', `sales data provider: ${SALES_PROVIDERS.map((p) => p.code).join(' | ')} (default: stubhub, or the provider setting)`),
        SALES_PROVIDERS.map((p) => p.code),
      ),
    )
    .option('--from <date>', 'first day of sales (default: the first day with data)')
    .option('--to <date>', 'last day of sales (default: the last day with data)');
  addOutputOptions(command);
  return command;
}

export function parseSalesOptions(eventId: string, flags: RawFlags, rt: Runtime): SalesOptions {
  const context: DateContext = { now: rt.io.now(), timeZone: rt.settings.values.timezone };
  const options: SalesOptions = {
    // --provider is a setting: Runtime validated it (flag, TIX_PROVIDER, profile, default) and lower-cased it.
    provider: rt.settings.values.provider,
    eventId: parsePathSegment('<eventId>', eventId),
    output: parseOutputOptions(flags, rt),
  };
  if (flags.from !== undefined) options.startDate = parseDateFlag('--from', flags.from, context).date;
  if (flags.to !== undefined) options.endDate = parseDateFlag('--to', flags.to, context).date;
  if (options.startDate && options.endDate && options.startDate > options.endDate) {
    throw new UsageError(`--from (${options.startDate}) is after --to (${options.endDate})`);
  }
  return options;
}
