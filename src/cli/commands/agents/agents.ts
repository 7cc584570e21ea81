import { Command } from 'commander';
import { addExamples, addOutputOptions, seeAlso } from '../../kit/command-kit.js';
import type { RawOutputFlags } from '../../kit/output-options.js';
import type { Invocation } from '../../kit/invocation.js';
import { runCommand } from '../../kit/run-command.js';
import { exitCodes } from '../../kit/exit-codes.js';

export function agentsCommand(): Command {
  const command = new Command('agents')
    .summary('list the ticket agents and sales providers')
    .description(
      'List the nine ticket agents (codes for `tix inventory`, names for `tix events by-agent` and --agent) and the sales providers (for `tix sales --provider`).',
    );
  addOutputOptions(command);
  addExamples(command, [
    { description: 'Agents and providers as a table', command: 'tix agents' },
    { description: 'Just the agent codes', command: 'tix agents -o ndjson | jq -r \'select(.role == "ticket agent") | .code\'' },
    { description: 'The same with the built-in jq (strings print raw)', command: "tix agents --jq '.ticketAgents[].code'" },
  ]);
  exitCodes(command, {});
  seeAlso(command, { guides: ['querying.md'], related: ['events by-agent', 'inventory'] });
  return command.action(agentsAction);
}

/** What `tix agents` does with its arguments and flags; the fast path (src/cli/fast.ts) calls it without Commander. */
export async function agentsAction(flags: RawOutputFlags, cmd: Invocation): Promise<void> {
  return runCommand(cmd, async (rt) => (await import('./agents-run.js')).runAgents(flags, rt));
}
