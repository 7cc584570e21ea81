import type { Sink } from '../../src/output/index.js';

/** A sink that keeps what it is given, and counts writes (writers promise one per batch). */
export interface MemorySink extends Sink {
  readonly text: string;
  readonly chunks: readonly string[];
}

export function memorySink(): MemorySink {
  const chunks: string[] = [];
  let state: 'open' | 'committed' | 'aborted' = 'open';
  return {
    get text() {
      return chunks.join('');
    },
    chunks,
    get closed() {
      return state !== 'open';
    },
    async write(chunk) {
      if (state !== 'open') throw new Error(`write after ${state}`);
      if (typeof chunk !== 'string') throw new Error('memorySink keeps text; write bytes to a file sink');
      chunks.push(chunk);
    },
    async commit() {
      state = 'committed';
    },
    async abort() {
      state = 'aborted';
    },
  };
}
