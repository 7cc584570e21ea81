import { ConfigStore } from '../../../config/store.js';
import type { Runtime } from '../../kit/runtime.js';

export async function runAuthLogout(rt: Runtime): Promise<void> {
  rt.requireConfigFile();
  const { store } = await ConfigStore.read(rt.io.env);
  const removed = store?.unset(rt.settings.profile, 'api-key') ?? false;
  rt.note(removed ? `Removed the API key of profile '${rt.settings.profile}'.` : `Profile '${rt.settings.profile}' has no stored API key.`);
  if (rt.io.env.TIX_API_KEY) rt.warn('TIX_API_KEY is still set in the environment');
}
