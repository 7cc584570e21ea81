import { NotTheApiError } from '../../../api/errors.js';
import { ExitCode, TixError } from '../../../shared/errors.js';
import type { Runtime } from '../../kit/runtime.js';
import { maskKey, checkKey } from './api-key.js';

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

function sourceName(source: string): string {
  return source === 'env' ? 'TIX_BASE_URL' : source === 'flag' ? '--base-url' : source;
}
