/**
 * A config.json that cannot be used (empty, cut short, not JSON, the wrong shape, a folder, below a file):
 * commands that read or change it fail with one line naming the file, what is wrong and how to fix it (exit 1),
 * `config set` leaves it as it was, and runs that need nothing from it (config path, --sandbox, key and base
 * URL from the environment) go on with one warning.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv, tempDir, type TixResult } from '../../../helpers/tix-env.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 20 });
});
afterAll(() => sandbox.close());

const FIX = "; edit or remove it ('tix config path' prints where it is)";

/** [what the file holds, what tix says is wrong with it] */
const DAMAGED: [string, string, string][] = [
  ['empty', '', 'not valid JSON: Unexpected end of JSON input at line 1 column 1'],
  ['truncated', '{"profiles":{"default":{', "not valid JSON: Expected property name or '}' at line 1 column 25"],
  ['garbage', 'garbage\n', "not valid JSON: Unexpected token 'g' at line 1 column 1"],
  [
    'a trailing comma on line 3',
    '{\n  "profiles": {\n    "default": {"page-size": "7",}\n  }\n}\n',
    'not valid JSON: Expected double-quoted property name at line 3 column 34',
  ],
  ['an array', '[]\n', 'it holds an array, not an object such as {"profiles": {}}'],
  ['null', 'null\n', 'it holds null, not an object such as {"profiles": {}}'],
  ['a profile that is a string', '{"profiles":{"default":"x"}}\n', "profile 'default' is a string, not an object of settings"],
  ['profiles that are an array', '{"profiles":["default"]}\n', '"profiles" is an array, not an object of profiles'],
  [
    'a setting that is an object',
    '{"profiles":{"default":{"timeout":{"seconds":5}}}}\n',
    "'timeout' in profile 'default' is an object, not a string, number or boolean",
  ],
  ['a key that is a number', '{"profiles":{"default":{"api-key":12345}}}\n', "'api-key' in profile 'default' is a number, not a string"],
];

function damagedConfig(text: string): { dir: string; file: string; env: Record<string, string> } {
  const dir = tempDir('tix-damaged-');
  const file = join(dir, 'config.json');
  writeFileSync(file, text, { mode: 0o600 });
  return { dir, file, env: { TIX_CONFIG_DIR: dir } };
}

function expectOneLineFailure(result: TixResult, line: string): void {
  expect(result.stderr).toBe(`${line}\n`);
  expect(result.stdout).toBe('');
  expect(result.code).toBe(1);
}

describe.each(DAMAGED)('a config file holding %s', (_name, text, detail) => {
  it('fails the commands that read or change it with one line naming the file, and leaves it as it was', async () => {
    const { file, env } = damagedConfig(text);
    const error = `tix: cannot use the config file ${file}: ${detail}${FIX}`;
    for (const args of [
      ['config', 'list'],
      ['config', 'get', 'timeout'],
      ['config', 'set', 'timeout', '5'],
      ['config', 'unset', 'timeout'],
      ['auth', 'status'],
      ['auth', 'logout'],
    ]) {
      expectOneLineFailure(await runTix(args, { env }), error);
    }
    const login = await runTix(['auth', 'login', '--with-key'], { env: { ...env, TIX_BASE_URL: sandbox.url }, input: 'sandbox-key\n' });
    expectOneLineFailure(login, error);
    // Without a key or base URL from elsewhere, a run needs the file.
    expectOneLineFailure(await runTix(['events', 'search'], { env }), error);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('is ignored with one warning by runs that need nothing from it', async () => {
    const { file, env } = damagedConfig(text);
    const warning = `tix: warning: ignoring the config file ${file}: ${detail}${FIX}\n`;

    const path = await runTix(['config', 'path'], { env });
    expect(path).toMatchObject({ code: 0, stdout: `${file}\n`, stderr: warning });

    const fromEnv = await runTix(['events', 'search', '--page-size', '2', '-q'], { env: { ...env, ...sandboxEnv(sandbox.url) } });
    expect(fromEnv.stderr).toBe(warning);
    expect(fromEnv.code).toBe(0);
    expect(JSON.parse(fromEnv.stdout).events).toHaveLength(2);

    const inSandbox = await runTix(['--sandbox', 'agents', '-o', 'json'], { env });
    expect(inSandbox.code).toBe(0);
    expect(inSandbox.stderr.split(warning)).toHaveLength(2);
    expect(inSandbox.stderr).not.toContain('unexpected error');
    expect(JSON.parse(inSandbox.stdout).ticketAgents.length).toBeGreaterThan(0);

    const status = await runTix(['--sandbox', 'auth', 'status', '--json'], { env });
    expect(status.code).toBe(0);
    expect(status.stderr.split(warning)).toHaveLength(2);
    expect(JSON.parse(status.stdout)).toMatchObject({ state: 'sandbox' });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('a config file that cannot be read as a file', () => {
  it('is a folder: commands that need it fail naming it, config path warns', async () => {
    const dir = tempDir('tix-damaged-');
    const file = join(dir, 'config.json');
    mkdirSync(file);
    const env = { TIX_CONFIG_DIR: dir };
    const problem = `${file}: it is a folder, not a file; remove or rename that folder ('tix config path' prints where the file goes)`;
    for (const args of [
      ['config', 'list'],
      ['config', 'set', 'timeout', '5'],
      ['events', 'search'],
    ]) {
      expectOneLineFailure(await runTix(args, { env }), `tix: cannot use the config file ${problem}`);
    }
    expect(await runTix(['config', 'path'], { env })).toMatchObject({
      code: 0,
      stdout: `${file}\n`,
      stderr: `tix: warning: ignoring the config file ${problem}\n`,
    });
    const fromEnv = await runTix(['events', 'search', '--page-size', '1', '-q'], { env: { ...env, ...sandboxEnv(sandbox.url) } });
    expect(fromEnv).toMatchObject({ code: 0, stderr: `tix: warning: ignoring the config file ${problem}\n` });
  });

  it('is below a file (TIX_CONFIG_DIR names a file): commands that need it fail naming that file, nothing is written', async () => {
    const notAFolder = join(tempDir('tix-damaged-'), 'settings.txt');
    writeFileSync(notAFolder, 'not a folder\n');
    const env = { TIX_CONFIG_DIR: notAFolder };
    const file = join(notAFolder, 'config.json');
    const problem = `${file}: ${notAFolder} is a file, not a folder; set TIX_CONFIG_DIR to a folder, or move that file`;
    for (const args of [
      ['config', 'list'],
      ['config', 'set', 'timeout', '5'],
      ['auth', 'status'],
    ]) {
      expectOneLineFailure(await runTix(args, { env }), `tix: cannot use the config file ${problem}`);
    }
    expect(await runTix(['config', 'path'], { env })).toMatchObject({
      code: 0,
      stdout: `${file}\n`,
      stderr: `tix: warning: ignoring the config file ${problem}\n`,
    });
    const inSandbox = await runTix(['--sandbox', 'events', 'search', '--page-size', '1', '-q'], { env });
    expect(inSandbox).toMatchObject({ code: 0, stderr: `tix: warning: ignoring the config file ${problem}\n` });
    expect(readFileSync(notAFolder, 'utf8')).toBe('not a folder\n');
  });
});

describe('a damaged config file and --json', () => {
  it('reports the failure as a JSON line too, exit 1', async () => {
    const { file, env } = damagedConfig('{"profiles":');
    const result = await runTix(['config', 'list', '--json'], { env });
    expect(result.code).toBe(1);
    const [line, json] = result.stderr.trim().split('\n');
    expect(line).toBe(`tix: cannot use the config file ${file}: not valid JSON: Unexpected end of JSON input at line 1 column 13${FIX}`);
    expect(JSON.parse(json!)).toEqual({ error: { code: 1, message: line!.slice('tix: '.length) } });
  });
});
