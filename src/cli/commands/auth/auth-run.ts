import { ApiError, NotTheApiError } from '../../../api/errors.js';
import { confirmTheApi } from '../../../api/identity.js';
import type { ApiClient } from '../../../api/client.js';
import { ConfigStore } from '../../../config/store.js';
import { ExitCode, TixError, UsageError } from '../../../shared/errors.js';
import { promptSecret } from '../../kit/prompt-secret.js';
import { readAll } from '../../kit/read-all.js';
import type { Runtime } from '../../kit/runtime.js';

export interface AuthLoginOptions {
  withKey: boolean;
}

/** Shows which key is in use without showing the key. */
export function maskKey(key: string): string {
  return key.length <= 8 ? '****' : `****${key.slice(-4)}`;
}

/** Under --sandbox, login and logout would change the real profile's key for nothing: the sandbox needs none. */
function refuseUnderSandbox(rt: Runtime, command: string, what: string): void {
  if (rt.globals.sandbox) throw new UsageError(`--sandbox: auth ${command} ${what}; the sandbox needs none`);
}

export async function runAuthLogin(options: AuthLoginOptions, rt: Runtime): Promise<void> {
  refuseUnderSandbox(rt, 'login', 'stores keys for the real API');
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
    if (error instanceof TixError && (error.exitCode === ExitCode.AUTH || error instanceof NotTheApiError)) throw new TixError(`${error.message}; nothing was stored`, error.exitCode);
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

export interface AuthStatusOptions {
  json: boolean;
}

export async function runAuthStatus(options: AuthStatusOptions, rt: Runtime): Promise<number> {
  // The sandbox needs nothing from the file; otherwise the status is the stored profile's.
  if (!rt.globals.sandbox) rt.requireConfigFile();
  const { settings } = rt;
  const baseUrl = rt.globals.sandbox ? await rt.baseUrl() : settings.values['base-url'];
  const status: Record<string, string | null> = {
    profile: settings.profile,
    baseUrl: baseUrl ?? null,
    baseUrlSource: rt.globals.sandbox ? 'sandbox' : baseUrl ? sourceName(settings.sources['base-url']) : null,
    apiKey: settings.apiKey ? maskKey(settings.apiKey) : null,
    apiKeySource: settings.apiKeySource === 'env' ? 'TIX_API_KEY' : settings.apiKeySource === 'profile' ? 'profile' : null,
    state: 'unchecked',
    message: null,
  };

  let exitCode: number = ExitCode.OK;
  if (rt.globals.sandbox) {
    status.apiKey = null;
    status.apiKeySource = null;
    status.state = 'sandbox';
    status.message = 'the sandbox needs no key';
  } else if (!settings.apiKey) {
    status.state = 'no-key';
    status.message = `no key: run 'tix auth login' or set TIX_API_KEY`;
    exitCode = ExitCode.AUTH;
  } else if (!baseUrl) {
    status.state = 'no-base-url';
    status.message = "no base URL: run 'tix config set base-url <url>' or set TIX_BASE_URL";
    exitCode = ExitCode.USAGE;
  } else {
    const client = await rt.clientWithKey(baseUrl, settings.apiKey);
    try {
      await checkKey(client);
      status.state = 'ok';
      status.message = 'key accepted';
    } catch (error) {
      if (!(error instanceof TixError)) throw error;
      status.state = error.exitCode === ExitCode.AUTH ? 'rejected' : error instanceof NotTheApiError ? 'not-the-api' : 'unreachable';
      status.message = error.message;
      exitCode = error.exitCode;
    } finally {
      await client.close();
    }
  }

  if (options.json) {
    rt.io.stdout.write(`${JSON.stringify(status)}\n`);
  } else {
    const lines = [
      ['profile', status.profile],
      ['base URL', status.baseUrl ? `${status.baseUrl} (${status.baseUrlSource})` : 'not set'],
      ['API key', status.apiKey ? `${status.apiKey} (${status.apiKeySource})` : 'none'],
      ['status', status.message],
    ];
    rt.io.stdout.write(lines.map(([k, v]) => `${`${k}:`.padEnd(10)} ${v}\n`).join(''));
  }
  return exitCode;
}

export async function runAuthLogout(rt: Runtime): Promise<void> {
  refuseUnderSandbox(rt, 'logout', 'removes the key of the real API');
  rt.requireConfigFile();
  const { store } = await ConfigStore.read(rt.io.env);
  const removed = store?.unset(rt.settings.profile, 'api-key') ?? false;
  rt.note(removed ? `Removed the API key of profile '${rt.settings.profile}'.` : `Profile '${rt.settings.profile}' has no stored API key.`);
  if (rt.io.env.TIX_API_KEY) rt.warn('TIX_API_KEY is still set in the environment');
}

/**
 * One cheap request: a single event. The key is accepted only when the answer is the API's documented
 * JSON (identity.ts): a 404, or another server's page, proves nothing about it.
 */
async function checkKey(client: ApiClient): Promise<void> {
  try {
    await confirmTheApi(client);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      throw new TixError(`the API did not accept this key (HTTP ${error.status})`, ExitCode.AUTH);
    }
    throw error;
  }
}

function sourceName(source: string): string {
  return source === 'env' ? 'TIX_BASE_URL' : source === 'flag' ? '--base-url' : source;
}

async function askForKey(rt: Runtime): Promise<string> {
  const stdin = rt.io.stdin as NodeJS.ReadStream;
  if (!stdin.isTTY || typeof stdin.setRawMode !== 'function') {
    throw new UsageError('no terminal to ask for the key: pipe it in with --with-key (tix auth login --with-key < key.txt)');
  }
  return (await promptSecret('API key (input hidden): ', stdin, rt.io.stderr)).trim();
}
