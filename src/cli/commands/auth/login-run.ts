import { NotTheApiError } from '../../../api/errors.js';
import { ConfigStore } from '../../../config/store.js';
import { ExitCode, TixError, UsageError } from '../../../shared/errors.js';
import { promptSecret } from '../../kit/prompt-secret.js';
import { readAll } from '../../kit/read-all.js';
import type { Runtime } from '../../kit/runtime.js';
import { maskKey, checkKey } from './api-key.js';

export interface AuthLoginOptions {
  withKey: boolean;
}

export async function runAuthLogin(options: AuthLoginOptions, rt: Runtime): Promise<void> {
  // Before asking for the key: a file tix cannot use cannot store it either.
  rt.requireConfigFile();
  const key = options.withKey ? (await readAll(rt.io.stdin)).trim() : await askForKey(rt);
  if (key === '') throw new UsageError('no API key given (empty input)');
  if (/[\s\u0000-\u001f\u007f]/.test(key) || key.length > 1024) {
    throw new UsageError('that does not look like an API key (it has spaces or control characters, or is too long)');
  }

  const baseUrl = await rt.baseUrl();
  const client = await rt.clientWithKey(baseUrl, key);
  try {
    await checkKey(client);
  } catch (error) {
    if (error instanceof TixError && (error.exitCode === ExitCode.AUTH || error instanceof NotTheApiError))
      throw new TixError(`${error.message}; nothing was stored`, error.exitCode);
    throw error;
  } finally {
    await client.close();
  }

  const store = await ConfigStore.forWriting(rt.io.env);
  store.set(rt.settings.profile, 'api-key', key);
  if (rt.settings.sources['base-url'] === 'flag') store.set(rt.settings.profile, 'base-url', baseUrl);
  rt.note(`Logged in: key ${maskKey(key)} checked against ${baseUrl} and stored in profile '${rt.settings.profile}' (${store.path}).`);
  if (rt.io.env.TIX_API_KEY) rt.warn('TIX_API_KEY is set and takes precedence over the stored key');
}

async function askForKey(rt: Runtime): Promise<string> {
  const stdin = rt.io.stdin as NodeJS.ReadStream;
  if (!stdin.isTTY || typeof stdin.setRawMode !== 'function') {
    throw new UsageError('no terminal to ask for the key: pipe it in with --with-key (tix auth login --with-key < key.txt)');
  }
  return (await promptSecret('API key (input hidden): ', stdin, rt.io.stderr)).trim();
}
