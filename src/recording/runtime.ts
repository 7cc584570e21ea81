import type { ResolvedSettings } from '../config/settings.js';

/**
 * What recording (track and watch --record: event records, batch writes, alert delivery) needs of a run: the
 * part of the command line's Runtime (src/cli/kit/runtime.ts) it uses, which that Runtime satisfies. Defined
 * here so that this layer, below the command line, does not import it.
 */
export interface Runtime {
  readonly settings: Pick<ResolvedSettings, 'values' | 'sources' | 'apiKey'>;
  readonly io: { readonly env: NodeJS.ProcessEnv; readonly stderr: NodeJS.WritableStream; now(): Date };
  readonly signal: AbortSignal;
  note(message: string): void;
  warn(message: string): void;
  trace(line: string): void;
  /** Runs `task` when the run is stopped (Ctrl-C, SIGTERM) before it exits; the returned function withdraws it. */
  whenStopped(task: () => Promise<void>): () => void;
  /** Told once a history store is open (its database's library loaded), to make room for it. */
  storeOpened?(kind: 'duckdb' | 'postgres'): void;
}
