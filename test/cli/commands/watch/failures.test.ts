/**
 * `tix watch` when things go wrong or a person is watching: Ctrl-C, failing polls, a refused key, unknown
 * agents and events, bad flags, and a real terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentIdsOf } from '../../../../src/api/agent-ids.js';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { apiGet } from '../../../helpers/api.js';
import { FIXED_NOW } from '../../../helpers/sandbox.js';
import { runTix } from '../../../helpers/tix.js';
import { CONFIG_FILE_CASES, configEnv, sandboxEnv } from '../../../helpers/tix-env.js';
import { runOnTerminal } from '../../../reliability/support/pty.js';
import { startTix } from '../../../helpers/tix-binary.js';

const NOW = Date.parse(FIXED_NOW);
const DAY = 86_400_000;

let sandbox: Sandbox;
let env: Record<string, string>;
/** An event on sale at NOW with listings at several agents. */
let event: { id: string; tmusa: string };

beforeAll(async () => {
  sandbox = await startSandbox({ now: FIXED_NOW, events: 300, seed: 4 });
  env = sandboxEnv(sandbox.url);
  const found = sandbox.events.find(
    (e) =>
      e.agentIds.TMUSA &&
      Object.keys(e.agentIds).length >= 3 &&
      e.presaleTime < NOW - DAY &&
      e.publicSaleTime < NOW - DAY &&
      e.eventTime > NOW + 30 * DAY,
  )!;
  event = { id: found.id, tmusa: found.agentIds.TMUSA! };
});
afterAll(() => sandbox.close());

const lines = (stdout: string) =>
  stdout
    .split('\n')
    .slice(0, -1)
    .map((text) => JSON.parse(text) as { type: string; agent: string; eventId: string });

describe('tix watch <evt_id>', () => {
  it('watches every agent that lists the event, each under its own id', async () => {
    const listing = (await apiGet(sandbox.url, `/events/${event.id}`)).body;
    const agents = agentIdsOf(listing);
    const result = await runTix(['watch', event.id, '--count', '1'], { env });
    expect(result.code, result.stderr).toBe(0);
    const snapshots = lines(result.stdout).filter((l) => l.type === 'snapshot');
    expect(new Map(snapshots.map((s) => [s.agent, s.eventId]))).toEqual(agents);
    expect(snapshots).toHaveLength(agents.size);
  });

  it('exits 4 for an unknown event, and 2 for an agent tix does not know', async () => {
    const unknownEvent = await runTix(['watch', 'evt_doesnotexist', '--count', '1'], { env });
    expect(unknownEvent.code).toBe(4);
    expect(unknownEvent.stderr).toMatch(/event evt_doesnotexist not found/);
    const unknownAgent = await runTix(['watch', 'NOSUCHAGENT', '123', '--count', '1'], { env });
    expect(unknownAgent.code).toBe(2);
    expect(unknownAgent.stderr).toMatch(/^tix: <agent>: 'NOSUCHAGENT' is not a ticket agent; agents: TMUSA/);
    expect(unknownAgent.stdout + unknownEvent.stdout).toBe('');
  });
});

describe('fetching', () => {
  it('asks for 12 ids of one agent in 2 requests per poll (10 at most each) and prints every event', async () => {
    const ids = sandbox.events.flatMap((e) => (e.agentIds.TMUSA ? [e.agentIds.TMUSA] : [])).slice(0, 12);
    expect(ids).toHaveLength(12);
    const before = sandbox.log.length;
    const result = await runTix(['watch', 'TMUSA', ...ids, '--count', '2', '--interval', '1s'], { env });
    expect(result.code, result.stderr).toBe(0);
    const requests = sandbox.log.slice(before).filter((r) => r.path.startsWith('/inventory/TMUSA/'));
    expect(requests).toHaveLength(4);
    expect(requests.map((r) => r.path.split('/').pop()!.split(',').length).sort()).toEqual([10, 10, 2, 2].sort());
    const snapshots = lines(result.stdout).filter((l) => l.type === 'snapshot');
    expect(snapshots.map((s) => s.eventId)).toEqual([...ids, ...ids]);
  });
});

describe('failures', () => {
  it('exits 3 at once when the key is refused, without showing it', async () => {
    for (const args of [['TMUSA', event.tmusa], [event.id]]) {
      const result = await runTix(['watch', ...args, '--interval', '1h'], { env: sandboxEnv(sandbox.url, 'wrong-key-123') });
      expect(result.code).toBe(3);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/the API key was not accepted \(HTTP 401/);
      expect(result.stderr).not.toContain('wrong-key-123');
    }
  });

  it('warns about a poll that fails after retries and goes on with the next', async () => {
    // Every other request to the same URL fails: polls 1 and 3 fail, 2 and 4 succeed.
    const flaky = await startSandbox({ now: FIXED_NOW, events: 300, seed: 4, failRate: 1, maxConsecutiveFailures: 1 });
    try {
      const result = await runTix(['--retries', '0', 'watch', 'TMUSA', event.tmusa, '--count', '4', '--interval', '1s'], {
        env: sandboxEnv(flaky.url),
      });
      expect(result.code, result.stderr).toBe(0);
      const warnings = result.stderr.split('\n').filter((l) => l.startsWith('tix: warning:'));
      expect(warnings).toEqual(
        [1, 3].map((poll) =>
          expect.stringMatching(
            new RegExp(
              `^tix: warning: poll ${poll}: no inventory for TMUSA ${event.tmusa}: the API is unavailable \\(HTTP 503.*the next poll tries again$`,
            ),
          ),
        ),
      );
      const printed = lines(result.stdout);
      // Polls 2 and 4 printed; 4 saw the same listings as 2 (a fixed clock), so only its snapshot.
      expect(printed.filter((l) => l.type === 'snapshot')).toHaveLength(2);
      expect(printed.at(-2)!.type).toBe('snapshot');
      expect(printed.at(-1)!.type).toBe('snapshot');
      expect(printed.slice(0, -2).every((l) => l.type === 'added')).toBe(true);
    } finally {
      await flaky.close();
    }
  });

  // With a config file and without one (issue 36 §1: with one, a dependency of conf once sent the signal twice).
  it.each(CONFIG_FILE_CASES)('exits 130 on Ctrl-C during the wait, with every line printed so far whole, %s', async (_config, withFile) => {
    const run = startTix(['watch', event.id, '--interval', '1h'], { env: { ...env, ...configEnv(withFile) } });
    let stdout = '';
    await new Promise<void>((resolve, reject) => {
      run.child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (stdout.includes('"type":"snapshot"') && stdout.endsWith('\n')) resolve();
      });
      run.done.then(() => reject(new Error('tix exited before its first poll was printed')), reject);
    });
    // The first poll is out and the next is an hour away: the signal lands in the wait.
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    expect(result.signal).toBeNull();
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(lines(result.stdout).length).toBeGreaterThan(1);
  });
});

describe('bad input', () => {
  it.each([
    [['--interval', '0s'], /--interval must be a duration from 1s to 24h in s, m or h \(a bare number is seconds\), not '0s'/],
    [['--interval', 'soon'], /--interval must be a duration/],
    [['--interval', '1.5m'], /--interval must be a duration/],
    [['--interval', '25h'], /--interval must be a duration/],
    [['--count', '0'], /--count must be a whole number from 1/],
    [['--count', 'many'], /--count must be a whole number/],
    [['--until-price', '-5'], /--until-price must be an amount such as 150 or 99.50/],
    [['--until-price', '$100'], /--until-price must be an amount/],
    [['-o', 'csv'], /--output: watch writes ndjson \(or coloured lines on a terminal\), not 'csv'/],
    [['--min-price', '300', '--max-price', '100'], /--min-price 300 is above --max-price 100/],
  ])('%j → exit 2', async (flags, message) => {
    const result = await runTix(['watch', 'TMUSA', 'G5v8HKyBKZbyJN', ...flags], { env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it.each([
    [['TMUSA'], /<ids>: give TMUSA's event ids to watch, or watch a service event id/],
    [['evt_abc', 'G5v8HKyBKZbyJN'], /'G5v8HKyBKZbyJN' is not a service event id/],
  ])('%j → exit 2', async (args, message) => {
    const result = await runTix(['watch', ...args, '--count', '1'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('accepts a bare number of seconds for --interval', async () => {
    const result = await runTix(['watch', 'TMUSA', event.tmusa, '--interval', '90', '--count', '1'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/every 90s/);
  });
});

describe('on a terminal', () => {
  // The harness types a line once a prompt appears; watch asks nothing, so the prompt is one never printed.
  const NO_PROMPT = 'no prompt expected';

  it('prints one coloured line per change and no NDJSON', async () => {
    const outcome = await runOnTerminal(['watch', 'TMUSA', event.tmusa, '--count', '1'], NO_PROMPT, '', env);
    expect(outcome.code).toBe(0);
    const shown = outcome.screen.split('\r\n').filter((l) => l.includes(event.tmusa));
    expect(shown.length).toBeGreaterThan(2);
    expect(shown.slice(0, -1).every((l) => l.includes('\x1b[32m+ added'))).toBe(true);
    expect(shown.at(-1)).toMatch(/\x1b\[36m= snapshot\x1b\[39m {2}\d+ listings, \d+ tickets, min [\d,.]+, median [\d,.]+, max [\d,.]+$/);
    expect(outcome.screen).not.toContain('{"type"');
  });

  it('prints plain lines with NO_COLOR, and NDJSON with -o ndjson', async () => {
    const plain = await runOnTerminal(['watch', 'TMUSA', event.tmusa, '--count', '1'], NO_PROMPT, '', { ...env, NO_COLOR: '1' });
    expect(plain.code).toBe(0);
    expect(plain.screen).not.toContain('\x1b[');
    expect(plain.screen).toMatch(/TMUSA \S+ {2}\+ added {5}.+: \d+ × [\d,.]+ \(\S+\)\r\n/);
    expect(plain.screen).not.toContain('{"type"');

    const json = await runOnTerminal(['watch', 'TMUSA', event.tmusa, '--count', '1', '-o', 'ndjson'], NO_PROMPT, '', env);
    expect(json.code).toBe(0);
    const records = json.screen.split('\r\n').filter((l) => l.startsWith('{'));
    expect(records.length).toBeGreaterThan(2);
    expect(JSON.parse(records.at(-1)!)).toMatchObject({ type: 'snapshot', agent: 'TMUSA', eventId: event.tmusa });
    expect(json.screen).not.toContain('\x1b[');
  });
});
