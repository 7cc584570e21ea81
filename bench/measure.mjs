/**
 * Runs commands as separate processes and times them: wall-clock time from spawn to exit, and (on request)
 * the peak RSS of exactly that process. Commands are run interleaved, round after round (A B C, A B C, ...),
 * so a burst of load from elsewhere on the machine hits every command alike instead of skewing one of them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('./max-rss.cjs', import.meta.url));
const RSS_FILE_ENV = 'TIX_BENCH_RSS_FILE';

/**
 * How peak RSS is read. GNU time reports ru_maxrss of the one process it runs; where it is missing (a fresh
 * container, macOS) a preloaded probe reports Node's own process.resourceUsage().maxRSS at exit.
 * TIX_BENCH_RSS_PROBE=1 chooses the probe even where GNU time exists (to test it).
 */
export const RSS_METHOD =
  hasGnuTime() && !process.env.TIX_BENCH_RSS_PROBE ? 'GNU time (%M)' : 'process.resourceUsage().maxRSS via --require probe';

function hasGnuTime() {
  if (!existsSync('/usr/bin/time')) return false;
  const probe = spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8' });
  return probe.status === 0 && /^\d+\s*$/.test(probe.stderr.trim().split('\n').pop() ?? '');
}

/**
 * The Node.js that runs tix and the `node -e 0` floor: this one, or TIX_BENCH_NODE (a path), to measure on
 * another release line (`TIX_BENCH_NODE=~/.cache/tix-node/22/.../bin/node node bench/run.mjs --only 2`).
 */
export const BENCH_NODE = process.env.TIX_BENCH_NODE || process.execPath;

/**
 * A command to measure. `node: true` means argv runs under BENCH_NODE (the probe can then be preloaded);
 * otherwise argv[0] is an executable, e.g. bash for a curl | jq pipeline.
 */
export function nodeCommand(label, args, options = {}) {
  return { label, node: true, argv: args, ...options };
}

export function shellCommand(label, script, options = {}) {
  return { label, node: false, argv: ['bash', '-c', script], script, ...options };
}

/** Times one run; `rss` adds the peak RSS in KB. Rejects on a non-zero exit, a signal or the timeout. */
export function runOnce(command, { env, cwd, timeoutMs, rss = false }) {
  const scratch = rss ? mkdtempSync(join(tmpdir(), 'tix-bench-rss-')) : undefined;
  const rssFile = scratch ? join(scratch, 'maxrss') : undefined;
  const { file, args, childEnv } = launch(command, env, rssFile);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let elapsed = 0;
    let stdoutBytes = 0;
    const stderr = [];
    const child = spawn(file, args, { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    // stdout is a pipe, as it is for `tix ... | jq`; it is drained and only counted.
    child.stdout.on('data', (chunk) => (stdoutBytes += chunk.length));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', () => (elapsed = performance.now() - started));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const { peakKb, cpuMs } = rssFile ? readTimeFile(rssFile) : {};
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      // A command may be meant to fail (a page beyond the bound: one line, exit 1): `expectExit` says so.
      if (code !== (command.expectExit ?? 0)) {
        const why = signal ? `was killed (${signal}${signal === 'SIGKILL' ? `, over ${timeoutMs} ms?` : ''})` : `exited ${code}`;
        reject(new Error(`${command.label} ${why}:\n${Buffer.concat(stderr).toString('utf8').slice(-2000)}`));
        return;
      }
      resolve({
        ms: elapsed,
        stdoutBytes,
        stderr: Buffer.concat(stderr).toString('utf8'),
        ...(peakKb !== undefined ? { peakKb } : {}),
        ...(cpuMs !== undefined ? { cpuMs } : {}),
      });
    });
  });
}

function launch(command, env, rssFile) {
  const childEnv = { ...env, ...command.env };
  let argv = command.node ? [BENCH_NODE, ...command.argv] : [...command.argv];
  if (rssFile) {
    if (RSS_METHOD.startsWith('GNU')) {
      // Peak RSS, and the CPU time (user + system) of the command and what it waited for (a pipeline's every process).
      argv = ['/usr/bin/time', '-f', '%M %U %S', '-o', rssFile, ...argv];
    } else {
      if (!command.node) throw new Error(`${command.label}: peak RSS without GNU time needs a Node command`);
      argv = [BENCH_NODE, '--require', PROBE, ...command.argv];
      childEnv[RSS_FILE_ENV] = rssFile;
    }
  }
  return { file: argv[0], args: argv.slice(1), childEnv };
}

/** GNU time's `%M %U %S` (the probe writes the peak alone): the peak RSS in KB and, with GNU time, the CPU time in ms. */
function readTimeFile(file) {
  const [peak, user, system] = (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').pop() : '').split(' ').map(Number);
  const cpuMs = user !== undefined && system !== undefined && Number.isFinite(user + system) ? (user + system) * 1000 : undefined;
  return { peakKb: Number.isFinite(peak) && peak > 0 ? peak : undefined, ...(cpuMs !== undefined ? { cpuMs } : {}) };
}

/**
 * Warm-up rounds (not counted: they fill the page cache and any compile cache), then `runs` rounds of
 * every command in turn. Returns per-command statistics, in the order given.
 */
export async function measureInterleaved(commands, { warmup, runs, env, cwd, timeoutMs, onRun }) {
  const samples = commands.map(() => ({ ms: [], peakKb: [], cpuMs: [] }));
  for (let round = 0; round < warmup + runs; round++) {
    for (const [i, command] of commands.entries()) {
      const result = await runOnce(command, { env, cwd, timeoutMs, rss: command.rss === true });
      onRun?.(command, result, round < warmup);
      if (round < warmup) continue;
      samples[i].ms.push(result.ms);
      if (result.peakKb !== undefined) samples[i].peakKb.push(result.peakKb);
      if (result.cpuMs !== undefined) samples[i].cpuMs.push(result.cpuMs);
    }
  }
  return commands.map((command, i) => ({
    label: command.label,
    command,
    medianMs: median(samples[i].ms),
    minMs: Math.min(...samples[i].ms),
    maxMs: Math.max(...samples[i].ms),
    runs: samples[i].ms.length,
    // The worst peak of all runs, so the figure is an upper bound rather than a typical value.
    ...(samples[i].peakKb.length > 0 ? { peakMb: Math.max(...samples[i].peakKb) / 1024 } : {}),
    ...(samples[i].cpuMs.length > 0 ? { medianCpuMs: median(samples[i].cpuMs) } : {}),
  }));
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
