import { Argument, Command } from 'commander';
import { TICKET_AGENTS } from '../../../api/agents.js';
import { UsageError } from '../../../shared/errors.js';
import { addExamples, addOutputOptions, addPagingOptions, withValues } from '../../kit/command-kit.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { parsePaging, type RawPagingFlags } from '../../kit/paging.js';
import { parseDateFlag, type DateContext } from '../../kit/parse/dates.js';
import { parseAgentSegment } from '../../kit/parse/agent.js';
import { parseTextFilter } from '../../kit/parse/text.js';
import type { Invocation } from '../../kit/invocation.js';
import { runCommand } from '../../kit/run-command.js';
import type { Runtime } from '../../kit/runtime.js';
import type { EventsByAgentOptions } from './by-agent-run.js';
import { apiCodes, exitCodes } from '../../kit/exit-codes.js';

interface RawFlags extends RawPagingFlags, RawOutputFlags {
  from?: string;
  to?: string;
  name?: string;
}

export function eventsByAgentCommand(): Command {
  const command = new Command('by-agent')
    .summary('list the events one ticket agent knows')
    .description(
      `List the events a ticket agent knows, by event date (GET /events/{agent}).\nAgents: ${TICKET_AGENTS.map((a) => a.name).join(', ')} (or their codes, any case).`,
    )
    .addArgument(
      withValues(
        new Argument('<agent>', 'agent type name or code, such as ticketMaster or tmusa'),
        TICKET_AGENTS.map((a) => a.name),
      ),
    )
    .option('--from <date>', 'earliest event date (default: today)')
    .option('--to <date>', 'latest event date (default: two years from today)')
    .option('--name <pattern>', "event name; % is a wildcard ('%hamilton%')");
  addPagingOptions(command);
  addOutputOptions(command);
  addExamples(command, [
    { description: 'Events Ticketmaster lists for the next month', command: 'tix events by-agent ticketMaster --to +1m' },
    { description: 'All SeatGeek events named like a tour, as CSV', command: "tix events by-agent seatgeek --name '%tour%' --all -o csv" },
  ]);
  exitCodes(command, apiCodes('the API does not know the agent'));
  return command.action(eventsByAgentAction);
}

/** What `tix events by-agent` does with its arguments and flags; the fast path (src/cli/fast.ts) calls it without Commander. */
export async function eventsByAgentAction(agent: string, flags: RawFlags, cmd: Invocation): Promise<void> {
  return runCommand(cmd, async (rt) => {
    const options = parseEventsByAgentOptions(agent, flags, rt);
    const { runEventsByAgent } = await import('./by-agent-run.js');
    await runEventsByAgent(options, rt);
  });
}

export function parseEventsByAgentOptions(agent: string, flags: RawFlags, rt: Runtime): EventsByAgentOptions {
  const context: DateContext = { now: rt.io.now(), timeZone: rt.settings.values.timezone };
  const options: EventsByAgentOptions = {
    agent: parseAgentSegment('<agent>', agent).given,
    paging: parsePaging(flags, rt),
    output: parseOutputOptions(flags, rt),
  };
  const from = flags.from !== undefined ? parseDateFlag('--from', flags.from, context) : undefined;
  const to = flags.to !== undefined ? parseDateFlag('--to', flags.to, context) : undefined;
  if (from && to && from.date > to.date) throw new UsageError(`--from (${from.date}) is after --to (${to.date})`);
  if (from) options.dateFrom = from.dateTime ?? from.date;
  if (to) options.dateTo = to.dateTime ?? to.date;
  if (flags.name !== undefined) options.eventName = parseTextFilter('--name', flags.name);
  return options;
}
