// The API key as the auth verbs handle it: shown masked, checked with one request.
import { ApiError } from '../../../api/errors.js';
import { confirmTheApi } from '../../../api/identity.js';
import type { ApiClient } from '../../../api/client.js';
import { ExitCode, TixError } from '../../../shared/errors.js';

/** Shows which key is in use without showing the key. */
export function maskKey(key: string): string {
  return key.length <= 8 ? '****' : `****${key.slice(-4)}`;
}

/**
 * One cheap request: a single event. The key is accepted only when the answer is the API's documented
 * JSON (identity.ts): a 404, or another server's page, proves nothing about it.
 */
export async function checkKey(client: ApiClient): Promise<void> {
  try {
    await confirmTheApi(client);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      throw new TixError(`the API did not accept this key (HTTP ${error.status})`, ExitCode.AUTH);
    }
    throw error;
  }
}
