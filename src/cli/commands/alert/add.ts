import { Command, Option } from 'commander';
import { TICKET_AGENTS } from '../../../api/agents.js';
import { UsageError, ExitCode } from '../../../shared/errors.js';
import { parseNotifyExec, parseNotifyUrl } from '../../../config/keys.js';
import { addExamples, withValues } from '../../kit/command-kit.js';
import { parseAmount } from '../../kit/listing-filters.js';
import { parseAgent } from '../../kit/parse/agent.js';
import { parseDateFlag } from '../../kit/parse/dates.js';
import { boundInstant } from '../../kit/parse/instants.js';
import { parseTextFilter } from '../../kit/parse/text.js';
import { runCommand } from '../../kit/run-command.js';
import { addStoreOptions, parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import { parseEntry } from '../../kit/track-entries.js';
import { parseWholeNumber } from '../../../shared/numbers.js';
import { printable } from '../../../shared/printable.js';
import type { AlertAddOptions } from './add-run.js';
import { STORE_BUSY, exitCodes } from '../../kit/exit-codes.js';

interface RawFlags extends RawStoreFlags {
  below?: string;
  drop?: string;
  minQuantity?: string;
  section?: string;
  agent?: string;
  name?: string;
  until?: string;
  notifyUrl?: string;
  notifyExec?: string;
}

export function alertAddCommand(): Command {
  const command = new Command('add')
    .summary('add a price alert rule')
    .description(
      [
        "Add a rule that every tix track evaluates against what it stores. <event> is an evt_ id (every agent that lists it) or AGENT:ID (one agent's event).",
        "Conditions combine (all must hold for a listing): --below, --min-quantity, --section, --agent; --drop compares the lowest matching price with the rule's baseline (the lowest stored when the rule is added, else at its first evaluation; then each notified price). A rule fires when a matching listing is strictly below the price it last notified, or for the first time; a rule without --below or --drop fires at each new low.",
        "Prints the new rule's id on stdout.",
      ].join('\n'),
    )
    .argument('<event>', 'evt_ id, or AGENT:ID')
    .option('--below <amount>', 'a listing at or below this price per ticket')
    .option('--drop <percent>', 'the lowest price fell by at least this many percent (above 0, below 100) since the last notification')
    .option('--min-quantity <n>', 'only listings with at least n tickets')
    .option('--section <pattern>', "only sections matching this name, any case; '*' matches any text (e.g. 'floor*')")
    .addOption(
      withValues(
        new Option(
          '--agent <agent>',
          `evt_ rules: only this ticket agent: ${TICKET_AGENTS.map((a) => a.name).join(' | ')} (or its code, any case)`,
        ),
        TICKET_AGENTS.map((a) => a.name),
      ),
    )
    .option('--name <text>', 'a label for the rule')
    .option('--until <date>', 'retire the rule after this date (default: the event date, when the history knows it)')
    .option('--notify-url <url>', 'POST each alert as JSON to this http(s) URL (default: the notify-url setting)')
    .option('--notify-exec <command>', 'run this command per alert with the alert as JSON on stdin (default: the notify-exec setting)');
  addStoreOptions(command);
  addExamples(command, [
    {
      description: 'Any agent, two seats together, at or under 150',
      command: 'tix alert add evt_fnt7jz3fkx --below 150 --min-quantity 2 --name "two under 150"',
    },
    {
      description: 'One agent, when its floor drops by a fifth, posted to a webhook',
      command: "tix alert add TMUSA:G5v8HKyBKZbyJN --drop 20 --section 'floor*' --notify-url https://hooks.example.com/services/T0/B0/x",
    },
  ]);
  exitCodes(command, { [ExitCode.ERROR]: 'the history store failed, or an unexpected error', [ExitCode.UNAVAILABLE]: STORE_BUSY });
  return command.action(async (event: string, flags: RawFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const entry = parseEntry(event, '<event>');
      if (entry.kind === 'agent' && flags.agent !== undefined)
        throw new UsageError(`--agent applies to evt_ rules only: ${printable(event)} is already one agent's event`);
      let until: string | null = null;
      if (flags.until !== undefined) {
        const context = { now: rt.io.now(), timeZone: rt.settings.values.timezone };
        until = boundInstant(parseDateFlag('--until', flags.until, context), 'until', context.timeZone);
        // A rule retired before it is added would never fire: surely a mistake.
        if (Date.parse(until) <= context.now.getTime())
          throw new UsageError(`--until must be in the future: '${printable(flags.until)}' has passed (the rule would never fire)`);
      }
      const options: AlertAddOptions = {
        rule: {
          name: flags.name !== undefined ? parseTextFilter('--name', flags.name) : null,
          target: entry.kind === 'event' ? entry.eventId : `${entry.agent}:${entry.id}`,
          eventId: entry.kind === 'event' ? entry.eventId : null,
          agent: entry.kind === 'agent' ? entry.agent : flags.agent !== undefined ? parseAgent('--agent', flags.agent).code : null,
          agentEventId: entry.kind === 'agent' ? entry.id : null,
          below: flags.below !== undefined ? parseAmount('--below', flags.below) : null,
          dropPercent: flags.drop !== undefined ? parsePercent(flags.drop) : null,
          minQuantity: flags.minQuantity !== undefined ? parseWholeNumber('--min-quantity', flags.minQuantity, 1, 1_000_000) : null,
          section: flags.section !== undefined ? parseTextFilter('--section', flags.section) : null,
          until,
          notifyUrl: flags.notifyUrl !== undefined ? parseNotifyUrl('--notify-url', flags.notifyUrl) : null,
          notifyExec: flags.notifyExec !== undefined ? parseNotifyExec('--notify-exec', flags.notifyExec) : null,
          createdAt: rt.io.now().toISOString(),
        },
        store: parseStoreFlags(flags),
      };
      const { runAlertAdd } = await import('./add-run.js');
      return runAlertAdd(options, rt);
    }),
  );
}

/** `20` or `20%`: above 0 and below 100 (a fall of 100% would be a free ticket). */
function parsePercent(raw: string): number {
  const text = raw.trim().replace(/%$/, '');
  const value = Number(text);
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text) || !(value > 0) || !(value < 100)) {
    throw new UsageError(`--drop must be a percentage above 0 and below 100, such as 20 or 12.5, not '${printable(raw)}'`);
  }
  return value;
}
