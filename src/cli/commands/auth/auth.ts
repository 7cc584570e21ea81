import { Command } from 'commander';
import { addExamples, seeAlso } from '../../kit/command-kit.js';

/** `tix auth`: the noun its verbs (login, status, logout) are registered under. */
export function authCommand(): Command {
  const auth = new Command('auth')
    .summary('store, check and remove the API key')
    .description('Store, check and remove the API key of a profile.');
  addExamples(auth, [
    { description: 'Store a key kept in a file, after checking it works', command: 'tix auth login --with-key < key.txt' },
    { description: 'Which profile, base URL and key are in use, and whether the key works', command: 'tix auth status' },
  ]);
  seeAlso(auth, { guides: ['settings.md'], related: ['config'] });
  return auth;
}
