/**
 * `tix events get`: one JSON shape whatever the number of ids (`{"events":[...]}`, as events search), and one
 * rule for ids not found, by service id and by agent id alike: exit 4 and nothing written, or with
 * --partial the events found, a warning naming the missing ids, and exit 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from '../../../helpers/api.js';
import { useSandbox } from '../../../helpers/sandbox.js';
import { sendJson, startStubApi, type StubApi } from '../../../reliability/support/stub-api.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv, tempDir } from '../../../helpers/tix-env.js';

const sandbox = useSandbox({ now: '2026-06-15T12:00:00Z', events: 300, seed: 5 });
const tix = (...args: string[]) => runTix(args, { env: sandboxEnv(sandbox().url) });

/** Events with a StubHub id, and that id. */
const withStubhub = () =>
  sandbox()
    .events.filter((e) => e.agentIds.STUBHUB)
    .map((e) => ({ id: e.id, stubhub: e.agentIds.STUBHUB! }));

function yesterdaysFile(): string {
  const file = join(tempDir(), 'events.json');
  writeFileSync(file, 'yesterday');
  return file;
}

describe('events get -o json', () => {
  it('is {"events":[...]} for one service id, as for two, and as for agent ids', async () => {
    const [a, b] = sandbox().events;
    const one = await tix('events', 'get', a!.id, '-o', 'json');
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual({ events: [(await apiGet(sandbox().url, `/events/${a!.id}`)).body] });
    const two = await tix('events', 'get', a!.id, b!.id, '-o', 'json');
    expect(JSON.parse(two.stdout)).toEqual({
      events: [JSON.parse(one.stdout).events[0], (await apiGet(sandbox().url, `/events/${b!.id}`)).body],
    });

    const [c, d] = withStubhub();
    const oneAgentId = await tix('events', 'get', '--agent', 'STUBHUB', c!.stubhub, '-o', 'json');
    expect(oneAgentId.code, oneAgentId.stderr).toBe(0);
    expect(Object.keys(JSON.parse(oneAgentId.stdout))).toEqual(['events']);
    expect(JSON.parse(oneAgentId.stdout).events.map((e: { id: string }) => e.id)).toEqual([c!.id]);
    const twoAgentIds = await tix('events', 'get', '--agent', 'STUBHUB', c!.stubhub, d!.stubhub, '-o', 'json');
    expect(JSON.parse(twoAgentIds.stdout).events.map((e: { id: string }) => e.id)).toEqual([c!.id, d!.id]);
  });
});

describe('events get with an id not found', () => {
  it('by agent id: exit 4 naming the id, nothing on stdout, --out untouched', async () => {
    const [a] = withStubhub();
    const toStdout = await tix('events', 'get', '--agent', 'STUBHUB', a!.stubhub, '999999999');
    expect({ code: toStdout.code, stdout: toStdout.stdout }).toEqual({ code: 4, stdout: '' });
    expect(toStdout.stderr).toBe(
      'tix: no STUBHUB event found for id 999999999 (1 of 2); nothing was printed (--partial prints the events found)\n',
    );

    const out = yesterdaysFile();
    const toFile = await tix('events', 'get', '--agent', 'STUBHUB', a!.stubhub, '999999999', '--out', out);
    expect(toFile.code).toBe(4);
    expect(readFileSync(out, 'utf8')).toBe('yesterday');
  });

  it('by service id: the same rule, every missing id named', async () => {
    const [a] = sandbox().events;
    const result = await tix('events', 'get', 'evt_doesnotexist', a!.id, 'evt_neitherdoesthis');
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 4, stdout: '' });
    expect(result.stderr).toBe(
      'tix: no event found for ids evt_doesnotexist, evt_neitherdoesthis (2 of 3); nothing was printed (--partial prints the events found)\n',
    );
  });

  it('with --partial: the events found, written to --out, a warning naming the missing ids, exit 1', async () => {
    const [a, b] = withStubhub();
    const out = yesterdaysFile();
    const byAgent = await tix('events', 'get', '--agent', 'stubHub', a!.stubhub, '999999999', b!.stubhub, '--partial', '--out', out);
    expect({ code: byAgent.code, stdout: byAgent.stdout }).toEqual({ code: 1, stdout: '' });
    expect(byAgent.stderr).toBe('tix: warning: no stubHub event found for id 999999999 (1 of 3)\n');
    expect(JSON.parse(readFileSync(out, 'utf8')).events.map((e: { id: string }) => e.id)).toEqual([a!.id, b!.id]);

    const byService = await tix('events', 'get', a!.id, 'evt_doesnotexist', '--partial', '-o', 'ndjson');
    expect(byService.code).toBe(1);
    expect(
      byService.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual([a!.id]);
    expect(byService.stderr).toBe('tix: warning: no event found for id evt_doesnotexist (1 of 2)\n');
  });
});

describe('events get --agent when the listings do not carry agent ids', () => {
  // The contract promises only id and name: a proxy that drops agentIds stands in for such an API.
  let proxy: StubApi;
  beforeAll(async () => {
    proxy = await startStubApi({
      handle: async (req, res) => {
        const upstream = await fetch(sandbox().url + req.url, { headers: { 'x-api-key': String(req.headers['x-api-key']) } });
        const body = (await upstream.json()) as { events?: Record<string, unknown>[] };
        for (const event of body.events ?? []) delete event.agentIds;
        sendJson(res, upstream.status, body);
      },
    });
  });
  afterAll(() => proxy.close());

  it('still fails with exit 4 when fewer events come back than ids were asked, saying how many', async () => {
    const [a] = withStubhub();
    const result = await runTix(['events', 'get', '--agent', 'STUBHUB', a!.stubhub, '999999999'], { env: sandboxEnv(proxy.url) });
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 4, stdout: '' });
    expect(result.stderr).toBe(
      "tix: no STUBHUB event found for 1 of 2 ids (the API's listings do not say which); nothing was printed (--partial prints the events found)\n",
    );
  });
});
