import { Command } from 'commander';
import { SETTING_KEYS } from '../../../config/keys.js';
import { addExamples, seeAlso } from '../../kit/command-kit.js';

/** `tix config`: the noun its verbs (get, set, unset, list, path) are registered under. */
export function configCommand(): Command {
  const config = new Command('config')
    .summary('read and change settings')
    .description(
      `Read and change the settings of a profile (--profile). A setting is taken from its flag, then its environment variable, then the profile, then the default.\nSettings: ${SETTING_KEYS.join(', ')}.`,
    );
  addExamples(config, [
    { description: 'Export CSV unless told otherwise', command: 'tix config set output csv' },
    { description: 'Every setting, its value and where it came from', command: 'tix config list' },
    { description: 'A setting of another profile', command: 'tix config get base-url --profile prod' },
  ]);
  seeAlso(config, { guides: ['settings.md'], related: ['auth'] });
  return config;
}
