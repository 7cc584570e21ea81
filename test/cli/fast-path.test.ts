/**
 * The fast path (dist/fast.cjs, src/cli/fast.ts) must be invisible. It runs the very actions the Commander
 * definitions run (the registry names them and says which may run fast; the build derives its table from the
 * same declarations), so what a second reader of argv can still get wrong is narrow:
 * - its reading of argv (kit/fast-argv.ts, by the table the build writes): checked in-process for every help
 *   example and every invocation of the bad-input tests, which it either declines or hands to the action
 *   exactly as Commander does (cheap, so all of them);
 * - its bundle: checked to hold no Commander to call, and, end to end, by running each of its commands, each
 *   flag its examples use (a flag may load code of its own: --jq's worker, --chart, -o parquet, --out) and
 *   each class of bad input (a usage error found by the action, a bad value from the environment, a value
 *   the API rejects, ids on stdin, a bad date, a hostile id) at least once;
 * - its wrapper around the action (stdout, stderr, exit codes): the same end-to-end cases.
 * Those cases run from the built binary with the fast path and with it turned off (TIX_NO_FAST_PATH=1) and
 * must print byte for byte the same stdout and stderr and exit alike. Every other case the fast path reads
 * differs from one of them only in a value both paths read alike (the in-process check) and hand to the same
 * action, which test/bad-input and the command tests check for every one; so running it twice proves nothing
 * more. Every help example still runs once here, through bash as the user types it, and must succeed (the
 * help-examples test leaves them to this file). And the fast path must be taken: a query of each of its
 * commands runs without the full bundle.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_VALUES, DATE_FLAGS, dateInvocations } from '../bad-input/date-cases.js';
import { ROWS } from '../bad-input/malformed-rows.js';
import { COMMANDS, HOSTILE } from '../bad-input/path-cases.js';
import type { Command } from 'commander';
import { fastTable } from '../../scripts/fast-table.mjs';
import { COMMANDS as REGISTRY } from '../../src/cli/commands/registry.js';
import { parseFastArgv, type ParsedArgv } from '../../src/cli/kit/fast-argv.js';
import { buildProgram, forEachCommand } from '../../src/cli/program.js';
import { allExamples } from '../help/help-tree.js';
import { DOCS_NOW, useSandbox } from '../helpers/sandbox.js';
import { runBuiltTix } from '../helpers/tix-binary.js';
import { REPO_ROOT, sandboxEnv, tempDir, testDir } from '../helpers/tix-env.js';
import { limited } from '../helpers/limited.js';

// The help examples name the documentation's events, on sale at its clock (a watch for a price waits for one).
const api = useSandbox({ now: DOCS_NOW });

/**
 * A copy of the install whose full path notes each run in the file TIX_TEST_FULL_PATH_LOG names (dist/tix.js
 * writes a line, then loads the real one), so a test sees which path a run took without tix printing a word.
 */
let install: string;
beforeAll(() => {
  install = tempDir('tix-fast-install-');
  for (const part of ['bin', 'dist', 'package.json']) cpSync(join(REPO_ROOT, part), join(install, part), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(install, 'node_modules'), 'dir');
  renameSync(join(install, 'dist', 'tix.js'), join(install, 'dist', 'tix-full.js'));
  writeFileSync(
    join(install, 'dist', 'tix.js'),
    "import { appendFileSync } from 'node:fs';\nappendFileSync(process.env.TIX_TEST_FULL_PATH_LOG, 'full\\n');\nawait import('./tix-full.js');\n",
  );
});
afterAll(() => rmSync(install, { recursive: true, force: true }));
const installedTix = () => join(install, 'bin', 'tix');
/** runBuiltTix runs the repository's bin/tix: the copy's runs through a wrapper that swaps the path. */
const copyOfTix = () => ({ wrapper: ['sh', '-c', `shift; exec "$0" '${installedTix()}' "$@"`] });

const slot = limited(3);

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How many cases the fast path took part in, and was compared in: the equivalence must not pass because nothing took it. */
const taken = { fast: 0, declined: 0, compared: 0 };

/**
 * Runs a case with the fast path, then (if `compare` and it took the fast path for any call of tix) again with
 * it turned off, in a fresh folder of the same name each time, so paths in messages agree too; and expects the
 * same stdout, stderr and exit code. A case that every call of tix declined ran the full path already: the run
 * with the fast path off would be the same program on the same input, so it is counted, not run twice.
 */
async function expectBothPathsAlike(
  run: (folder: string, env: Record<string, string>) => Promise<Outcome>,
  compare = true,
): Promise<Outcome> {
  return slot(async () => {
    const folder = tempDir('tix-fast-');
    const logs = tempDir('tix-fast-log-');
    const log = join(logs, 'runs');
    try {
      const once = async (extra: Record<string, string>) => {
        rmSync(folder, { recursive: true, force: true });
        mkdirSync(folder);
        writeFileSync(log, '');
        const outcome = await run(folder, {
          ...sandboxEnv(api().url),
          TIX_CONFIG_DIR: join(folder, 'config'),
          TIX_TEST_FULL_PATH_LOG: log,
          ...extra,
        });
        const lines = readFileSync(log, 'utf8').split('\n');
        // Three things tick on their own: --debug times each request, the sandbox fills requestTimestamp's
        // digits beyond the millisecond from a high-resolution timer (as the API's 7-digit stamps vary), and
        // `tix api -i` prints the response's Date header.
        const normal = {
          code: outcome.code,
          stdout: outcome.stdout.replace(/("requestTimestamp":"[^"]*\.\d{3})\d{4}Z"/g, '$1####Z"'),
          stderr: outcome.stderr.replace(/ in \d+ ms\b/g, ' in N ms').replace(/^date: .*$/gm, 'date: D'),
        };
        return { outcome: normal, calls: lines.filter((l) => l === 'call').length, full: lines.filter((l) => l === 'full').length };
      };
      const fast = await once({});
      if (fast.full === Math.max(fast.calls, 1)) {
        taken.declined++;
        return fast.outcome;
      }
      taken.fast++;
      if (!compare) return fast.outcome;
      taken.compared++;
      const full = await once({ TIX_NO_FAST_PATH: '1' });
      expect(full.full).toBe(Math.max(full.calls, 1));
      expect(fast.outcome.code).toBe(full.outcome.code);
      expect(fast.outcome.stderr).toBe(full.outcome.stderr);
      expect(fast.outcome.stdout).toBe(full.outcome.stdout);
      return fast.outcome;
    } finally {
      rmSync(folder, { recursive: true, force: true });
      rmSync(logs, { recursive: true, force: true });
    }
  });
}

/** The fast path's commands by their words below tix ('events search'), from the registry as the build reads it. */
const FAST_COMMANDS = new Set(
  REGISTRY.filter((entry) => entry.fast !== undefined).map((entry) => [entry.parent, entry.build().name()].filter(Boolean).join(' ')),
);
const TABLE = fastTable(buildProgram());

/** What the fast path does with argv: the parse it would run the action with, or undefined when it declines. */
function fastReading(argv: readonly string[]): ParsedArgv | undefined {
  const parsed = parseFastArgv(argv, TABLE);
  return parsed && FAST_COMMANDS.has(parsed.path.join(' ')) && parsed.opts[0]!.sandbox !== true ? parsed : undefined;
}

/** What Commander hands the action for argv (the same shape), or the error it stops with. */
async function commanderReading(argv: readonly string[]): Promise<ParsedArgv | { error: string }> {
  const program = buildProgram();
  let reading: ParsedArgv | undefined;
  forEachCommand(program, (command) => {
    command.configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
    if (command.commands.length > 0) return;
    command.action((...given: unknown[]) => {
      const chain: Command[] = [];
      for (let at: Command | null = given[given.length - 1] as Command; at; at = at.parent) chain.unshift(at);
      reading = { path: chain.slice(1).map((c) => c.name()), args: given.slice(0, -2), opts: chain.map((c) => c.opts()) };
    });
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    return { error: String(error) };
  }
  return reading ?? { error: 'no action ran' };
}

/** The tix command lines of an example (`tix a b | jq .` -> [['a', 'b']]); undefined when the shell would expand something. */
function tixLines(command: string): string[][] | undefined {
  if (/[$`\\]/.test(command)) return undefined;
  const lines: string[][] = [];
  for (const segment of command.split(/\|\||&&|[|;]/)) {
    const words = [...segment.matchAll(/(\d*[<>]+\s*[^\s<>]+)|'([^']*)'|"([^"]*)"|([^\s'"<>]+)/g)]
      .filter((m) => m[1] === undefined)
      .map((m) => m[2] ?? m[3] ?? m[4]!);
    if (words[0] === 'tix') lines.push(words.slice(1));
    else if (words.includes('tix')) return undefined;
  }
  return lines;
}

/** `tix sandbox` serves until stopped (the help-examples test stops it); every other example is used here. */
const examples = allExamples().filter((example) => example.path !== 'sandbox');

interface Invocation {
  why: string;
  /** The class of bad input: what the end-to-end sample takes one of. */
  kind: 'a usage error' | 'valid input' | 'a bad date' | 'a hostile id';
  args: string[];
  env?: Record<string, string>;
  input?: string;
}
const invocations: Invocation[] = [
  ...ROWS.map(({ why, args, env, input, usage }) => ({
    why,
    kind: usage ? ('a usage error' as const) : ('valid input' as const),
    args,
    ...(env ? { env } : {}),
    ...(input !== undefined ? { input } : {}),
  })),
  ...dateInvocations().map((args) => ({ why: `a bad date: ${args.join(' ')}`, kind: 'a bad date' as const, args })),
  ...COMMANDS.flatMap(({ name, value = (id: string) => id, args }) =>
    HOSTILE.map((id) => ({ why: `${name} with the hostile id ${id}`, kind: 'a hostile id' as const, args: args(value(id)) })),
  ),
];

/**
 * What a case the fast path reads brings to the end-to-end comparison: its command, each flag it gives (a
 * switch by its value: --no-sales is not --sales), its output format and the extension of its --out file.
 */
function featuresOf(reading: ParsedArgv): string[] {
  const features = [`command ${reading.path.join(' ')}`];
  for (const opts of reading.opts)
    for (const [name, value] of Object.entries(opts)) {
      if (value === undefined) continue;
      features.push(typeof value === 'boolean' ? `flag ${name}=${value}` : `flag ${name}`);
      if (name === 'output') features.push(`format ${String(value)}`);
      if (name === 'out') features.push(`file ${extname(String(value))}`);
    }
  return features;
}

/** The first case to bring each feature, in order: one case per command, flag, format and class, not every case. */
function covering<T>(cases: readonly T[], features: (c: T) => readonly string[]): Set<T> {
  const seen = new Set<string>();
  const chosen = new Set<T>();
  for (const c of cases) {
    const fresh = features(c).filter((feature) => !seen.has(feature));
    for (const feature of fresh) seen.add(feature);
    if (fresh.length > 0) chosen.add(c);
  }
  return chosen;
}

/** The examples run on both paths: the first to bring each command, flag and format the fast path reads. */
const comparedExamples = covering(examples, (example) =>
  (tixLines(example.command) ?? []).flatMap((argv) => {
    const reading = fastReading(argv);
    return reading ? featuresOf(reading) : [];
  }),
);

/**
 * The bad inputs run on both paths: of those the fast path reads, the first of each command with each class
 * (a usage error the action finds, valid input the API may reject), one from the environment (the settings),
 * one on stdin, one bad date, one hostile id. The rest differ from these only in the value the shared action
 * is handed, which test/bad-input checks for every one, in-process.
 */
const sample = [
  ...covering(
    invocations.filter((i) => fastReading(i.args) !== undefined),
    (i) => {
      if (i.kind === 'a bad date' || i.kind === 'a hostile id') return [i.kind];
      const command = fastReading(i.args)!.path.join(' ');
      return [`${command}: ${i.kind}`, ...(i.env ? ['from the environment'] : []), ...(i.input !== undefined ? ['on stdin'] : [])];
    },
  ),
];

describe('the fast path reads argv as Commander does', () => {
  const argvs = [...invocations.map(({ args }) => args), ...examples.flatMap((example) => tixLines(example.command) ?? [])];
  let read = 0;
  afterAll(() => {
    // Most examples and many bad inputs are queries the fast path reads; if it stopped reading them, this says so.
    expect(read).toBeGreaterThanOrEqual(100);
  });

  it('runs every bad-input invocation and reads most examples', () => {
    expect(invocations.length).toBe(ROWS.length + DATE_FLAGS.length + BAD_VALUES.length + COMMANDS.length * HOSTILE.length);
    expect(examples.filter((example) => tixLines(example.command) === undefined).length).toBeLessThan(examples.length / 4);
  });

  it.for(argvs.map((argv) => [argv.join(' '), argv] as const))('tix %s', async ([, argv]) => {
    const fast = fastReading(argv);
    if (fast === undefined) return;
    read++;
    expect(await commanderReading(argv)).toEqual(fast);
  });
});

describe('the fast path has no Commander to call', () => {
  it('dist/fast.cjs holds no stand-in for Commander: nothing the actions run reaches it', () => {
    const bundle = readFileSync(join(REPO_ROOT, 'dist', 'fast.cjs'), 'utf8');
    expect(bundle).not.toMatch(/commander is not in the fast path/);
    // The one stand-in left is the sandbox's (--sandbox declines): the check above can see a stand-in.
    expect(bundle).toMatch(/sandbox\/index\.js is not in the fast path/);
  });
});

describe.concurrent('the fast path prints what the full path prints', () => {
  afterAll(() => {
    // The fast path takes part in many cases below; if it declined them all, the comparison would prove nothing.
    expect(taken.fast).toBeGreaterThanOrEqual(40);
    // Each case chosen for both paths is one the fast path reads, and so takes: none was compared with itself.
    expect(taken.compared).toBe(comparedExamples.size + sample.length);
  });

  /**
   * Every help example runs here, against this file's sandbox, as the user would type it (pipes, jq and
   * redirections included, through bash), and must succeed: the help-examples test leaves them to this file.
   * Those of comparedExamples run on both paths as well.
   */
  it.for(examples)('example of tix $path: $command', { timeout: 60_000 }, async (example) => {
    const outcome = await expectBothPathsAlike((folder, env) => {
      // `tix` in the example is the copy against this file's sandbox (not --sandbox, which the fast path declines).
      const bin = join(folder, 'bin');
      mkdirSync(bin);
      writeFileSync(
        join(bin, 'tix'),
        `#!/bin/sh\necho call >> '${env.TIX_TEST_FULL_PATH_LOG}'\nexec '${process.execPath}' '${installedTix()}' "$@"\n`,
      );
      chmodSync(join(bin, 'tix'), 0o755);
      writeFileSync(join(folder, 'key.txt'), 'sandbox-key\n');
      writeFileSync(join(folder, 'staging-key.txt'), 'sandbox-key\n');
      const command = example.command.replaceAll('https://api.example.com', api().url);
      // auth login and logout manage the stored key: as their user would, they run without TIX_API_KEY.
      const { TIX_API_KEY, ...keyless } = env;
      const world = /\btix auth (login|logout)\b/.test(example.command) ? keyless : env;
      return shell(command, folder, { ...world, PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: folder, TZ: 'UTC' });
    }, comparedExamples.has(example));
    // stderr says why when it fails.
    expect({ code: outcome.code, stderr: outcome.stderr.slice(-1500) }).toMatchObject({ code: 0 });
  });

  it.for(sample)('bad input: $why', { timeout: 120_000 }, async ({ args, env, input }) => {
    await expectBothPathsAlike((folder, base) =>
      runBuiltTix(args, {
        cwd: folder,
        env: { ...base, ...env },
        ...copyOfTix(),
        ...(input !== undefined ? { input } : {}),
        timeoutMs: 120_000,
      }),
    );
  });
});

describe('the fast path is taken', () => {
  async function pathOf(args: readonly string[], extra: Record<string, string> = {}) {
    const folder = testDir('tix-fast-');
    const log = join(folder, 'runs');
    writeFileSync(log, '');
    const env = { ...sandboxEnv(api().url), TIX_CONFIG_DIR: join(folder, 'config'), TIX_TEST_FULL_PATH_LOG: log, ...extra };
    const run = await runBuiltTix(args, { env, cwd: folder, ...copyOfTix() });
    return { ...run, path: readFileSync(log, 'utf8') === '' ? 'fast' : 'full' };
  }

  it.for([
    ['events', 'search', '--category', 'concerts', '--limit', '2', '-o', 'csv'],
    ['events', 'get', 'evt_fnt7jz3fkx'],
    ['events', 'by-agent', 'ticketMaster', '--limit', '1'],
    ['events', 'view', 'evt_fnt7jz3fkx', '--top', '3', '--no-sales'],
    ['inventory', 'TMUSA', 'G5v8HKyBKZbyJN'],
    ['sales', 'summary', '101459428', '--from', '-30d'],
    ['sales', 'details', '101459428'],
    ['agents', '--jq', '.ticketAgents[].code'],
    ['api', 'events', '-f', 'pageSize=2', '-f', 'city=New York', '--jq', '.events | length'],
    ['--quiet', 'events', 'search', '--name', '%tour%', '--limit=1', '--no-header', '-o', 'tsv', '--debug'],
  ])('tix %s ... runs on the fast path', async (args) => {
    const run = await pathOf(args);
    expect({ path: run.path, code: run.code }).toEqual({ path: 'fast', code: 0 });
  });

  it.for([
    ['TIX_NO_FAST_PATH=1', ['events', 'get', 'evt_fnt7jz3fkx'], { TIX_NO_FAST_PATH: '1' }],
    ['--sandbox', ['--sandbox', 'events', 'get', 'evt_fnt7jz3fkx'], {}],
    ['a command it does not run', ['config', 'list'], {}],
    ['a flag Commander parses itself', ['events', 'view', 'evt_fnt7jz3fkx', '--id', 'SKYBOX=12345'], {}],
    ['a misspelt flag', ['events', 'search', '--cateogry', 'concerts'], {}],
    ['--help after flags', ['events', 'search', '--category', 'concerts', '--help'], {}],
    ['--', ['events', 'get', '--', 'evt_fnt7jz3fkx'], {}],
    ['combined short flags', ['events', 'search', '-qo', 'csv'], {}],
    ['a value a parent command would take as its flag', ['events', 'search', '--name', '-q'], {}],
    ['a missing argument', ['inventory', 'TMUSA'], {}],
    ['too many arguments', ['agents', 'TMUSA'], {}],
  ] as const)('declines %s: the full path runs', async ([, args, extra]) => {
    const run = await pathOf(args, extra);
    expect(run.path).toBe('full');
  });
});

describe('bin/tix loads the fast path only for its commands', () => {
  it('knows the first word of each of them: the build derives them from the registry', () => {
    const words = JSON.parse(readFileSync(join(REPO_ROOT, 'dist', 'fast-words.json'), 'utf8'));
    const fast = REGISTRY.filter((entry) => entry.fast !== undefined).map((entry) => entry.parent ?? entry.build().name());
    expect(words).toEqual([...new Set(fast)].sort());
  });

  it('leaves the bundle unloaded for another command: no code cache is written', async () => {
    const cache = join(testDir('tix-cache-'), 'cache');
    const run = await runBuiltTix(['config', 'path'], { env: { ...sandboxEnv(api().url), XDG_CACHE_HOME: cache } });
    expect(run.code).toBe(0);
    // On Node 22 and later, Node's own compile cache (bin/tix) lives in the same folder: only it may be there.
    const written = existsSync(join(cache, 'tix')) ? readdirSync(join(cache, 'tix')) : [];
    expect(written.filter((name) => name !== 'node-compile-cache')).toEqual([]);
  });
});

function shell(command: string, cwd: string, env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `set -eo pipefail\n${command}`], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** bin/code-cache.cjs. */
describe('the fast path keeps a V8 code cache', () => {
  const QUERY = ['events', 'get', 'evt_fnt7jz3fkx'];
  const hash = () => readFileSync(join(REPO_ROOT, 'dist', 'fast.cjs.hash'), 'utf8').trim();
  const run = (cache: string) => runBuiltTix(QUERY, { env: { ...sandboxEnv(api().url), XDG_CACHE_HOME: cache } });

  it('writes it after a run, in the cache folder, and a run with it prints the same', async () => {
    const cache = join(testDir('tix-cache-'), 'cache');
    const first = await run(cache);
    const file = join(cache, 'tix', `fast-${process.version}-${process.arch}-${hash()}.v8`);
    expect(statSync(file).size).toBeGreaterThan(0);
    expect(statSync(join(cache, 'tix')).mode & 0o777).toBe(0o700);
    const second = await run(cache);
    expect(second).toMatchObject({ code: 0, stdout: first.stdout, stderr: first.stderr });
    expect(first.code).toBe(0);
  });

  it('replaces a cache V8 refuses, and never fails a run over a cache folder it cannot write', async () => {
    const folder = testDir('tix-cache-');
    const file = join(folder, 'cache', 'tix', `fast-${process.version}-${process.arch}-${hash()}.v8`);
    mkdirSync(join(folder, 'cache', 'tix'), { recursive: true });
    writeFileSync(file, 'not a code cache');
    const damaged = await run(join(folder, 'cache'));
    expect({ code: damaged.code, stderr: damaged.stderr }).toEqual({ code: 0, stderr: '' });
    expect(statSync(file).size).toBeGreaterThan('not a code cache'.length);

    writeFileSync(join(folder, 'a-file'), '');
    const unwritable = await run(join(folder, 'a-file', 'cache'));
    expect({ code: unwritable.code, stdout: unwritable.stdout, stderr: unwritable.stderr }).toEqual({
      code: 0,
      stdout: damaged.stdout,
      stderr: '',
    });
  });
});
