/**
 * The sandbox for a scenario, in its own process (`tix sandbox`), so the peak RSS and CPU of the tix run
 * being measured never include the server's. Always on 127.0.0.1, on a free port.
 */
import { spawn } from 'node:child_process';

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;
const running = new Set();

// However the benchmark ends, it leaves no server behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `tix sandbox` and resolves once it listens: { url, largeSalesEventId?, stop() }. */
export function startSandboxProcess({ repo, tixBin, events, latencyMs, largeSales }) {
  const args = [tixBin, 'sandbox', '--port', '0', '--events', String(events), '--latency', String(latencyMs)];
  if (largeSales) args.push('--large-sales', String(largeSales));
  const child = spawn(process.execPath, args, {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  running.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  exited.then(() => running.delete(child));

  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error(`the sandbox did not start within ${START_TIMEOUT_MS / 1000}s`)), START_TIMEOUT_MS);
    function fail(error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    }
    child.on('error', fail);
    exited.then((code) => fail(new Error(`the sandbox exited (${code}) before it listened:\n${text}`)));
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
      // The banner is written in one piece; wait for its last line so every field of it is in.
      if (!url || !/Ctrl-C/.test(text)) return;
      clearTimeout(timer);
      const largeSalesEventId = /large sales event[^:]*:\s*(\S+)/.exec(text)?.[1];
      if (largeSales && !largeSalesEventId) return fail(new Error(`the sandbox did not name its large-sales event:\n${text}`));
      resolve({
        url,
        ...(largeSalesEventId ? { largeSalesEventId } : {}),
        async stop() {
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}

/** Runs `body(sandbox)` with a sandbox that is stopped afterwards, whatever happens. */
export async function withSandbox(options, body) {
  const sandbox = await startSandboxProcess(options);
  try {
    return await body(sandbox);
  } finally {
    await sandbox.stop();
  }
}
