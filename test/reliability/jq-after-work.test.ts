/**
 * --jq on the commands that open the price history runs once their work is over (src/cli/kit/jq-after-work.ts):
 * what the command writes goes to a private work file, and jq filters it in a fresh image of the same process
 * (execve, Node.js 22.15 and later), where DuckDB's library is not mapped, or in the same process after the
 * store has let go (Node.js 20). Side by side, DuckDB and jq's worker peaked at 123-139 MB (issue 36 §4). The
 * built binary, as a user runs it, on whichever Node.js runs the tests: the answer, the exit code, the bounds
 * of a filter that never ends (signals, Ctrl-C at a terminal; with a config file present), and no work file
 * left behind.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuiltTix, runIntoLeavingReader, startTix } from '../helpers/tix-binary.js';
import { CONFIG_FILE_CASES, STOP_SIGNAL_CASES, configEnv, sandboxEnv, testDir } from '../helpers/tix-env.js';
import { tmusaIds, useSandbox } from './support/sandboxes.js';
import { ctrlCOnceShown } from './support/tmux.js';

/** Whether the Node.js running the tests (and tix) can replace a process's image. */
const EXECVE = typeof (process as { execve?: unknown }).execve === 'function';
const HANDED_OFF = "tix debug: --jq: filtering the command's output in a fresh image of this process (execve)\n";

describe('--jq on a command that opens the history', () => {
  const sandbox = useSandbox({ events: 50 });

  /** A history with one snapshot of each of `count` events, and an environment whose TMPDIR is watched. */
  async function tracked(count = 2) {
    const dir = testDir();
    const tmp = join(dir, 'tmp');
    const entries = tmusaIds(sandbox(), count).map((id) => `TMUSA:${id}`);
    const db = ['--db', join(dir, 'history.duckdb')];
    const env: Record<string, string> = { ...sandboxEnv(sandbox().url), TMPDIR: tmp };
    mkdirSync(tmp);
    const first = await runBuiltTix(['track', ...entries, ...db], { env });
    expect(first.code, first.stderr).toBe(0);
    return { dir, tmp, entries, db, env };
  }

  it('track --jq: the filter sees what -o json prints; no work file is left', async () => {
    const { tmp, entries, db, env } = await tracked();
    const json = await runBuiltTix(['track', ...entries, ...db, '-o', 'json'], { env });
    const expected = JSON.parse(json.stdout) as { snapshots: { event_id: string }[] };

    const result = await runBuiltTix(['track', ...entries, ...db, '--jq', '.snapshots[].event_id', '--debug'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(expected.snapshots.map((s) => `${s.event_id}\n`).join(''));
    expect(result.stderr.includes(HANDED_OFF)).toBe(EXECVE);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('history list --jq --out: jq’s answer in the file; a filter that fails leaves the file as it was', async () => {
    const { dir, tmp, db, env } = await tracked();
    const out = join(dir, 'answer.txt');
    const result = await runBuiltTix(['history', 'list', ...db, '--jq', '.events | length', '--out', out], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe('2\n');

    writeFileSync(out, 'before\n');
    const failed = await runBuiltTix(['history', 'list', ...db, '--jq', '.events | error("no")', '--out', out], { env });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe('tix: --jq: no\n');
    expect(readFileSync(out, 'utf8')).toBe('before\n');
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('a filter that does not compile: exit 2, once the work is done (jq compiles it as it starts)', async () => {
    const { tmp, entries, db, env } = await tracked(1);
    const result = await runBuiltTix(['history', entries[0]!, ...db, '--jq', '.['], { env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tix: --jq: syntax error/);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it.each(STOP_SIGNAL_CASES)(
    'a filter that never ends, %s: what it printed is out, then exit %i at once, %s',
    async (signal, exitCode, _config, withFile) => {
      const { tmp, db, env } = await tracked(1);
      const run = startTix(['history', 'list', ...db, '--jq', '.events[0].event_id, (def f: f; f)'], {
        env: { ...env, ...configEnv(withFile) },
      });
      let stdout = '';
      run.child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
      });
      const deadline = Date.now() + 25_000;
      while (!stdout.includes('\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      run.child.kill(signal);
      const result = await run.done;
      expect(result.code, result.stderr).toBe(exitCode);
      expect(result.stdout).toMatch(/^evt_\w+\n$/);
      expect(result.stderr).toBe('');
      expect(readdirSync(tmp)).toEqual([]);
    },
  );

  it.each(CONFIG_FILE_CASES)(
    'Ctrl-C at a terminal while the jq image runs a filter that never ends: exit 130, %s',
    async (_config, withFile) => {
      const { db, env } = await tracked(1);
      const args = ['history', 'list', ...db, '--jq', '.events[0].event_id, (def f: f; f)'];
      const outcome = await ctrlCOnceShown(args, { ...env, ...configEnv(withFile) }, 'evt_');
      expect(outcome.code, outcome.raw.slice(-400)).toBe(130);
      expect(outcome.raw).not.toContain('unexpected');
    },
  );

  it('a reader that goes away before any result: exit 0, quietly', async () => {
    const { db, env } = await tracked(1);
    const result = await runIntoLeavingReader(['history', 'list', ...db, '--jq', 'def f: f; f'], env);
    expect(result).toMatchObject({ signal: null, code: 0, stderr: '' });
  });

  it('a config file tix cannot use: the warning once, from the image that did the work', async () => {
    const { dir, db, env } = await tracked(1);
    const config = join(dir, 'config');
    mkdirSync(config);
    writeFileSync(join(config, 'config.json'), '{broken');
    // No key nor base URL (history list needs neither): the run goes on without the file, and says so as it ends.
    const { TIX_API_KEY: _key, TIX_BASE_URL: _url, ...withoutApi } = env;
    const result = await runBuiltTix(['history', 'list', ...db, '--jq', '.events | length'], {
      env: { ...withoutApi, TIX_CONFIG_DIR: config },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('1\n');
    expect(result.stderr.match(/^tix: warning: ignoring the config file .*$/gm)).toHaveLength(1);
  });

  it('a handoff left in the environment by another process is not taken', async () => {
    const { dir, db, env } = await tracked(1);
    const stale = join(dir, 'not-mine');
    writeFileSync(stale, 'x');
    const handoff = JSON.stringify({
      pid: 1,
      work: [{ file: stale, output: { format: 'json', header: true, excelSafe: false, jq: '.' } }],
      code: 0,
    });
    const result = await runBuiltTix(['history', 'list', ...db, '--jq', '.events | length'], { env: { ...env, TIX_JQ_HANDOFF: handoff } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('1\n');
    expect(existsSync(stale)).toBe(true);
  });

  it("a work folder whose run is gone (ended between the two images) is removed by the next run; a running one's is not", async () => {
    const { tmp, db, env } = await tracked(1);
    // A process id that ran and is gone: a child that has exited.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const orphan = join(tmp, `tix-jq-${gone}-aB3dE9`);
    const running = join(tmp, `tix-jq-${process.pid}-xY7zQ1`);
    const other = join(tmp, `tix-jq-notes-${gone}`);
    for (const folder of [orphan, running, other]) {
      mkdirSync(folder);
      writeFileSync(join(folder, 'jq-input'), 'work');
    }
    const result = await runBuiltTix(['history', 'list', ...db, '--jq', '.events | length'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('1\n');
    expect(readdirSync(tmp).sort()).toEqual([running, other].map((folder) => folder.slice(tmp.length + 1)).sort());
  });
});
