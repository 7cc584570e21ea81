/**
 * A run that did not do what was asked never exits 0 and never touches an existing --out file (docs/exit-codes.md,
 * "When a failed run writes"): an incomplete `events view` without --partial, a non-JSON 2xx to `tix api`, a chart asked
 * for as a data file. Each case runs the built tix against a sandbox or a server of its own on 127.0.0.1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectCleanFailure, expectNoStackTrace } from './support/expect-output.js';
import { CLOCK, eventWithSales, useSandbox, type Sandbox } from './support/sandboxes.js';
import { runTix as tix } from '../helpers/tix.js';
import { sandboxEnv as apiEnv, testDir as tempDir } from '../helpers/tix-env.js';
import { SANDBOX_NOSALES_KEY } from '../helpers/sandbox.js';

const YESTERDAY = 'agent,eventId\r\nYESTERDAY,1\r\n';

/** An existing --out file, as yesterday's run left it. */
function yesterdaysFile(name: string): string {
  const file = join(tempDir(), name);
  writeFileSync(file, YESTERDAY);
  return file;
}

/** An event on sale at the sandbox clock that SKYBOX, StubHub and at least two more agents list. */
function eventWithSkybox(sandbox: Sandbox): Sandbox['events'][number] {
  const event = sandbox.events.find(
    (e) =>
      e.eventDate > CLOCK && e.publicSaleDate < CLOCK && e.agentIds.SKYBOX && e.agentIds.STUBHUB && Object.keys(e.agentIds).length >= 4,
  );
  if (!event) throw new Error('no event listed by SKYBOX and StubHub');
  return event;
}

describe('events view when one agent fails', () => {
  const skyboxDown = useSandbox({ events: 1200, failAgents: ['SKYBOX'] });

  it('without --partial: nothing on stdout, the --out file untouched, the failed agent named, its exit code', async () => {
    const event = eventWithSkybox(skyboxDown());
    const env = apiEnv(skyboxDown().url);
    const out = yesterdaysFile('v.csv');
    const toFile = await tix(['events', 'view', event.id, '--out', out, '--retries', '0'], { env });
    expectCleanFailure(
      toFile,
      5,
      new RegExp(
        `^tix: ${event.id}: SKYBOX \\(${event.agentIds.SKYBOX}\\) failed: .*503.*; nothing was printed \\(--partial prints the rest\\)$`,
      ),
    );
    expect(readFileSync(out, 'utf8')).toBe(YESTERDAY);

    const toStdout = await tix(['events', 'view', event.id, '-o', 'csv', '--retries', '0'], { env });
    expectCleanFailure(toStdout, 5, /SKYBOX .* failed: /);
  });

  it('with --partial: the file holds the agents that answered and the failed one marked, a warning, exit 1', async () => {
    const event = eventWithSkybox(skyboxDown());
    const out = yesterdaysFile('v.csv');
    const result = await tix(['events', 'view', event.id, '--out', out, '--partial', '--retries', '0'], { env: apiEnv(skyboxDown().url) });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    expectNoStackTrace(result.stderr);
    expect(result.stderr).toMatch(new RegExp(`^tix: warning: SKYBOX \\(${event.agentIds.SKYBOX}\\) failed: .*503`, 'm'));
    const lines = readFileSync(out, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('agent,eventId,listings,tickets,minPrice,medianPrice,maxPrice,timestamp,error');
    expect(lines).toHaveLength(1 + Object.keys(event.agentIds).length);
    expect(lines.find((line) => line.startsWith('SKYBOX,'))).toMatch(/^SKYBOX,\d+,,,,,,,.*503/);
  });
});

describe('events view when the sales request fails', () => {
  const sandbox = useSandbox({ events: 1200 });

  it('without --partial exits with the sales error (3 for a key without sales rights) and leaves --out alone', async () => {
    const event = eventWithSkybox(sandbox());
    const out = yesterdaysFile('v.json');
    const result = await tix(['events', 'view', event.id, '--out', out, '--retries', '0'], {
      env: apiEnv(sandbox().url, SANDBOX_NOSALES_KEY),
    });
    expectCleanFailure(
      result,
      3,
      /^tix: evt_\w+: sales: this API key is not allowed sales data \(HTTP 403\); --no-sales leaves them out; nothing was printed \(--partial prints the rest\)$/,
    );
    expect(readFileSync(out, 'utf8')).toBe(YESTERDAY);
  });

  it('with --partial writes the market and salesError, warns, exits 1', async () => {
    const event = eventWithSkybox(sandbox());
    const out = join(tempDir(), 'v.json');
    const result = await tix(['events', 'view', event.id, '--out', out, '--partial', '--retries', '0'], {
      env: apiEnv(sandbox().url, SANDBOX_NOSALES_KEY),
    });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toBe('tix: warning: sales: this API key is not allowed sales data (HTTP 403); --no-sales leaves them out\n');
    const view = JSON.parse(readFileSync(out, 'utf8'));
    expect(view.market).toHaveLength(Object.keys(event.agentIds).length);
    expect(view.salesError).toMatch(/HTTP 403/);
  });
});

describe.each([
  ['html', 'text/html'],
  ['not-json', 'application/json'],
] as const)('tix api when a 200 is not JSON (the %s fault)', (fault, type) => {
  const sandbox = useSandbox({ events: 50, fault });
  const eventPath = () => `/events/${sandbox().events[0]!.id}`;

  it('exits 1 with the reason, prints nothing, and leaves --out alone', async () => {
    const out = yesterdaysFile('event.json');
    const result = await tix(['api', eventPath(), '--out', out], { env: apiEnv(sandbox().url) });
    const reason =
      type === 'text/html'
        ? `expected JSON from GET ${eventPath()} but got text/html \\(HTTP 200\\)`
        : `the response from GET ${eventPath()} is not valid JSON \\(HTTP 200\\): it looks like an HTML page`;
    expectCleanFailure(result, 1, new RegExp(`^tix: ${reason}`));
    expect(readFileSync(out, 'utf8')).toBe(YESTERDAY);
    expectCleanFailure(await tix(['api', eventPath()], { env: apiEnv(sandbox().url) }), 1, new RegExp(`^tix: ${reason}`));
  });

  it('with -i shows the head and the body on stderr, stdout empty, and still exits 1', async () => {
    const result = await tix(['api', eventPath(), '-i'], { env: apiEnv(sandbox().url) });
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 1, stdout: '' });
    expectNoStackTrace(result.stderr);
    expect(result.stderr).toMatch(new RegExp(`^HTTP/1.1 200 OK\\n(.+\\n)*content-type: ${type}`));
    expect(result.stderr).toContain('<h1>We&rsquo;ll be right back</h1>');
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^tix: .*(expected JSON|not valid JSON)/);
  });
});

describe('sales summary --chart with a data file', () => {
  const sandbox = useSandbox({ events: 1200 });

  it('--out naming a data format (csv, json, tsv, ndjson, parquet) is refused like -o csv (exit 2), the file untouched; --out chart.txt gets the chart', async () => {
    const id = await eventWithSales(sandbox());
    for (const name of ['c.csv', 'c.json', 'c.tsv', 'c.ndjson', 'c.parquet']) {
      const out = yesterdaysFile(name);
      const result = await tix(['sales', 'summary', id, '--chart', '--out', out], { env: apiEnv(sandbox().url) });
      expectCleanFailure(
        result,
        2,
        new RegExp(
          `^tix: --chart draws for people; it cannot be combined with --out ${out}, which names \\w+ data \\(give another extension, such as \\.txt\\)$`,
        ),
      );
      expect(readFileSync(out, 'utf8')).toBe(YESTERDAY);
    }

    const out = join(tempDir(), 'chart.txt');
    const result = await tix(['sales', 'summary', id, '--chart', '--out', out], { env: apiEnv(sandbox().url) });
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(out, 'utf8')).toMatch(/Tickets/);
  });
});
