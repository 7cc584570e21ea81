import { Argument, Command } from 'commander';
import { AGENT_CODES } from '../../../api/agents.js';
import { addExamples, addOutputOptions, withValues, seeAlso } from '../../kit/command-kit.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { parseAgentSegment } from '../../kit/parse/agent.js';
import { parseIdList } from '../../kit/parse/ids.js';
import type { Invocation } from '../../kit/invocation.js';
import { runCommand } from '../../kit/run-command.js';
import { addListingFilterOptions, parseListingFilter, type RawListingFilterFlags } from '../../kit/listing-filters.js';
import type { InventoryOptions } from './inventory-run.js';
import { API_FAILED, apiCodes, exitCodes } from '../../kit/exit-codes.js';
import { ExitCode } from '../../../shared/errors.js';

interface RawFlags extends RawOutputFlags, RawListingFilterFlags {
  partial?: boolean;
}

export function inventoryCommand(): Command {
  const command = new Command('inventory')
    .summary("current ticket listings for an agent's events")
    .description(
      `Current ticket listings for events of one ticket agent (GET /inventory/{agent}/{ids}).\nAgents: ${AGENT_CODES.join(', ')}.\nIds are the agent's own event ids, any number of them: tix asks for 10 per request, several requests at once, and merges the answers in the order given. '-' reads ids from stdin.`,
    )
    .addArgument(withValues(new Argument('<agent>', `ticket agent code (${AGENT_CODES.join(', ')}) or name`), AGENT_CODES))
    .argument('<ids...>', "the agent's event ids, space- or comma-separated, or - for stdin")
    .option('--partial', 'if some requests still fail after retries, print what was fetched, warn which ids are missing, and exit 1');
  addListingFilterOptions(command);
  addOutputOptions(command);
  addExamples(command, [
    { description: 'Listings for two Ticketmaster events', command: 'tix inventory TMUSA G5v8HKyBKZbyJN,vvG1PFHjdJRivP' },
    {
      description: "Inventory for every StubHub id of this week's events, as CSV",
      command: "tix events search --date this-week --all -o ndjson | jq -r '.agentIds.STUBHUB // empty' | tix inventory STUBHUB - -o csv",
    },
    {
      description: 'Only pairs or more on the floor, at most 250 a ticket',
      command: "tix inventory TMUSA G5v8HKyBKZbyJN --min-quantity 2 --max-price 250 --section 'floor*'",
    },
  ]);
  exitCodes(command, {
    ...apiCodes('an event id not found (with --partial: exit 1, the rest printed)'),
    [ExitCode.ERROR]: `${API_FAILED}; with --partial, ids missing`,
  });
  seeAlso(command, { guides: ['querying.md', 'output.md'], related: ['events view', 'watch', 'track'] });
  return command.action(inventoryAction);
}

/** What `tix inventory` does with its arguments and flags; the fast path (src/cli/fast.ts) calls it without Commander. */
export async function inventoryAction(agent: string, ids: string[], flags: RawFlags, cmd: Invocation): Promise<void> {
  return runCommand(cmd, async (rt) => {
    const options: InventoryOptions = {
      agent: parseAgentSegment('<agent>', agent).agent.code,
      ids: await parseIdList('<ids>', ids, rt.io.stdin),
      partial: flags.partial === true,
      filter: parseListingFilter(flags),
      concurrency: rt.settings.values.concurrency,
      output: parseOutputOptions(flags, rt),
    };
    const { runInventory } = await import('./inventory-run.js');
    return runInventory(options, rt);
  });
}
