/**
 * --excel-safe end to end, through the CLI: text cells the API sent that begin with =, +, -, @, tab or
 * carriage return get a leading ' in csv and tsv (OWASP's advice against formula injection); numbers are
 * never changed; without the flag nothing is touched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startStubApi, type StubApi } from '../reliability/support/stub-api.js';
import { runTix as tix } from '../helpers/tix.js';
import { sandboxEnv as apiEnv, testDir as tempDir } from '../helpers/tix-env.js';

/** Names as a hostile or careless source might send them, and what a spreadsheet-safe export holds. */
const NAMES: [sent: string, safe: string][] = [
  ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
  ['+1+cmd|" /C calc"!A0', `'+1+cmd|" /C calc"!A0`],
  ['-2+3', `'-2+3`],
  ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
  ['\t=1+1', `'\t=1+1`],
  ['\r=1+1', `'\r=1+1`],
  ['-5', `'-5`], // text that looks like a number is still text
  ['Plain name', 'Plain name'],
  [' =not first', ' =not first'],
];

const EVENTS = NAMES.map(([name], i) => ({ id: `evt_x${i}`, name, capacity: -1 - i, score: 12.5, city: i === 0 ? '@Boston' : 'Boston' }));
const INVENTORY = {
  data: [
    {
      eventId: 'ab1',
      ticketAgent: 'TMUSA',
      sections: [{ section: '=cmd', row: '+1', quantity: 2, price: -12.5, listingId: '@id', note: '-note' }],
    },
  ],
  timestamp: '2026-03-15T03:00:00Z',
};

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi({
    handle: (request, response) => {
      if (request.url?.startsWith('/events')) sendJson(response, 200, { events: EVENTS });
      else sendJson(response, 200, INVENTORY);
    },
  });
});
afterAll(() => api.close());

const run = (...args: string[]) => tix(args, { env: apiEnv(api.url) });

describe('--excel-safe', () => {
  it('csv: guards each risky text cell, leaves numbers and safe text alone', async () => {
    const result = await run('events', 'search', '-o', 'csv', '--excel-safe');
    expect(result.code, result.stderr).toBe(0);
    const rows: Record<string, string>[] = parseCsv(result.stdout, { columns: true });
    expect(rows.map((r) => r.name)).toEqual(NAMES.map(([, safe]) => safe));
    expect(rows.map((r) => r.capacity)).toEqual(EVENTS.map((e) => String(e.capacity)));
    expect(rows.every((r) => r.score === '12.5')).toBe(true);
    expect(rows[0]!.city).toBe("'@Boston");
  });

  it('tsv: the same, after the tab and carriage return are escaped', async () => {
    const result = await run('events', 'search', '-o', 'tsv', '--excel-safe', '--fields', 'id,name,capacity');
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('id\tname\tcapacity');
    const cells = lines.slice(1).map((line) => line.split('\t'));
    const escaped = (text: string) => text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
    expect(cells.map((c) => c[1])).toEqual(NAMES.map(([, safe]) => escaped(safe)));
    expect(cells.map((c) => c[2])).toEqual(EVENTS.map((e) => String(e.capacity)));
  });

  it('guards inventory rows, agent-specific fields included, and keeps a negative price a number', async () => {
    const result = await run('inventory', 'TMUSA', 'ab1', '-o', 'csv', '--excel-safe');
    expect(result.code, result.stderr).toBe(0);
    const [row] = parseCsv(result.stdout, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ section: "'=cmd", row: "'+1", quantity: '2', price: '-12.5', listingId: "'@id", note: "'-note" });
  });

  it('works the same into a file with --out', async () => {
    const file = join(tempDir(), 'events.csv');
    const result = await run('events', 'search', '--out', file, '--excel-safe', '--fields', 'name');
    expect(result.code, result.stderr).toBe(0);
    const rows: Record<string, string>[] = parseCsv(readFileSync(file, 'utf8'), { columns: true });
    expect(rows.map((r) => r.name)).toEqual(NAMES.map(([, safe]) => safe));
  });

  it('without the flag, the text is exactly as the API sent it', async () => {
    const result = await run('events', 'search', '-o', 'csv', '--fields', 'name');
    const rows: Record<string, string>[] = parseCsv(result.stdout, { columns: true });
    expect(rows.map((r) => r.name)).toEqual(NAMES.map(([sent]) => sent));
  });
});
