// tix run as its own process against a sandbox in this process, with a history of its own in `work`: how
// the docs' pictures (render-chart-png.mjs, render-report.mjs) record their histories and draw them.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root } from './bundle-tree.mjs';

/** `tix(args, extraEnv)`, resolving once it has exited 0. */
export function sandboxTix(sandboxUrl, work) {
  const env = {
    ...process.env,
    TIX_BASE_URL: sandboxUrl,
    TIX_API_KEY: 'sandbox-key',
    TIX_DB: join(work, 'history.duckdb'),
    TZ: 'UTC',
    HOME: work,
    NO_COLOR: '1',
  };
  // Asynchronous: the sandbox answers from this process, so it must not be blocked while tix runs.
  const run = promisify(execFile);
  return (args, extra = {}) => run(process.execPath, [join(root, 'bin', 'tix'), ...args], { env: { ...env, ...extra } });
}
