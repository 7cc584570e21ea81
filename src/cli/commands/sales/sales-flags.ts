import { Command, Option } from 'commander';
import { SALES_PROVIDERS } from '../../../api/agents.js';
import { UsageError } from '../../../shared/errors.js';
import { addOutputOptions, withValues } from '../../kit/command-kit.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { parseDateFlag, type DateContext } from '../../kit/parse/dates.js';
import { parsePathSegment } from '../../kit/parse/ids.js';
import type { Runtime } from '../../kit/runtime.js';
import type { SalesOptions } from './sales-request.js';

/** The flags both sales verbs take, as Commander gives them. */
export interface RawFlags extends RawOutputFlags {
  provider?: string;
  from?: string;
  to?: string;
  chart?: boolean;
  daily?: boolean;
}

/** A sales verb with the event id, --provider, --from, --to and the output options both take. */
export function salesSubcommand(name: string, summary: string, endpoint: string): Command {
  const command = new Command(name)
    .summary(summary)
    .description(
      `${summary[0]!.toUpperCase()}${summary.slice(1)} (${endpoint}).\nThe event id is the provider's own id (agentIds.STUBHUB in events search output).`,
    )
    .argument('<eventId>', "the event's id at the provider")
    .addOption(
      withValues(
        new Option(
          '--provider <code>',
          `sales data provider: ${SALES_PROVIDERS.map((p) => p.code).join(' | ')} (default: stubhub, or the provider setting)`,
        ),
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
