import { ConfigStore } from '../../../config/store.js';
import type { Runtime } from '../../kit/runtime.js';
import { settingKey } from './setting-key.js';

export async function runConfigUnset(key: string, rt: Runtime): Promise<void> {
  const name = settingKey(key);
  rt.requireConfigFile();
  const { store } = await ConfigStore.read(rt.io.env);
  const removed = store?.unset(rt.settings.profile, name) ?? false;
  rt.note(removed ? `Removed ${key} from profile '${rt.settings.profile}'.` : `${key} was not set in profile '${rt.settings.profile}'.`);
}
