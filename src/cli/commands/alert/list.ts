import { Command } from 'commander';
import { addExamples, addOutputOptions } from '../../kit/command-kit.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { runCommand } from '../../kit/run-command.js';
import { addStoreOptions, parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import type { AlertListOptions } from './list-run.js';
import { STORE_BUSY, exitCodes } from '../../kit/exit-codes.js';
import { ExitCode } from '../../../shared/errors.js';

export function alertListCommand(): Command {
  const command = new Command('list')
    .summary('list the price alert rules')
    .description(
      "Every alert rule: its id, name, event, conditions, when it was created, until when it runs, when it last notified at what price, its state (active, paused, or retired once its --until has passed) and its own channels (a URL's secrets hidden).",
    );
  addStoreOptions(command);
  addOutputOptions(command);
  addExamples(command, [{ description: 'The rules as CSV', command: 'tix alert add evt_fnt7jz3fkx --below 150 && tix alert list -o csv' }]);
  exitCodes(command, { [ExitCode.ERROR]: 'the history store failed, or an unexpected error', [ExitCode.UNAVAILABLE]: STORE_BUSY });
  return command.action(async (flags: RawOutputFlags & RawStoreFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const options: AlertListOptions = { store: parseStoreFlags(flags), output: parseOutputOptions(flags, rt) };
      const { runAlertList } = await import('./list-run.js');
      return runAlertList(options, rt);
    }),
  );
}
