import { Command } from 'commander';
import { TICKET_AGENTS } from '../../../api/agents.js';
import { UsageError, ExitCode } from '../../../shared/errors.js';
import { addExamples, addOutputOptions, withValues } from '../../kit/command-kit.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { parseAgentSegment } from '../../kit/parse/agent.js';
import { parseIdList, SERVICE_ID_PREFIX } from '../../kit/parse/ids.js';
import type { Invocation } from '../../kit/invocation.js';
import { runCommand } from '../../kit/run-command.js';
import { Option } from 'commander';
import type { EventsGetOptions } from './get-run.js';
import { API_FAILED, apiCodes, exitCodes } from '../../kit/exit-codes.js';

interface RawFlags extends RawOutputFlags {
  agent?: string;
  partial?: boolean;
}

export function eventsGetCommand(): Command {
  const command = new Command('get')
    .summary('show events by id')
    .description(
      [
        "Show events by the service's ids (evt_...), or by an agent's own ids with --agent. Ids may be separated by spaces or commas; '-' reads them from stdin.",
        'All or nothing: if an id is not found, nothing is printed and tix exits 4 naming it; --partial prints the events found, warns which ids were not, and exits 1.',
        '-o json is always {"events":[...]}, as events search prints, however many ids were given.',
      ].join('\n'),
    )
    .argument('<id...>', "event ids (evt_...), or the agent's ids with --agent")
    .addOption(
      withValues(
        new Option(
          '--agent <agent>',
          `the ids are this ticket agent's event ids: ${TICKET_AGENTS.map((a) => a.name).join(' | ')} (or its code, any case)`,
        ),
        TICKET_AGENTS.map((a) => a.name),
      ),
    )
    .option(
      '--partial',
      'if some ids are not found (or their requests fail), print the events found, warn which ids are missing, and exit 1',
    );
  addOutputOptions(command);
  addExamples(command, [
    { description: 'One event by its service id', command: 'tix events get evt_fnt7jz3fkx' },
    { description: "Events by Ticketmaster's ids", command: 'tix events get --agent ticketMaster G5v8HKyBKZbyJN,vvG1PFHjdJRivP' },
  ]);
  exitCodes(command, {
    ...apiCodes('an event not found (with --partial: exit 1, the events found printed)'),
    [ExitCode.ERROR]: `${API_FAILED}; with --partial, an event missing`,
  });
  return command.action(eventsGetAction);
}

/** What `tix events get` does with its arguments and flags; the fast path (src/cli/fast.ts) calls it without Commander. */
export async function eventsGetAction(ids: string[], flags: RawFlags, cmd: Invocation): Promise<void> {
  return runCommand(cmd, async (rt) => {
    const options: EventsGetOptions = {
      ids: await parseIdList('<id>', ids, rt.io.stdin),
      partial: flags.partial === true,
      concurrency: rt.settings.values.concurrency,
      output: parseOutputOptions(flags, rt),
    };
    if (flags.agent !== undefined) options.agent = parseAgentSegment('--agent', flags.agent).given;
    else {
      const wrong = options.ids.find((id) => !id.startsWith(SERVICE_ID_PREFIX));
      if (wrong !== undefined) {
        throw new UsageError(
          `<id>: '${wrong}' is not a service event id (they start with ${SERVICE_ID_PREFIX}); for an agent's ids add --agent <agent>`,
        );
      }
    }
    const { runEventsGet } = await import('./get-run.js');
    return runEventsGet(options, rt);
  });
}
