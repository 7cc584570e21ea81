/**
 * Where `--out` writes (issue 17 §4): `-` is stdout; a regular file is replaced atomically (through a symbolic
 * link, whose target is replaced); anything else (/dev/stdout, /dev/fd/N, a FIFO, a device) is written in
 * place as a stream. Each case runs the built tix from a shell, with the shell's own redirections.
 */
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { runShell, type ShellResult } from '../helpers/shell.js';
import { runTix } from '../helpers/tix.js';
import { failOnUnexpectedStderr, sandboxEnv, TIX_BIN } from '../helpers/tix-env.js';

const sandbox = useSandbox();
const ARGS = ['events', 'search', '--limit', '2', '-o', 'csv', '--fields', 'id,name'];
const TIX = `'${process.execPath}' '${TIX_BIN}' ${ARGS.join(' ')}`;

let dir: string;
/** What the same search prints on stdout without --out. */
let rows: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tix-out-targets-'));
  const plain = await runTix(ARGS, { env: sandboxEnv(sandbox().url) });
  expect(plain.code, plain.stderr).toBe(0);
  rows = plain.stdout;
  expect(rows).toMatch(/^id,name\r\nevt_\w+,.+\r\nevt_\w+,.+\r\n$/);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a shell script in a fresh folder, `$TIX` being the search above; tix's config and API come from the environment. */
async function shell(script: string, cwd: string): Promise<ShellResult> {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: cwd,
    // The fast path's code cache (bin/code-cache.cjs) is kept apart: the tests list what the run left in cwd.
    XDG_CACHE_HOME: join(dir, 'cache'),
    TZ: 'UTC',
    TIX_CONFIG_DIR: join(cwd, 'config'),
    ...sandboxEnv(sandbox().url),
  };
  return failOnUnexpectedStderr(await runShell(script.replaceAll('$TIX', TIX), { cwd, env }), false, [script]);
}

function folder(): string {
  return mkdtempSync(join(dir, 'case-'));
}

describe('--out -', () => {
  it('writes to stdout and creates no file named -', async () => {
    const cwd = folder();
    const result = await shell('$TIX --out -', cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(rows);
    expect(result.stderr).toBe('');
    expect(existsSync(join(cwd, '-'))).toBe(false);
  });

  it('takes its format as stdout does: JSON off a terminal when none is asked for', async () => {
    const cwd = folder();
    const result = await shell(`'${process.execPath}' '${TIX_BIN}' events search --limit 1 --out -`, cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).events).toHaveLength(1);
    expect(existsSync(join(cwd, '-'))).toBe(false);
  });

  it('tix api --out - prints the body as the API sent it, as without --out', async () => {
    const cwd = folder();
    const api = `'${process.execPath}' '${TIX_BIN}' api events -f pageSize=1`;
    const result = await shell(`${api} --out - > with.json && ${api} > without.json`, cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'with.json'), 'utf8')).toBe(readFileSync(join(cwd, 'without.json'), 'utf8'));
    expect(JSON.parse(readFileSync(join(cwd, 'with.json'), 'utf8')).events).toHaveLength(1);
    expect(existsSync(join(cwd, '-'))).toBe(false);
  });
});

describe('descriptors the shell opened', () => {
  it('/dev/stdout appended with >> keeps what the file held', async () => {
    const cwd = folder();
    const result = await shell("printf 'prev\\n' > acc.csv; $TIX --out /dev/stdout >> acc.csv", cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'acc.csv'), 'utf8')).toBe(`prev\n${rows}`);
  });

  it('/dev/stdout in a { ...; } > file group keeps what came before and after', async () => {
    const cwd = folder();
    const result = await shell('{ echo before; $TIX --out /dev/stdout; echo after; } > grp.txt', cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'grp.txt'), 'utf8')).toBe(`before\n${rows}after\n`);
  });

  it('/dev/fd/3 opened with 3>> appends to that file', async () => {
    const cwd = folder();
    const result = await shell("printf 'prev\\n' > log.csv; $TIX --out /dev/fd/3 3>> log.csv", cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(readFileSync(join(cwd, 'log.csv'), 'utf8')).toBe(`prev\n${rows}`);
  });

  it('/dev/fd/3 duplicating a pipe (3>&1 | cat) writes into that pipe', async () => {
    const cwd = folder();
    const result = await shell('$TIX --out /dev/fd/3 3>&1 | cat > got.csv', cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'got.csv'), 'utf8')).toBe(rows);
  });

  it("bash's >(...) process substitution receives the rows", async () => {
    const cwd = folder();
    const result = await shell('$TIX --out >(cat > got.csv); wait $!', cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'got.csv'), 'utf8')).toBe(rows);
  });

  it('a descriptor the shell did not open is refused in one line, exit 2', async () => {
    const cwd = folder();
    const result = await shell('$TIX --out /dev/fd/9', cwd);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('tix: --out /dev/fd/9: file descriptor 9 is not open\n');
  });
});

describe('a FIFO', () => {
  it('is written to in place and stays a FIFO', async () => {
    const cwd = folder();
    const result = await shell('mkfifo pipe.csv; cat pipe.csv > got.csv & $TIX --out pipe.csv; status=$?; wait; exit $status', cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'got.csv'), 'utf8')).toBe(rows);
    expect(lstatSync(join(cwd, 'pipe.csv')).isFIFO()).toBe(true);
    expect(readdirSync(cwd).sort()).toEqual(['got.csv', 'pipe.csv']);
  });
});

describe('a character device', () => {
  it('/dev/null takes the rows and is left alone', async () => {
    const cwd = folder();
    const result = await shell('$TIX --out /dev/null', cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
  });
});

describe('a symbolic link', () => {
  it('is followed: its target is replaced atomically and the link stays a link', async () => {
    const cwd = folder();
    writeFileSync(join(cwd, 'real.csv'), 'old\n');
    symlinkSync('real.csv', join(cwd, 'link.csv'));
    const result = await shell('$TIX --out link.csv', cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(lstatSync(join(cwd, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(cwd, 'link.csv'))).toBe('real.csv');
    expect(readFileSync(join(cwd, 'real.csv'), 'utf8')).toBe(rows);
    expect(readdirSync(cwd).sort()).toEqual(['link.csv', 'real.csv']);
  });

  it('to /dev/stdout writes where stdout goes', async () => {
    const cwd = folder();
    symlinkSync('/dev/stdout', join(cwd, 'out.csv'));
    const result = await shell("printf 'prev\\n' > acc.csv; $TIX --out out.csv >> acc.csv", cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'acc.csv'), 'utf8')).toBe(`prev\n${rows}`);
    expect(lstatSync(join(cwd, 'out.csv')).isSymbolicLink()).toBe(true);
  });
});
