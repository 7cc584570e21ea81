import { Command, Argument } from 'commander';
import { SETTING_KEYS } from '../../../config/keys.js';
import { addExamples, addOutputOptions } from '../../kit/command-kit.js';
import type { RawOutputFlags } from '../../kit/output-options.js';
import { runCommand } from '../../kit/run-command.js';

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
  const keyArgument = () => new Argument('<key>', 'setting name').choices(SETTING_KEYS);

  const get = new Command('get').summary('print the value in force for a setting').addArgument(keyArgument());
  addExamples(get, [{ description: 'The page size in force', command: 'tix config get page-size' }]);
  get.action(async (key: string, _flags: unknown, cmd: Command) =>
    runCommand(cmd, async (rt) => (await import('./config-run.js')).runConfigGet(key, rt)),
  );

  const set = new Command('set').summary('store a setting in the profile (validated first)').addArgument(keyArgument()).argument('<value>', 'new value');
  addExamples(set, [
    { description: 'Export CSV by default', command: 'tix config set output csv' },
    { description: 'Point a profile at the API', command: 'tix config set base-url https://api.example.com --profile prod' },
  ]);
  set.action(async (key: string, value: string, _flags: unknown, cmd: Command) =>
    runCommand(cmd, async (rt) => (await import('./config-run.js')).runConfigSet(key, value, rt)),
  );

  const unset = new Command('unset').summary('remove a setting from the profile').addArgument(keyArgument());
  addExamples(unset, [{ description: 'Back to the default output format', command: 'tix config unset output' }]);
  unset.action(async (key: string, _flags: unknown, cmd: Command) =>
    runCommand(cmd, async (rt) => (await import('./config-run.js')).runConfigUnset(key, rt)),
  );

  const list = new Command('list').summary('show every setting, its value and where it came from');
  addOutputOptions(list);
  addExamples(list, [{ description: 'Settings in force, as JSON', command: 'tix config list --json' }]);
  list.action(async (flags: RawOutputFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => (await import('./config-run.js')).runConfigList(flags, rt)),
  );

  const path = new Command('path').summary('print where the config file is');
  addExamples(path, [{ description: 'Where the config lives', command: 'tix config path' }]);
  path.action(async (_flags: unknown, cmd: Command) =>
    runCommand(cmd, async (rt) => (await import('./config-run.js')).runConfigPath(rt)),
  );

  return config.addCommand(get).addCommand(set).addCommand(unset).addCommand(list).addCommand(path);
}
