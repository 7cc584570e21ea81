/**
 * A distinctive API key must appear nowhere in stdout or stderr, raw or URL-encoded: every command, with
 * --debug, with errors forced (503s and retries, a refused connection, and a hostile server that echoes the
 * key back in its error messages, a redirect and a Retry-After answer), and with the key given by the
 * environment and by the stored profile. The key only ever reaches tix through the environment or stdin,
 * never its arguments.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import type { StubApi } from '../reliability/support/stub-api.js';
import { echoTheKey, expectNoLeak, KEY } from '../helpers/key-leaks.js';
import { runTix as tix, type TixResult as TixOutcome } from '../helpers/tix.js';

let ok: Sandbox;
let down: Sandbox;
let hostile: StubApi;
let refusedUrl: string;
let profileDir: string;
let ids: { service: string; tmusa: string; stubhub: string };

beforeAll(async () => {
  ok = await startSandbox({ events: 200, extraApiKeys: [KEY] });
  down = await startSandbox({ events: 200, failRate: 1, extraApiKeys: [KEY] });
  hostile = await echoTheKey();
  // A port that was free a moment ago: connecting is refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  refusedUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
  await new Promise((resolve) => probe.close(resolve));

  const event = ok.events.find((e) => e.agentIds.TMUSA && e.agentIds.STUBHUB)!;
  ids = { service: event.id, tmusa: event.agentIds.TMUSA!, stubhub: event.stubhubId };

  // The stored profile: the key goes in through `auth login`, from stdin.
  profileDir = mkdtempSync(join(tmpdir(), 'tix-secrets-'));
  const login = await tix(['auth', 'login', '--with-key', '--debug'], {
    env: { TIX_CONFIG_DIR: profileDir, TIX_BASE_URL: ok.url },
    input: `${KEY}\n`,
  });
  expect(login.code, login.stderr).toBe(0);
  expectNoLeak(login, 'auth login');
});

afterAll(async () => {
  await Promise.all([ok?.close(), down?.close(), hostile?.close()]);
  rmSync(profileDir, { recursive: true, force: true });
});

/** Every command that talks to the API, with --debug; json output where it adds the JSON error line. */
function apiCommands(): string[][] {
  return [
    ['events', 'search', '--all', '--page-size', '50', '-o', 'json'],
    ['events', 'search', '--page-size', '5', '-o', 'csv'],
    ['events', 'get', ids.service],
    ['events', 'get', '--agent', 'ticketMaster', ids.tmusa, '-o', 'ndjson'],
    ['events', 'by-agent', 'ticketMaster', '--limit', '5', '--from', '2020-01-01'],
    ['inventory', 'TMUSA', ids.tmusa, '-o', 'json'],
    ['sales', 'summary', ids.stubhub, '-o', 'json'],
    ['sales', 'details', ids.stubhub, '-o', 'csv'],
    ['auth', 'status'],
    ['auth', 'status', '--json'],
  ].map((args) => ['--debug', '--retries', '2', ...args]);
}

/** Commands that need no server. */
const LOCAL_COMMANDS = [
  ['agents'],
  ['config', 'list'],
  ['config', 'list', '--json'],
  ['config', 'get', 'base-url'],
  ['config', 'path'],
  ['--sandbox', 'events', 'search', '--page-size', '1'],
].map((args) => ['--debug', ...args]);

type KeySource = 'environment' | 'profile';

/** The environment for one run: the key from TIX_API_KEY, or from a copy of the profile's config folder. */
function envFor(source: KeySource, baseUrl: string, scratch: string): Record<string, string> {
  // A folder of its own either way: auth logout and login write to it.
  const config = mkdtempSync(join(scratch, 'config-'));
  if (source === 'environment') return { TIX_API_KEY: KEY, TIX_BASE_URL: baseUrl, TIX_CONFIG_DIR: config };
  cpSync(profileDir, config, { recursive: true });
  return { TIX_CONFIG_DIR: config, TIX_BASE_URL: baseUrl };
}

/** Runs the commands, a few at a time, and checks each for the key. Returns the outcomes. */
async function runAll(commands: string[][], source: KeySource, baseUrl: string): Promise<TixOutcome[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'tix-secrets-run-'));
  try {
    const outcomes: TixOutcome[] = [];
    for (let i = 0; i < commands.length; i += 4) {
      const batch = commands.slice(i, i + 4);
      outcomes.push(...(await Promise.all(batch.map((args) => tix(args, { env: envFor(source, baseUrl, scratch), input: `${KEY}\n` })))));
    }
    outcomes.forEach((outcome, i) => expectNoLeak(outcome, `${source} key, ${commands[i]!.join(' ')}`));
    return outcomes;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe.each(['environment', 'profile'] as const)('the key from the %s', (source) => {
  it('does not leak when everything works', async () => {
    const outcomes = await runAll(apiCommands(), source, ok.url);
    // It did work: the key was used and accepted.
    for (const outcome of outcomes) expect(outcome.code, outcome.stderr).toBe(0);
  });

  it('does not leak through 503s and retries', async () => {
    const outcomes = await runAll(apiCommands(), source, down.url);
    expect(outcomes.filter((o) => o.code === 5).length).toBeGreaterThanOrEqual(8);
    expect(outcomes.some((o) => /retrying in \d+ ms/.test(o.stderr))).toBe(true);
  });

  it('does not leak when the server echoes it back in errors, a redirect and Retry-After', async () => {
    const outcomes = await runAll(apiCommands(), source, hostile.url);
    for (const outcome of outcomes.filter((o) => !o.stdout.startsWith('profile:') && !o.stdout.startsWith('{"profile"'))) {
      expect(outcome.code).not.toBe(0);
      expect(outcome.stderr).toMatch(/^tix: /m);
    }
    // The server's messages are still shown, with the key masked.
    expect(outcomes.map((o) => o.stderr + o.stdout).join('\n')).toMatch(/key \*\*\* \(\*\*\*\) is not valid/);
  });

  it('does not leak when the connection is refused', async () => {
    const outcomes = await runAll(apiCommands(), source, refusedUrl);
    expect(outcomes.filter((o) => o.code === 5).length).toBeGreaterThanOrEqual(8);
  });

  it('does not leak from commands that need no server', async () => {
    const outcomes = await runAll(LOCAL_COMMANDS, source, ok.url);
    for (const outcome of outcomes) expect(outcome.code, outcome.stderr).toBe(0);
  });

  it('does not leak from auth login and logout', async () => {
    const outcomes = await runAll(
      [
        ['--debug', 'auth', 'login', '--with-key'],
        ['--debug', 'auth', 'logout'],
      ],
      source,
      hostile.url,
    );
    expect(outcomes[0]!.code).not.toBe(0);
    expect(outcomes[1]!.code).toBe(0);
  });
});
