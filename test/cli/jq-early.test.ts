/**
 * --jq's worker starts as the process starts (src/cli/kit/jq-early.ts), before the run reads its settings, and the
 * run takes that worker rather than starting a second; the first page is asked for while jq starts (issue 39).
 * A run that does not use it (a usage error, a history command, which starts its own jq beside DuckDB) ends it
 * without waiting for it. Each built run records its workers, its first look for the config file and its first
 * connection (test/fixtures/jq-worker-probe.cjs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { commandIn, earlyJqFilter, jqFilterIn, ROOT_VALUE_FLAGS } from '../../src/cli/kit/jq-early.js';
import { useSandbox } from '../helpers/sandbox.js';
import { runBuiltTix } from '../helpers/tix-binary.js';
import { REPO_ROOT, sandboxEnv, testDir } from '../helpers/tix-env.js';
import { freshDb } from '../history/support.js';

const PROBE = join(REPO_ROOT, 'test', 'fixtures', 'jq-worker-probe.cjs');

describe("the early --jq reads argv as Commander reads tix's own flags", () => {
  it("knows every flag of tix's own that takes a value", () => {
    const takingValues = buildProgram()
      .options.filter((option) => option.required || option.optional)
      .map((option) => option.long);
    expect([...ROOT_VALUE_FLAGS].sort()).toEqual(takingValues.sort());
  });

  it.each([
    [['--jq', '.a', 'events', 'search']],
    [['events', 'search', '--jq=.b']],
    [['events', 'search', '--limit', '3', '--jq', '.c']],
    // A subcommand's flag that takes a value does not take --jq as its value: tix's flags are read first.
    [['events', 'search', '--q', '--jq', '.d']],
    [['--profile', '--jq', 'events', 'search']],
    [['--jq=', 'events', 'search']],
    [['events', 'search', '--', '--jq', '.e']],
    [['--jq', '--', 'events', 'search']],
    [['--jq', '.f', 'events', 'search', '--jq', '.g']],
    [['events', 'search', '--jqx', '.h']],
  ])('%j', (args) => {
    const program = buildProgram();
    const { operands } = program.parseOptions([...args]);
    expect(jqFilterIn(args)).toBe(program.opts().jq);
    expect(commandIn(args)).toBe(operands[0]);
  });

  it('starts none for a command that opens the history, whose jq runs once its work is over, unless this image is that jq', () => {
    expect(earlyJqFilter(['--profile', 'x', 'history', 'sql', 'SELECT 1', '--jq', '.rows'], {})).toBeUndefined();
    expect(earlyJqFilter(['--jq', '.rows', 'history', 'sql', 'SELECT 1'], {})).toBeUndefined();
    expect(earlyJqFilter(['track', 'TMUSA:x', '--jq', '.snapshots'], {})).toBeUndefined();
    expect(earlyJqFilter(['alert', 'list', '--jq', '.'], {})).toBeUndefined();
    expect(earlyJqFilter(['--profile', 'history', 'events', 'search', '--jq', '.events'], {})).toBe('.events');
    expect(earlyJqFilter(['track', 'TMUSA:x', '--jq', '.snapshots'], { TIX_JQ_HANDOFF: '{}' })).toBe('.snapshots');
  });
});

describe('the early --jq, in the built tix', () => {
  const sandbox = useSandbox({ now: '2026-03-15T03:00:00Z', events: 60 });

  async function probed(args: readonly string[], env: Record<string, string> = {}) {
    const record = join(testDir('tix-jq-probe-'), 'events.txt');
    const result = await runBuiltTix(args, {
      env: { ...sandboxEnv(sandbox().url), ...env, NODE_OPTIONS: `--require ${PROBE}`, TIX_JQ_PROBE: record },
    });
    const events = readFileSync(record, 'utf8').split('\n').filter(Boolean);
    return { ...result, events };
  }

  /** The most workers alive at once. */
  function mostAlive(events: readonly string[]): number {
    let alive = 0;
    let most = 0;
    for (const event of events) {
      if (event === 'worker') most = Math.max(most, ++alive);
      if (event === 'exit') alive--;
    }
    return most;
  }

  const query = ['events', 'search', '--limit', '3', '--jq', '.events[].id'];

  it.each<[string, Record<string, string>]>([
    ['the full path', { TIX_NO_FAST_PATH: '1' }],
    ['the fast path', {}],
  ])('%s starts one worker, before the run reads its settings, and asks for the page while jq starts', async (_path, env) => {
    const plain = await runBuiltTix(['events', 'search', '--limit', '3', '-o', 'json'], { env: sandboxEnv(sandbox().url) });
    const ids = (JSON.parse(plain.stdout) as { events: { id: string }[] }).events.map((event) => `${event.id}\n`).join('');
    const { code, stdout, stderr, events } = await probed(query, env);
    expect(code, stderr).toBe(0);
    expect(stdout).toBe(ids);
    expect(events.filter((event) => event === 'worker')).toHaveLength(1);
    expect(events.indexOf('connect')).toBeLessThan(events.indexOf('ready'));
    // The fast path reads argv and the settings within a few milliseconds: only the full path's order is sure.
    if (env.TIX_NO_FAST_PATH !== undefined) expect(events.indexOf('worker')).toBeLessThan(events.indexOf('config'));
  });

  it('a usage error ends it without waiting for jq: the same line, exit 2', async () => {
    const without = await runBuiltTix(['events', 'search', '--bogus'], { env: sandboxEnv(sandbox().url) });
    const { code, stdout, stderr, events } = await probed(['events', 'search', '--bogus', '--jq', '.x']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(without.stderr);
    expect(events).not.toContain('ready');
    expect(events.filter((event) => event === 'exit')).toHaveLength(events.filter((event) => event === 'worker').length);
  });

  it('a history command starts no early worker, only its own jq once DuckDB has let go', async () => {
    const db = freshDb();
    const id = sandbox().events.find((event) => event.agentIds.TMUSA)!.agentIds.TMUSA!;
    const tracked = await runBuiltTix(['track', `TMUSA:${id}`, '--db', db], { env: sandboxEnv(sandbox().url) });
    expect(tracked.code, tracked.stderr).toBe(0);
    const { code, stdout, stderr, events } = await probed(['history', 'sql', 'SELECT 42 AS n', '--db', db, '--jq', '.rows[0].n']);
    expect(code, stderr).toBe(0);
    expect(stdout).toBe('42\n');
    expect(events.filter((event) => event === 'ready')).toHaveLength(1);
    // Its own, once DuckDB has let go: none is started as the process starts.
    expect(events.filter((event) => event === 'worker')).toHaveLength(1);
    expect(mostAlive(events)).toBe(1);
  }, 60_000);
});
