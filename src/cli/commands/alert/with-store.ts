import type { HistoryStore } from '../../../store/store.js';
import { checkHistoryFolder, historyLocation, openHistoryStore } from '../../../recording/history-store.js';
import type { Runtime } from '../../kit/runtime.js';

/** The run's history store (--db, TIX_DB, the db setting, the default file), open for `body` only. */
export async function withAlertStore<T>(
  rt: Runtime,
  flags: { lockTimeoutSeconds: number; schema?: string; readOnly?: boolean; existing?: boolean },
  body: (store: HistoryStore) => Promise<T>,
): Promise<T> {
  const location = await historyLocation(rt);
  await checkHistoryFolder(rt, location);
  const store = await openHistoryStore(rt, location, flags);
  try {
    return await body(store);
  } finally {
    await store.close();
  }
}
