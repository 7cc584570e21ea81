/**
 * Ctrl-D at the hidden key prompt of `auth login`, typed at a real terminal (issue 18 §1): on an empty line
 * it cancels (exit 130, nothing stored); after some characters it behaves as a terminal's end of input does,
 * the first press ending that piece of the line, a second one in a row ending the input.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { testDir as tempDir } from '../helpers/tix-env.js';
import { startOnTerminal } from '../reliability/support/tmux.js';

const PROMPT = 'API key (input hidden): ';
const KEY = 'tixSECRET-eof-4Kd8w2Rm';
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 20, extraApiKeys: [KEY] });
});
afterAll(() => sandbox.close());

describe('Ctrl-D at the key prompt', () => {
  it('on an empty line cancels: exit 130, one line on stderr, nothing stored', async () => {
    const dir = tempDir();
    const terminal = await startOnTerminal(['auth', 'login'], { TIX_CONFIG_DIR: dir, TIX_BASE_URL: sandbox.url });
    await terminal.waitFor(PROMPT);
    await terminal.press('C-d');
    const outcome = await terminal.done();

    expect(outcome.code, outcome.raw).toBe(130);
    expect(outcome.raw).toContain('tix: cancelled (end of input at the key prompt); nothing was stored\r\n');
    expect(outcome.raw.match(/tix: /g)).toHaveLength(1);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
    // The prompt's raw mode was undone.
    expect(outcome.stty).toMatch(/(^|\s)icanon(\s|$)/m);
  });

  it('after some characters, a first press ends that piece and a second in a row ends the input', async () => {
    const dir = tempDir();
    const terminal = await startOnTerminal(['auth', 'login'], { TIX_CONFIG_DIR: dir, TIX_BASE_URL: sandbox.url });
    await terminal.waitFor(PROMPT);
    // Were the first Ctrl-D the end, the half key would be checked and refused (exit 3).
    await terminal.type(KEY.slice(0, 10));
    await terminal.press('C-d');
    await terminal.type(KEY.slice(10));
    await terminal.press('C-d', 'C-d');
    const outcome = await terminal.done();

    expect(outcome.code, outcome.raw).toBe(0);
    expect(outcome.raw).toContain(`Logged in: key ****${KEY.slice(-4)} checked against`);
    expect(outcome.raw).not.toContain(KEY.slice(0, 10));
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default['api-key']).toBe(KEY);
  });
});
