import { spawn } from 'node:child_process';

export interface ShellResult {
  /** The script's exit status (null if it was killed). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a bash script (pipelines, redirections, FIFOs: what a user's shell does around tix) in its own process
 * group. A script still running after `timeoutMs` is killed with everything it started, so a test that fails
 * by hanging leaves no tix or reader behind; the result then says so in stderr.
 */
export function runShell(script: string, options: { cwd: string; env: Record<string, string>; timeoutMs?: number }): Promise<ShellResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, options.timeoutMs ?? 25_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const err = Buffer.concat(stderr).toString('utf8');
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: timedOut ? `${err}\n(the script did not end by itself and was killed)` : err,
      });
    });
  });
}
