import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv } from '../../../helpers/tix-env.js';

// --all over 20 pages returns exactly the sandbox's count, in order, no duplicates. 5,000 events in pages of 250
// are the 20 pages (and pages in flight) that 20,000 in pages of 1,000 were, a quarter of the rows to write and
// read back; the time of a big export is the benchmark's (scenario 3).
const EVENTS = 5_000;
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: '2026-06-15T12:00:00Z', events: EVENTS, seed: 11 });
});
afterAll(() => sandbox.close());

const ARGS = ['events', 'search', '--all', '--page-size', '250'];

function idsFrom(format: string, stdout: string): string[] {
  switch (format) {
    case 'json':
      return JSON.parse(stdout).events.map((e: { id: string }) => e.id);
    case 'ndjson':
      return stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id);
    case 'csv':
      return (parseCsv(stdout, { columns: true }) as { id: string }[]).map((r) => r.id);
    case 'tsv':
      return stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t')[0]!);
    default: // table: one row per event, id in the first column
      return [...stdout.matchAll(/(evt_\w+)/g)].map((m) => m[1]!);
  }
}

describe('tix events search --all', () => {
  it.each(['json', 'ndjson', 'csv', 'tsv', 'table'])(
    'returns every event once, in order, as %s',
    async (format) => {
      const result = await runTix([...ARGS, '-o', format], { env: sandboxEnv(sandbox.url), timeoutMs: 60_000 });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      const ids = idsFrom(format, result.stdout);
      expect(ids).toHaveLength(EVENTS);
      expect(new Set(ids).size).toBe(EVENTS);
      // The sandbox's default order (event date, then id) is the order of its generated list sorted the same way.
      const expected = [...sandbox.events]
        .sort((a, b) => (a.eventDate < b.eventDate ? -1 : a.eventDate > b.eventDate ? 1 : a.id < b.id ? -1 : 1))
        .map((e) => e.id);
      expect(ids).toEqual(expected);
    },
    90_000,
  );
});
