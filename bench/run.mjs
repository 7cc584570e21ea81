#!/usr/bin/env node
/**
 * `npm run bench`: tix against `node -e 0` and against curl | jq, each scenario with its own sandbox in a
 * separate process on 127.0.0.1. Prints a table of medians and ratios with the goals of issue 7 and writes
 * it to BENCHMARKS.md. `--quick` runs the same scenarios at toy sizes (for CI: nothing is asserted about
 * time, but every command must succeed and both sides must write the same rows).
 *
 * Options: --quick, --runs <n> (timed runs per command), --only <1,3,...> (scenarios), --no-write.
 * TIX_BENCH_NODE=<path to node> runs tix and `node -e 0` on that Node.js (measure.mjs).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, type } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_NODE, RSS_METHOD, measureInterleaved, runOnce, shellCommand } from './measure.mjs';
import { generatedSection, resultsTable, writeBenchmarksFile } from './report.mjs';
import { alerts } from './scenarios/alerts.mjs';
import { bigSales } from './scenarios/big-sales.mjs';
import { bulkExport } from './scenarios/bulk-export.mjs';
import { history } from './scenarios/history.mjs';
import { historyAtScale } from './scenarios/history-at-scale.mjs';
import { jqFilter } from './scenarios/jq.mjs';
import { jqLoop } from './scenarios/jq-loop.mjs';
import { memory } from './scenarios/memory.mjs';
import { reportAtScale } from './scenarios/report-at-scale.mjs';
import { eventsView } from './scenarios/events-view.mjs';
import { inventory } from './scenarios/inventory.mjs';
import { oneQuery } from './scenarios/one-query.mjs';
import { startup } from './scenarios/startup.mjs';
import { FULL, QUICK } from './sizes.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const API_KEY = 'sandbox-key';

const SCENARIOS = [
  { id: 1, title: '1. start-up', run: startup },
  { id: 2, title: '2. one query', run: oneQuery },
  { id: 3, title: '3. bulk export', run: bulkExport },
  { id: 4, title: '4. inventory', run: inventory },
  { id: 5, title: '5. big sales history', run: bigSales },
  { id: 6, title: '6. price history', run: history },
  { id: 7, title: '7. events view', run: eventsView },
  { id: 8, title: '8. --jq', run: async (ctx) => [...(await jqLoop(ctx)), ...(await jqFilter(ctx))] },
  { id: 9, title: '9. history at scale', run: historyAtScale },
  { id: 10, title: '10. alerts', run: alerts },
  { id: 11, title: '11. report at scale', run: reportAtScale },
  { id: 12, title: '12. memory in every output mode', run: memory },
];

const options = parseArgs(process.argv.slice(2));
const sizes = structuredClone(options.quick ? QUICK : FULL);
if (options.runs !== undefined) for (const size of Object.values(sizes)) if (size.runs !== undefined) size.runs = options.runs;

const workDir = mkdtempSync(join(tmpdir(), 'tix-bench-'));
mkdirSync(join(workDir, 'config'));
// The build as it is now, copied: a rebuild in the working tree during a run (tests build too) must not
// change, or remove, what is being measured. bin/tix and dist/ are all tix needs at run time.
const INSTALL = join(workDir, 'tix');
for (const part of ['bin', 'dist', 'package.json']) cpSync(join(REPO, part), join(INSTALL, part), { recursive: true });
// DuckDB is not bundled (a native addon): the copy finds it where an install would, in node_modules.
symlinkSync(join(REPO, 'node_modules'), join(INSTALL, 'node_modules'), 'dir');
const TIX_BIN = join(INSTALL, 'bin', 'tix');
const baseEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? workDir };
const tools = { curl: version('curl', ['--version']), jq: version('jq', ['--version']) };
const shellCommands = [];

const ctx = {
  tixBin: TIX_BIN,
  apiKey: API_KEY,
  workDir,
  sizes,
  baselines: Boolean(tools.curl && tools.jq),
  /** jq on the PATH, for scenario 8's `tix | jq` beside `tix --jq`. */
  hasJq: Boolean(tools.jq),
  sandboxBase: { repo: INSTALL, tixBin: TIX_BIN },
  log: (line) => process.stderr.write(`${line}\n`),
  runOptions: () => ({ env: baseEnv, cwd: workDir, timeoutMs: sizes.timeoutMs }),
  /** A fresh, empty config folder and the sandbox's address and key from the environment, as a script would run tix. */
  tixEnv: (sandbox) => ({ TIX_BASE_URL: sandbox.url, TIX_API_KEY: API_KEY, TIX_CONFIG_DIR: join(workDir, 'config'), TZ: 'UTC' }),
  shell(label, script) {
    const command = shellCommand(label, script);
    shellCommands.push(command);
    return command;
  },
  curlJq(label, url, program) {
    if (!ctx.baselines) return undefined;
    return ctx.shell(label, `set -o pipefail; curl -sf -H 'x-api-key: ${API_KEY}' '${url}' | jq '${program}'`);
  },
  skippedBaseline: (label) => ({ label, note: 'skipped: curl and jq are not both installed' }),
  measure(commands, { warmup, runs }) {
    ctx.log(`  ${commands.map((c) => c.label).join(' | ')}: ${warmup} warm-up + ${runs} runs`);
    return measureInterleaved(commands, {
      warmup,
      runs,
      ...ctx.runOptions(),
      onRun: (_c, _r, warm) => process.stderr.write(warm ? '·' : '•'),
    }).finally(() => process.stderr.write('\n'));
  },
};

const loadBefore = loadavg()[0];
const benchNode = spawnSync(BENCH_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
ctx.log(
  `tix benchmark${options.quick ? ' (--quick: toy sizes, figures not comparable with the goals)' : ''} on Node.js ${benchNode}; load average ${loadBefore.toFixed(2)}`,
);
if (!options.quick && loadBefore > 1) ctx.log('warning: the machine is busy (load average above 1); figures may be noisy');
if (!ctx.baselines) ctx.log('note: curl and jq are not both installed: the curl | jq baselines are skipped');
// Fails early, with tix's own message, if dist/ is missing or broken.
await runOnce({ label: 'tix --version', node: true, argv: [TIX_BIN, '--version'] }, ctx.runOptions());

const sections = [];
let failed = false;
try {
  for (const scenario of SCENARIOS.filter((s) => !options.only || options.only.includes(s.id))) {
    ctx.log(scenario.title);
    sections.push({ title: scenario.title, rows: await scenario.run(ctx) });
  }
} catch (error) {
  failed = true;
  ctx.log(`tix benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

// At toy sizes the goals do not apply: the goal column stays, the verdict goes.
if (options.quick) for (const row of sections.flatMap((s) => s.rows)) delete row.ok;
const table = resultsTable(sections);
process.stdout.write(`\n${table}\n`);
if (failed) process.exit(1);

const misses = sections.flatMap((s) => s.rows).filter((row) => row.ok === false).length;
if (options.quick) {
  ctx.log(
    `\n--quick: every scenario ran${ctx.baselines ? ' and both sides wrote the same rows' : ''} (times at toy sizes are not checked)`,
  );
} else {
  ctx.log(`\n${misses === 0 ? 'every goal met' : `${misses} goal(s) not met`}`);
  if (!options.write || options.only) ctx.log(`load average after: ${loadavg()[0].toFixed(2)}`);
  if (options.write && !options.only) {
    const machine = {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      node: benchNode,
      cpu: cpus()[0]?.model?.trim() ?? 'unknown CPU',
      cores: cpus().length,
      os: `${type()} ${release()}`,
      loadBefore: loadBefore.toFixed(2),
      loadAfter: loadavg()[0].toFixed(2),
    };
    const file = join(REPO, 'BENCHMARKS.md');
    writeBenchmarksFile(file, generatedSection({ machine, method: methodText(), table, commands: shellCommands }));
    ctx.log(`written to ${file}`);
  }
}

function methodText() {
  const s = sizes;
  return [
    `Each time is the median of several runs after warm-up runs (start-up ${s.startup.runs} after ${s.startup.warmup}; one query ${s.query.runs} after ${s.query.warmup};`,
    `bulk export ${s.bulk.runs} after ${s.bulk.warmup}; inventory ${s.inventory.runs} after ${s.inventory.warmup}; big sales ${s.sales.runs} after ${s.sales.warmup};`,
    `price history ${s.history.runs} after ${s.history.warmup}; events view ${s.view.runs} after ${s.view.warmup}; alerts ${s.alerts.runs} after ${s.alerts.warmup}),`,
    'with the commands of a scenario run in turn, round after round, so load from elsewhere hits them alike. A time is wall-clock',
    'from spawn to exit; stdout is a pipe the harness drains. Ratios divide medians of the same run. Peak RSS is of the tix',
    `process alone (${RSS_METHOD}), the worst of its runs: each scenario's sandbox is a separate \`tix sandbox\` process`,
    `(added latency: one query 0 ms, the others ${s.bulk.latencyMs} ms per response). Baselines: ${tools.curl ?? 'curl'}, ${tools.jq ?? 'jq'}, in bash.`,
    "Before timing, each baseline's output is checked against tix's: the same rows, value for value. Every command runs",
    'with a clean environment: PATH and HOME, and for tix TIX_BASE_URL, TIX_API_KEY, an empty TIX_CONFIG_DIR and TZ=UTC.',
  ].join('\n');
}

function version(tool, args) {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.status !== 0) return undefined;
  return (result.stdout.split('\n')[0] ?? tool).replace(/^curl (\S+).*$/, 'curl $1').trim();
}

function parseArgs(args) {
  const parsed = { quick: false, write: true, runs: undefined, only: undefined };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--quick') parsed.quick = true;
    else if (arg === '--no-write') parsed.write = false;
    else if (arg === '--runs') parsed.runs = positive(arg, args[++i]);
    else if (arg === '--only') parsed.only = (args[++i] ?? '').split(',').map((id) => positive(arg, id));
    else {
      process.stderr.write(`bench: unknown option ${arg}\nusage: npm run bench -- [--quick] [--runs n] [--only 1,3] [--no-write]\n`);
      process.exit(2);
    }
  }
  return parsed;
}

function positive(flag, text) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`bench: ${flag} needs a whole number above 0\n`);
    process.exit(2);
  }
  return n;
}
