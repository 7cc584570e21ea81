/**
 * Where the key is kept and how it is shown: the config file is 0600 in a 0700 folder (whatever the umask;
 * the file tightened if it was looser), `auth login` on a terminal never echoes the key, and `auth status`
 * shows only its last 4 characters.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runOnTerminal } from '../reliability/support/pty.js';
import { runBuiltTix as tix } from '../helpers/tix-binary.js';
import { cleanEnv, REPO_ROOT, testDir as tempDir, TIX_BIN } from '../helpers/tix-env.js';

const KEY = 'tixSECRET-storage-7Qp2/+=Lm9Z';
const LAST4 = KEY.slice(-4);
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 20, extraApiKeys: [KEY] });
});
afterAll(() => sandbox.close());

const mode = (path: string) => statSync(path).mode & 0o777;

/** tix under a chosen umask (so a permissive one cannot loosen what tix creates). */
async function tixWithUmask(umask: string, args: string[], env: Record<string, string>, input: string) {
  const run = promisify(execFile);
  const child = run('/bin/sh', ['-c', `umask ${umask}; exec "$0" "$@"`, process.execPath, TIX_BIN, ...args], {
    cwd: REPO_ROOT,
    env: cleanEnv(env),
  });
  child.child.stdin!.end(input);
  return child;
}

describe('the config file', () => {
  it.for(['000', '022'])('is 0600 in a 0700 folder, with umask %s', async (umask) => {
    const dir = join(tempDir(), 'nested', 'tix');
    await tixWithUmask(umask, ['auth', 'login', '--with-key'], { TIX_CONFIG_DIR: dir, TIX_BASE_URL: sandbox.url }, `${KEY}\n`);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'config.json'))).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ profiles: { default: { 'api-key': KEY } } });
  });

  it('is tightened to 0600 when it was looser; its folder, not created by tix, keeps its mode', async () => {
    const dir = join(tempDir(), 'tix');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'config.json'), '{"profiles":{"other":{"page-size":"10"}}}\n', { mode: 0o644 });
    chmodSync(join(dir, 'config.json'), 0o644);
    const login = await tix(['auth', 'login', '--with-key'], { env: { TIX_CONFIG_DIR: dir, TIX_BASE_URL: sandbox.url }, input: KEY });
    expect(login.code, login.stderr).toBe(0);
    expect(mode(dir)).toBe(0o755);
    expect(mode(join(dir, 'config.json'))).toBe(0o600);
  });
});

describe('auth login on a terminal', () => {
  it('asks for the key without echoing it, then stores it', async () => {
    const dir = tempDir();
    const outcome = await runOnTerminal(['auth', 'login'], 'API key (input hidden): ', KEY, {
      TIX_CONFIG_DIR: dir,
      TIX_BASE_URL: sandbox.url,
    });
    expect(outcome.typed).toBe(true);
    expect(outcome.code, outcome.screen).toBe(0);
    // The whole terminal: the prompt, tix's note with the masked key, and not one character typed.
    expect(outcome.screen).toContain(`Logged in: key ****${LAST4} checked against`);
    for (const form of [KEY, KEY.slice(0, 12), encodeURIComponent(KEY)]) expect(outcome.screen).not.toContain(form);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default['api-key']).toBe(KEY);
  });

  it('Ctrl-C at the prompt cancels with exit 130 and stores nothing', async () => {
    const dir = tempDir();
    const outcome = await runOnTerminal(['auth', 'login'], 'API key (input hidden): ', 'tixSECRET-half\u0003', {
      TIX_CONFIG_DIR: dir,
      TIX_BASE_URL: sandbox.url,
    });
    expect(outcome.code, outcome.screen).toBe(130);
    expect(outcome.screen).toContain('tix: cancelled');
    expect(outcome.screen).not.toContain('tixSECRET');
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });
});

describe('auth status', () => {
  it.for(['environment', 'profile'] as const)('shows only the last 4 characters of a key from the %s', async (source) => {
    const dir = tempDir();
    const env: Record<string, string> = { TIX_CONFIG_DIR: dir, TIX_BASE_URL: sandbox.url };
    if (source === 'environment') env.TIX_API_KEY = KEY;
    else expect((await tix(['auth', 'login', '--with-key'], { env, input: KEY })).code).toBe(0);

    for (const args of [
      ['auth', 'status'],
      ['auth', 'status', '--json'],
      ['--debug', 'auth', 'status'],
    ]) {
      const result = await tix(args, { env });
      expect(result.code, result.stderr).toBe(0);
      const shown = result.stdout + result.stderr;
      expect(shown).toContain(`****${LAST4}`);
      // Not one character more than the last 4.
      expect(shown).not.toContain(KEY.slice(-5));
    }
  });

  it('shows nothing of a key of 8 characters or fewer', async () => {
    const result = await tix(['auth', 'status'], { env: { TIX_BASE_URL: sandbox.url, TIX_API_KEY: 'short-k1' } });
    expect(result.stdout).toMatch(/API key: +\*\*\*\* \(TIX_API_KEY\)/);
    expect(result.stdout).not.toContain('k1');
  });
});
