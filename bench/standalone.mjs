// One query from the standalone archive against the same query from the npm package, on the same Node.js line
// (24, the one the archive carries): `node bench/standalone.mjs [--runs N]`, after `npm run release`.
// It installs release/tix-<version>.tgz with Node 24's npm into a fresh prefix and unpacks the archive (both
// timed), starts a sandbox (2,000 events, no added latency) and runs scenario 2's query
// (`tix events search --page-size 50 -o json`) with each, interleaved round after round after warm-up rounds
// (which write each one's code cache): the medians of wall-clock and CPU (user + system) time. The goal (issue 26): the archive's at most 1.1x the npm install's. BENCHMARKS.md has the figures.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBinary } from '../scripts/release/node-binary.mjs';
import { startSandboxProcess } from './sandbox-process.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const release = join(repo, 'release');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 40;
const warmup = 3;
const node = await nodeBinary(24);
const work = mkdtempSync(join(tmpdir(), 'tix-bench-standalone-'));

try {
  const files = readdirSync(release);
  const tarball = join(
    release,
    files.find((file) => /^tix-[\d.]+\.tgz$/.test(file)),
  );
  const archive = join(
    release,
    files.find((file) => file.endsWith('-linux-x64.tar.gz')),
  );
  const prefix = join(work, 'prefix');
  const installMs = timed(() =>
    execFileSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', tarball], {
      env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}`, HOME: join(work, 'npm-home') },
      stdio: 'ignore',
    }),
  );
  const unpackMs = timed(() => execFileSync('tar', ['-xzf', archive, '-C', work]));
  const standalone = join(
    work,
    readdirSync(work).find((name) => name.startsWith('tix-')),
    'bin',
    'tix',
  );
  console.log(`npm install -g of ${tarball.split('/').pop()} (${mb(tarball)}): ${(installMs / 1000).toFixed(1)} s`);
  console.log(`tar -xzf of ${archive.split('/').pop()} (${mb(archive)}): ${(unpackMs / 1000).toFixed(1)} s`);

  const sandbox = await startSandboxProcess({ repo, tixBin: join(repo, 'bin', 'tix'), events: 2000, latencyMs: 0 });
  try {
    // A HOME that exists: tix keeps its code caches there (without them both would compile every run).
    mkdirSync(join(work, 'home'));
    const env = { PATH: '/nonexistent', HOME: join(work, 'home'), TIX_BASE_URL: sandbox.url, TIX_API_KEY: 'sandbox-key', TZ: 'UTC' };
    const query = ['events', 'search', '--page-size', '50', '-o', 'json'];
    const commands = [
      { label: 'node -e 0 (Node 24)', argv: [node, '-e', '0'] },
      { label: 'npm install, Node 24', argv: [node, join(prefix, 'bin', 'tix'), ...query] },
      { label: 'standalone archive', argv: [standalone, ...query] },
    ];
    const samples = commands.map(() => []);
    for (let round = 0; round < warmup + runs; round++) {
      for (const [i, command] of commands.entries()) {
        const sample = measure(command.argv, env);
        if (round >= warmup) samples[i].push(sample);
      }
    }
    const medians = samples.map((list) => ({ wall: median(list.map((s) => s.wall)), cpu: median(list.map((s) => s.cpu)) }));
    console.log(`\n${runs} rounds after ${warmup} warm-up rounds; load average ${readLoad()}`);
    console.log('| | wall | CPU (user + system) |\n|---|--:|--:|');
    for (const [i, command] of commands.entries()) console.log(`| ${command.label} | ${medians[i].wall} ms | ${medians[i].cpu} ms |`);
    const [, npm, sea] = medians;
    console.log(`| standalone / npm | ${(sea.wall / npm.wall).toFixed(2)}x | ${(sea.cpu / npm.cpu).toFixed(2)}x |`);
  } finally {
    await sandbox.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * One run: wall-clock milliseconds, and the CPU milliseconds of the process, which bash's `times` reports (its
 * children's user and system time) to the millisecond. stdout goes to /dev/null.
 */
function measure(argv, env) {
  const started = performance.now();
  const result = spawnSync('/bin/bash', ['-c', 'code=0; "$@" >/dev/null || code=$?; times; exit $code', 'bash', ...argv], {
    env,
    encoding: 'utf8',
  });
  const wall = performance.now() - started;
  if (result.status !== 0) throw new Error(`${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
  const children = result.stdout.trim().split('\n').pop();
  const [user, system] = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60_000 + Number(m[2]) * 1000);
  return { wall, cpu: user + system };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] * 10) / 10;
}

function timed(run) {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function mb(file) {
  return `${(statSync(file).size / 1e6).toFixed(1)} MB`;
}

function readLoad() {
  return execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ')[0];
}
