import { Command, Option } from 'commander';
import { AGENT_CODES } from '../../../api/agents.js';
import { UsageError, ExitCode } from '../../../shared/errors.js';
import { addExamples, addOutputOptions } from '../../kit/command-kit.js';
import { addListingFilterOptions, parseListingFilter, type RawListingFilterFlags } from '../../kit/listing-filters.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { parseWholeNumber } from '../../../shared/numbers.js';
import { parsePathSegment, SERVICE_ID_PREFIX } from '../../kit/parse/ids.js';
import type { Invocation } from '../../kit/invocation.js';
import { runCommand } from '../../kit/run-command.js';
import { parseAgentIdOverrides } from './agent-id-overrides.js';
import type { EventsViewOptions } from './view-run.js';
import { API_FAILED, apiCodes, exitCodes } from '../../kit/exit-codes.js';

interface RawFlags extends RawOutputFlags, RawListingFilterFlags {
  id?: string[];
  top?: string;
  salesDays?: string;
  sales: boolean;
  listings?: boolean;
  partial?: boolean;
}

export const DEFAULT_TOP = 10;
export const DEFAULT_SALES_DAYS = 30;

export function eventsViewCommand(): Command {
  const command = new Command('view')
    .summary('one event across every marketplace: listings per agent, cheapest seats, recent sales')
    .description(
      [
        'One event across every marketplace, in one run: the event (GET /events/{id}), its inventory at every ticket agent that lists it (GET /inventory/{agent}/{id}, one request per agent, --concurrency at once), and its StubHub sales of the last days (GET /events/stubhub/{id}/sales-summary).',
        'Rows are one per agent: listings, tickets, lowest, median and highest price; the table adds the whole market, the cheapest listings and a sales sparkline.',
        'If an agent or the sales request still fails after retries, nothing is printed and tix exits with its error (5 when unavailable), naming what failed; with --partial the rest is printed, the failed ones are named, and tix exits 1. If every agent fails, nothing is printed either way.',
      ].join('\n\n'),
    )
    .argument('<evt_id>', 'the event (evt_...)')
    .addOption(
      new Option(
        '--id <agent=id>',
        `the agent's id for this event, added to or replacing the listing's (repeatable; agents: ${AGENT_CODES.join(', ')})`,
      ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .option('--top <n>', `how many of the cheapest listings to show, 0-1000 (default: ${DEFAULT_TOP})`)
    .option('--sales-days <n>', `days of sales to sum up, ending today, 1-365 (default: ${DEFAULT_SALES_DAYS})`)
    .option('--no-sales', 'skip the sales summary')
    .option('--listings', 'rows are every listing of every agent, agent first, instead of one row per agent')
    .option('--partial', 'if some agents or the sales request still fail after retries, print what answered, name what failed, and exit 1');
  addListingFilterOptions(command);
  addOutputOptions(command);
  addExamples(command, [
    {
      description: 'Everything about one event: every market, the cheapest seats, recent sales',
      command: 'tix events view evt_fnt7jz3fkx',
    },
    {
      description: 'Pairs or more under 200 a ticket, the 5 cheapest',
      command: 'tix events view evt_fnt7jz3fkx --min-quantity 2 --max-price 200 --top 5',
    },
    { description: 'Every listing of every agent, as CSV', command: 'tix events view evt_fnt7jz3fkx --listings --no-sales -o csv' },
    { description: 'With an agent id the listing does not carry', command: 'tix events view evt_fnt7jz3fkx --id SKYBOX=12345 -o json' },
  ]);
  exitCodes(command, { ...apiCodes('the event not found'), [ExitCode.ERROR]: `${API_FAILED}; with --partial, a part missing` });
  return command.action(eventsViewAction);
}

/** What `tix events view` does with its argument and flags; the fast path (src/cli/fast.ts) calls it without Commander. */
export async function eventsViewAction(eventId: string, flags: RawFlags, cmd: Invocation): Promise<void> {
  return runCommand(cmd, async (rt) => {
    const id = parsePathSegment('<evt_id>', eventId);
    if (!id.startsWith(SERVICE_ID_PREFIX))
      throw new UsageError(`<evt_id>: '${id}' is not a service event id (they start with ${SERVICE_ID_PREFIX})`);
    if (!flags.sales && flags.salesDays !== undefined) throw new UsageError('--sales-days cannot be combined with --no-sales');
    const options: EventsViewOptions = {
      eventId: id,
      agentIds: parseAgentIdOverrides(flags.id ?? []),
      filter: parseListingFilter(flags),
      top: flags.top === undefined ? DEFAULT_TOP : parseWholeNumber('--top', flags.top, 0, 1000),
      salesDays: !flags.sales
        ? undefined
        : flags.salesDays === undefined
          ? DEFAULT_SALES_DAYS
          : parseWholeNumber('--sales-days', flags.salesDays, 1, 365),
      listings: flags.listings === true,
      partial: flags.partial === true,
      concurrency: rt.settings.values.concurrency,
      timeZone: rt.settings.values.timezone,
      output: parseOutputOptions(flags, rt),
    };
    const { runEventsView } = await import('./view-run.js');
    return runEventsView(options, rt);
  });
}
