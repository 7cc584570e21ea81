import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { apiGet } from '../../../helpers/api.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv, tempDir } from '../../../helpers/tix-env.js';

let sandbox: Sandbox;
let env: Record<string, string>;
beforeAll(async () => {
  sandbox = await startSandbox({ now: '2026-06-15T12:00:00Z', events: 500, seed: 5 });
  env = sandboxEnv(sandbox.url);
});
afterAll(() => sandbox.close());

const tix = (...args: string[]) => runTix(args, { env });

describe('tix events get', () => {
  it('prints one event as the API payload, in the list shape of any number of ids', async () => {
    const id = sandbox.events[3]!.id;
    const result = await tix('events', 'get', id);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ events: [(await apiGet(sandbox.url, `/events/${id}`)).body] });
  });

  it('fetches several ids (spaces, commas or stdin) in the order given', async () => {
    const ids = sandbox.events.slice(10, 15).map((e) => e.id);
    const result = await tix('events', 'get', ids[0]!, `${ids[1]},${ids[2]}`, ids[3]!, ids[4]!, '-o', 'ndjson');
    expect(result.code).toBe(0);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(ids);

    const piped = await runTix(['events', 'get', '-', '-o', 'ndjson', '--fields', 'id'], { env, input: `${ids.join('\n')}\n` });
    expect(
      piped.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(ids);
  });

  it('fails with exit 4 and names the event when one is not found, writing nothing', async () => {
    const result = await tix('events', 'get', sandbox.events[0]!.id, 'evt_doesnotexist');
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tix: .*evt_doesnotexist/);
  });

  it("looks up an agent's own ids with --agent", async () => {
    const chosen = sandbox.events.filter((e) => e.agentIds.TMUSA).slice(0, 3);
    const result = await tix('events', 'get', '--agent', 'ticketmaster', chosen.map((e) => e.agentIds.TMUSA!).join(','), '-o', 'ndjson');
    expect(result.code).toBe(0);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(chosen.map((e) => e.id));
  });

  it('refuses an id that is not a service id without --agent (exit 2)', async () => {
    const result = await tix('events', 'get', '12345');
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toMatch(/^tix: <id>: '12345' is not a service event id .*--agent/);
  });

  it('keeps ids with / ? # % in one path segment', async () => {
    const before = sandbox.log.length;
    const result = await tix('events', 'get', 'evt_../../events');
    // The sandbox refuses the malformed id (400 → exit 1); what matters is that it reached /events/{id}.
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/serviceEventId must be/);
    const paths = sandbox.log.slice(before).map((r) => r.path);
    expect(paths).toEqual(['/events/evt_..%2F..%2Fevents']);
  });
});

describe('tix events by-agent', () => {
  it('lists the events an agent knows, within --from/--to, with --name', async () => {
    const result = await tix('events', 'by-agent', 'seatGeek', '--from', '2026-06-15', '--to', '2027-06-15', '--all');
    expect(result.code).toBe(0);
    const list = JSON.parse(result.stdout).events;
    expect(list.length).toBeGreaterThan(0);
    for (const e of list) {
      expect(e.agentIds.SEATGEEK).toBeTruthy();
      expect(e.eventDate >= '2026-06-15' && e.eventDate <= '2027-06-15T23:59:59Z').toBe(true);
    }
    const named = await tix('events', 'by-agent', 'SEATGEEK', '--name', '%vs.%', '--all', '-o', 'ndjson');
    expect(named.code).toBe(0);
    for (const line of named.stdout.trim().split('\n')) expect(JSON.parse(line).name).toMatch(/vs\./i);
  });

  it('says which agents exist when the agent is unknown (exit 2, a usage error)', async () => {
    const result = await tix('events', 'by-agent', 'ticketbastion');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^tix: <agent>: 'ticketbastion' is not a ticket agent; agents: TMUSA \(ticketMaster\), STUBHUB \(stubHub\)/,
    );
  });
});

describe('exit codes and the key', () => {
  it('exit 3 with how to fix it when there is no key', async () => {
    const result = await runTix(['events', 'search'], { env: { TIX_BASE_URL: sandbox.url } });
    expect(result.code).toBe(3);
    expect(result.stderr.trim()).toBe("tix: no API key for profile 'default': run 'tix auth login', set TIX_API_KEY, or try --sandbox");
  });

  it('exit 3 when the key is not accepted (401), without showing the key', async () => {
    const result = await runTix(['events', 'search'], { env: sandboxEnv(sandbox.url, 'wrong-key-7f3a9') });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/not accepted/);
    expect(result.stderr).not.toContain('wrong-key-7f3a9');
  });

  it('exit 2 with how to fix it when there is no base URL', async () => {
    const result = await runTix(['events', 'search'], { env: { TIX_API_KEY: 'sandbox-key' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no API base URL: .*tix config set base-url/);
  });

  it('exit 5 when the API stays unavailable', async () => {
    const flaky = await startSandbox({ events: 10, failRate: 1 });
    try {
      const result = await runTix(['events', 'search', '--retries', '1'], { env: sandboxEnv(flaky.url) });
      expect(result.code).toBe(5);
      expect(result.stderr).toMatch(/unavailable.*2 attempts/);
    } finally {
      await flaky.close();
    }
  });
});

describe('--out', () => {
  it('writes the file whole, in the format its extension names', async () => {
    const dir = tempDir();
    const file = join(dir, 'events.csv');
    const result = await tix('events', 'search', '--page-size', '10', '--out', file);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^id,name/);
    expect(lines).toHaveLength(11);
  });

  it('leaves an existing file untouched when the run fails', async () => {
    const dir = tempDir();
    const file = join(dir, 'events.json');
    writeFileSync(file, 'yesterday');
    const result = await runTix(['events', 'search', '--out', file], { env: sandboxEnv(sandbox.url, 'bad') });
    expect(result.code).toBe(3);
    expect(readFileSync(file, 'utf8')).toBe('yesterday');
    expect(existsSync(join(dir, 'events.json'))).toBe(true);
  });
});

describe('--sandbox', () => {
  it('runs a real query against an in-process sandbox with no key or base URL', async () => {
    const result = await runTix(['--sandbox', 'events', 'search', '--category', 'concerts', '--page-size', '5']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).events).toHaveLength(5);
    expect(result.stderr).toMatch(/sandbox/);
    const quiet = await runTix(['events', 'search', '--sandbox', '-q', '--page-size', '5']);
    expect(quiet).toMatchObject({ code: 0, stderr: '' });
  });
});
