import { displaySetting, isSettingKey, SETTINGS, SETTING_KEYS, type SettingKey } from '../../../config/keys.js';
import { ConfigStore, configFilePath } from '../../../config/store.js';
import { UsageError } from '../../../shared/errors.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { jsonListFor, rowWriterFor, withSink } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';

function settingKey(key: string): SettingKey {
  // Commander's choices() has checked already; this narrows the type for callers that skip Commander.
  if (!isSettingKey(key)) throw new UsageError(`<key> must be one of ${SETTING_KEYS.join(', ')}, not '${key}'`);
  return key;
}

export async function runConfigGet(key: string, rt: Runtime): Promise<void> {
  const name = settingKey(key);
  rt.requireConfigFile();
  const value = rt.settings.values[name];
  if (value === undefined) {
    rt.note(`${key} is not set`);
    return;
  }
  rt.io.stdout.write(`${displaySetting(name, value as never)}\n`);
}

export async function runConfigSet(key: string, value: string, rt: Runtime): Promise<void> {
  const spec = SETTINGS[settingKey(key)];
  const parsed = spec.parse(value, key);
  // A damaged file is refused, not rewritten: what it held (keys included) would be lost.
  rt.requireConfigFile();
  const store = await ConfigStore.forWriting(rt.io.env);
  store.set(rt.settings.profile, spec.key, String(parsed));
  rt.note(`Set ${key} to ${displaySetting(spec.key, parsed as never)} in profile '${rt.settings.profile}'.`);
  if (rt.io.env[spec.env]) rt.warn(`${spec.env} is set and takes precedence over the stored value`);
}

export async function runConfigUnset(key: string, rt: Runtime): Promise<void> {
  const name = settingKey(key);
  rt.requireConfigFile();
  const { store } = await ConfigStore.read(rt.io.env);
  const removed = store?.unset(rt.settings.profile, name) ?? false;
  rt.note(removed ? `Removed ${key} from profile '${rt.settings.profile}'.` : `${key} was not set in profile '${rt.settings.profile}'.`);
}

export async function runConfigList(flags: RawOutputFlags, rt: Runtime): Promise<void> {
  const output = parseOutputOptions(flags, rt);
  rt.requireConfigFile();
  const rows = SETTING_KEYS.map((key) => ({
    key,
    value: rt.settings.values[key] === undefined ? null : displaySetting(key, rt.settings.values[key] as never),
    source: rt.settings.sources[key] === 'env' ? SETTINGS[key].env : rt.settings.sources[key],
    description: SETTINGS[key].description,
  }));
  await withSink(rt, output, async (sink) => {
    if (output.format === 'json') {
      const writer = jsonListFor(rt, output, sink, 'settings');
      await writer.write(rows);
      await writer.end();
      return;
    }
    const writer = rowWriterFor(rt, output, sink, { documented: ['key', 'value', 'source', 'description'], tableDefaults: ['key', 'value', 'source'], fit: { identifiers: ['key'], dropOrder: ['source'] } });
    await writer.write(rows);
    await writer.end();
  });
}

export async function runConfigPath(rt: Runtime): Promise<void> {
  rt.io.stdout.write(`${configFilePath(rt.io.env)}\n`);
}
