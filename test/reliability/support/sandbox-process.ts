/**
 * `tix sandbox` in its own process, as a load test needs it: the server's memory is then its own, not
 * mixed with the load generator's, and it is the built binary that is measured.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cleanEnv, REPO_ROOT, TIX_BIN } from '../../helpers/tix-env.js';

/** Answers 'heap' messages with the memory in use after a full garbage collection. */
const HEAP_PROBE = fileURLToPath(new URL('../../fixtures/heap-probe.cjs', import.meta.url));

export interface SandboxProcess {
  url: string;
  pid: number;
  /** Resident memory of the sandbox process now, in bytes (Linux /proc). */
  rss(): number;
  /** Bytes of JavaScript heap in use after a full garbage collection: live memory only. */
  liveHeap(): Promise<number>;
  /** Stops it (SIGTERM) and resolves when it has exited. */
  stop(): Promise<void>;
}

export async function startSandboxProcess(args: readonly string[]): Promise<SandboxProcess> {
  const child: ChildProcess = fork(TIX_BIN, ['sandbox', ...args], {
    cwd: REPO_ROOT,
    env: cleanEnv(),
    execPath: process.execPath,
    execArgv: ['--expose-gc', '--require', HEAP_PROBE],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`tix sandbox did not start: ${text}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`tix sandbox exited (${code}): ${text}`)));
  });
  return {
    url,
    pid: child.pid!,
    rss: () => {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return Number(kb?.[1] ?? Number.NaN) * 1024;
    },
    liveHeap: () =>
      new Promise<number>((resolve, reject) => {
        const onMessage = (message: { heap?: NodeJS.MemoryUsage }) => {
          if (!message.heap) return;
          child.off('message', onMessage);
          resolve(message.heap.heapUsed);
        };
        child.on('message', onMessage);
        child.send('heap', (error) => error && reject(error));
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
