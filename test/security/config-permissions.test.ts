/**
 * The config folder and file modes, and folders tix cannot write to. tix creates its folder (and missing
 * parents) 0700 and never changes the mode of a folder it did not create; the file is 0600. A read-only
 * folder, HOME or a folder that is not yours gets one line naming it (exit 1), and a file holding a key
 * that other users may read gets a warning naming `chmod 600`, as ssh gives for a private key.
 *
 * Read-only folders are real: a read-only bind mount in a mount namespace of tix's own (unshare), since
 * chmod 0555 does not stop root. Permission denied runs tix as nobody (setpriv) when the tests run as root.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runBuiltTix as tix } from '../helpers/tix-binary.js';
import { testDir as tempDir } from '../helpers/tix-env.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 10 });
});
afterAll(() => sandbox.close());

const mode = (path: string) => statSync(path).mode & 0o777;
const asRoot = process.getuid?.() === 0;

/** Runs tix with `folder` bind-mounted read-only over itself, in a mount namespace that ends with tix. */
const UNSHARE = asRoot ? ['unshare', '--mount'] : ['unshare', '--map-root-user', '--mount'];
const readOnly = (folder: string) => [
  ...UNSHARE,
  'sh',
  '-c',
  'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"',
  folder,
];
const canUnshare = spawnSync(UNSHARE[0]!, [...UNSHARE.slice(1), 'true']).status === 0;
/** Root writes anywhere; nobody does not. */
const AS_ANOTHER_USER = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
const canSwitchUser = !asRoot || spawnSync(AS_ANOTHER_USER[0]!, [...AS_ANOTHER_USER.slice(1), 'true']).status === 0;

describe('folder modes', () => {
  it('the folder tix creates and every missing parent are 0700, whatever the umask; the file is 0600', async () => {
    const top = tempDir();
    const dir = join(top, 'made', 'by', 'tix');
    const result = await tix(['config', 'set', 'timeout', '5'], {
      env: { TIX_CONFIG_DIR: dir },
      wrapper: ['sh', '-c', 'umask 022; exec "$@"', 'sh'],
    });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: "Set timeout to 5 in profile 'default'.\n" });
    for (const folder of [join(top, 'made'), join(top, 'made', 'by'), dir]) expect(mode(folder), folder).toBe(0o700);
    expect(mode(join(dir, 'config.json'))).toBe(0o600);
  });

  it.for(['config set', 'auth login'])('%s leaves the mode of a folder that already existed alone', async (command) => {
    const dir = join(tempDir(), 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'config.json'), '{"profiles":{"other":{"page-size":"10"}}}\n');
    chmodSync(join(dir, 'config.json'), 0o644);
    const env = { TIX_CONFIG_DIR: dir, TIX_BASE_URL: sandbox.url };
    const result =
      command === 'config set'
        ? await tix(['config', 'set', 'timeout', '5'], { env })
        : await tix(['auth', 'login', '--with-key'], { env, input: 'sandbox-key\n' });
    expect(result.code, result.stderr).toBe(0);
    expect(mode(dir)).toBe(0o755);
    // The file is tix's: rewritten 0600 because it may hold keys.
    expect(mode(join(dir, 'config.json'))).toBe(0o600);
  });
});

describe.skipIf(!canUnshare)('a read-only config folder (a read-only bind mount: needs unshare --mount)', () => {
  it('config set, config unset and auth login fail with one line naming the folder, and change nothing', async () => {
    const dir = tempDir();
    const file = join(dir, 'config.json');
    const before = '{"profiles":{"default":{"timeout":"7","api-key":"old-key-123456"}}}\n';
    writeFileSync(file, before, { mode: 0o600 });
    const error = `tix: cannot write the config file ${file}: the folder ${dir} is read-only; set TIX_CONFIG_DIR to a folder you can write to\n`;
    const env = { TIX_CONFIG_DIR: dir, TIX_BASE_URL: sandbox.url };
    for (const args of [
      ['config', 'set', 'timeout', '5'],
      ['config', 'unset', 'timeout'],
      ['auth', 'logout'],
    ]) {
      expect(await tix(args, { env, wrapper: readOnly(dir) }), args.join(' ')).toMatchObject({ code: 1, stdout: '', stderr: error });
    }
    const login = await tix(['auth', 'login', '--with-key'], { env, input: 'sandbox-key\n', wrapper: readOnly(dir) });
    expect(login).toMatchObject({ code: 1, stdout: '', stderr: error });
    expect(readFileSync(file, 'utf8')).toBe(before);

    // Reading it is fine.
    expect(await tix(['config', 'get', 'timeout'], { env, wrapper: readOnly(dir) })).toMatchObject({ code: 0, stdout: '7\n', stderr: '' });
  });

  it('a read-only HOME: the folder tix would create is named, not a misleading ENOENT', async () => {
    const home = tempDir();
    const file = join(home, '.config', 'tix', 'config.json');
    const env = { HOME: home, TIX_CONFIG_DIR: undefined, XDG_CONFIG_HOME: undefined };
    const result = await tix(['config', 'set', 'output', 'csv'], { env, wrapper: readOnly(home) });
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `tix: cannot write the config file ${file}: the folder ${home} is read-only; set TIX_CONFIG_DIR to a folder you can write to\n`,
    });
    // Runs that store nothing do not mind.
    expect(await tix(['config', 'get', 'timeout'], { env, wrapper: readOnly(home) })).toMatchObject({
      code: 0,
      stdout: '30\n',
      stderr: '',
    });
  });
});

describe.skipIf(!canSwitchUser)('a config folder tix may not write to (as nobody when run as root: needs setpriv)', () => {
  it.for([
    ['the folder', ''],
    ['its parent, when the folder is missing', 'missing'],
  ])('%s: one line naming the folder, exit 1', async ([, below]) => {
    const locked = join(tempDir(), 'locked');
    mkdirSync(locked);
    chmodSync(join(locked, '..'), 0o755);
    chmodSync(locked, 0o555);
    const dir = below ? join(locked, below) : locked;
    const result = await tix(['config', 'set', 'timeout', '5'], { env: { TIX_CONFIG_DIR: dir }, wrapper: AS_ANOTHER_USER });
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `tix: cannot write the config file ${join(dir, 'config.json')}: permission denied on the folder ${locked}; set TIX_CONFIG_DIR to a folder you can write to\n`,
    });
  });
});

describe('a config file holding a key that other users may read', () => {
  function configWithMode(fileMode: number, profile: Record<string, string>): { file: string; env: Record<string, string> } {
    const dir = tempDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, `${JSON.stringify({ profiles: { default: profile } })}\n`);
    chmodSync(file, fileMode);
    return { file, env: { TIX_CONFIG_DIR: dir, TIX_BASE_URL: sandbox.url } };
  }
  const warning = (file: string, fileMode: string, who: string) =>
    `tix: warning: the config file ${file} holds an API key but its permissions ${fileMode} are too open (${who}); run 'chmod 600 ${file}'\n`;

  it.for([
    ['0644', 0o644, 'other users can read it'],
    ['0640', 0o640, 'other users can read it'],
    ['0620', 0o620, 'other users can change it'],
  ] as const)('mode %s: warned once on stderr, naming chmod 600; the run goes on', async ([shown, fileMode, who]) => {
    const { file, env } = configWithMode(fileMode, { 'api-key': 'sandbox-key', timeout: '9' });
    expect(await tix(['config', 'get', 'timeout'], { env })).toMatchObject({ code: 0, stdout: '9\n', stderr: warning(file, shown, who) });
    const search = await tix(['events', 'search', '--page-size', '1', '-q'], { env });
    expect(search).toMatchObject({ code: 0, stderr: warning(file, shown, who) });
    expect(JSON.parse(search.stdout).events).toHaveLength(1);
    expect(search.stderr).not.toContain('sandbox-key');
    expect(mode(file)).toBe(fileMode);

    chmodSync(file, 0o600);
    expect(await tix(['config', 'get', 'timeout'], { env })).toMatchObject({ code: 0, stdout: '9\n', stderr: '' });
    // Without a key there is nothing to protect.
    const noKey = configWithMode(fileMode, { timeout: '9' });
    expect(await tix(['config', 'get', 'timeout'], { env: noKey.env })).toMatchObject({ code: 0, stdout: '9\n', stderr: '' });
  });
});
