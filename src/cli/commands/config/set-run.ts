import { displaySetting, SETTINGS } from '../../../config/keys.js';
import { ConfigStore } from '../../../config/store.js';
import type { Runtime } from '../../kit/runtime.js';
import { settingKey } from './setting-key.js';

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
