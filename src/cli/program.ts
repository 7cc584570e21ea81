import { Command } from 'commander';
import { VERSION } from '../version.js';

/** The whole command tree. Completions and help tests walk this same tree, so they cannot drift from it. */
export function buildProgram(): Command {
  const program = new Command('tix')
    .description('Ticket-market partner API from the terminal: events, inventory and resale sales')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ outputError: () => {} });

  return program;
}
