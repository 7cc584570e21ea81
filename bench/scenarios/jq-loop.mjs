/**
 * Scenario 8, issue 39: `--jq` in a script's loop, against piping tix's output into the jq on the PATH, with
 * 50 ms added to every response. One query: `tix events search --limit 50 --jq '.events[].id'` beside
 * `tix ... -o json | jq -r '.events[].id'` (goal ≤ 1.2 ×), and the CPU time --jq adds to the same command
 * without it (goal ≤ 50 ms; GNU time's user + system). A whole export of 200 pages: `--all --page-size 100
 * --jq '.events[] | [.id, .name] | @tsv'` beside `-o ndjson | jq -r '[.id, .name] | @tsv'` (goal ≤ 1.1 ×).
 * Without jq installed the pipes are skipped, with the reason.
 */
import { spawnSync } from 'node:child_process';
import { count, figureRow, ratioRow, timeRow } from '../rows.mjs';
import { BENCH_NODE, nodeCommand } from '../measure.mjs';
import { withSandbox } from '../sandbox-process.mjs';

const ONE_QUERY_GOAL = 1.2;
const ADDED_CPU_GOAL_MS = 50;
const EXPORT_GOAL = 1.1;

export async function jqLoop(ctx) {
  return [...(await oneQuery(ctx)), ...(await wholeExport(ctx))];
}

async function oneQuery(ctx) {
  const { events, limit, latencyMs, warmup, runs } = ctx.sizes.jqQuery;
  return withSandbox({ ...ctx.sandboxBase, events, latencyMs }, async (sandbox) => {
    const env = ctx.tixEnv(sandbox);
    const search = [ctx.tixBin, 'events', 'search', '--limit', String(limit)];
    const filter = '.events[].id';
    // `rss` times the command with GNU time, which gives its CPU time too.
    const plain = nodeCommand(`tix events search --limit ${limit} -o json`, [...search, '-o', 'json'], { env, rss: true });
    const tix = nodeCommand(`tix events search --limit ${limit} --jq '${filter}'`, [...search, '--jq', filter], { env, rss: true });
    const pipe = pipeInto(
      ctx,
      env,
      `tix events search --limit ${limit} -o json | jq -r '${filter}'`,
      [...search, '-o', 'json'],
      `-r '${filter}'`,
    );
    if (pipe) sameOutput(ctx, env, [...search, '--jq', filter], pipe);
    const [plainResult, tixResult, pipeResult] = await ctx.measure(pipe ? [plain, tix, pipe] : [plain, tix], { warmup, runs });
    const added =
      tixResult.medianCpuMs !== undefined && plainResult.medianCpuMs !== undefined
        ? tixResult.medianCpuMs - plainResult.medianCpuMs
        : undefined;
    return [
      timeRow(plainResult, `the same query without --jq; CPU ${cpu(plainResult)}`),
      pipeResult ? timeRow(pipeResult, `the jq on the PATH; CPU ${cpu(pipeResult)}`) : skipped(`tix ... | jq -r '${filter}'`),
      pipeResult
        ? ratioRow(tixResult, pipeResult, ONE_QUERY_GOAL, `${latencyMs} ms of latency; CPU ${cpu(tixResult)}`)
        : timeRow(tixResult, `CPU ${cpu(tixResult)}`),
      added === undefined
        ? { label: 'CPU time --jq adds to one query', note: 'skipped: GNU time is not installed' }
        : figureRow(
            'CPU time --jq adds to one query',
            `${added.toFixed(0)} ms`,
            `≤ ${ADDED_CPU_GOAL_MS} ms`,
            added <= ADDED_CPU_GOAL_MS,
            'medians of user + system',
          ),
    ];
  });
}

async function wholeExport(ctx) {
  const { events, pageSize, latencyMs, warmup, runs } = ctx.sizes.jqPages;
  return withSandbox({ ...ctx.sandboxBase, events, latencyMs }, async (sandbox) => {
    const env = ctx.tixEnv(sandbox);
    const search = [ctx.tixBin, 'events', 'search', '--all', '--page-size', String(pageSize)];
    const filter = '.events[] | [.id, .name] | @tsv';
    const pages = Math.ceil(events / pageSize);
    const tix = nodeCommand(
      `tix events search --all --page-size ${pageSize} --jq '${filter}' (${count(pages)} pages)`,
      [...search, '--jq', filter],
      {
        env,
        rss: true,
      },
    );
    const pipe = pipeInto(
      ctx,
      env,
      `tix ... -o ndjson | jq -r '[.id, .name] | @tsv'`,
      [...search, '-o', 'ndjson'],
      `-r '[.id, .name] | @tsv'`,
    );
    if (pipe) sameOutput(ctx, env, [...search, '--jq', filter], pipe);
    const [tixResult, pipeResult] = await ctx.measure(pipe ? [tix, pipe] : [tix], { warmup, runs });
    return [
      pipeResult ? timeRow(pipeResult, `the jq on the PATH over ndjson; CPU ${cpu(pipeResult)}`) : skipped(`tix ... -o ndjson | jq -r ...`),
      pipeResult
        ? ratioRow(tixResult, pipeResult, EXPORT_GOAL, `${count(events)} events, ${latencyMs} ms of latency; CPU ${cpu(tixResult)}`)
        : timeRow(tixResult, `CPU ${cpu(tixResult)}`),
    ];
  });
}

/** `tix <args> | jq <jqArgs>`, or nothing without jq on the PATH. */
function pipeInto(ctx, env, label, args, jqArgs) {
  if (!ctx.hasJq) return undefined;
  const command = ctx.shell(label, `set -o pipefail; ${BENCH_NODE} ${quoted(args)} | jq ${jqArgs}`);
  command.env = env;
  command.rss = true;
  return command;
}

/** Runs tix --jq and the pipe once each and checks that they print the same bytes. */
function sameOutput(ctx, env, tixArgs, pipe) {
  const run = (argv) => {
    const result = spawnSync(argv[0], argv.slice(1), { cwd: ctx.workDir, env: { ...ctx.runOptions().env, ...env }, maxBuffer: 1 << 30 });
    if (result.status !== 0) throw new Error(`--jq check: ${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
    return result.stdout;
  };
  const fromTix = run([BENCH_NODE, ...tixArgs]);
  const fromPipe = run(pipe.argv);
  if (!fromTix.equals(fromPipe)) throw new Error(`--jq check: tix --jq and ${pipe.label} printed different output`);
  ctx.log(`  --jq: tix --jq and ${pipe.label} printed the same ${count(fromTix.toString('utf8').split('\n').length - 1)} lines`);
}

function cpu(result) {
  return result.medianCpuMs === undefined ? 'not measured' : `${result.medianCpuMs.toFixed(0)} ms`;
}

function skipped(label) {
  return { label, note: 'skipped: jq is not installed' };
}

function quoted(argv) {
  return argv.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
}
