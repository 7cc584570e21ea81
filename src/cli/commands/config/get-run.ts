import { displaySetting } from '../../../config/keys.js';
import type { Runtime } from '../../kit/runtime.js';
import { settingKey } from './setting-key.js';

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
