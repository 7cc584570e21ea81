import { parse as parseCsv } from 'csv-parse/sync';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten } from '../../../src/output/flatten.js';
import { FIXED_NOW, useSandbox } from '../../helpers/sandbox.js';
import { runTix } from '../../helpers/tix.js';
import { sandboxEnv, tempDir } from '../../helpers/tix-env.js';

// The API's fields vary by agent, so with small pages a column can first appear pages after the csv header
// went out. A file gets every column; stdout keeps its header and says which columns it could not show.
const sandbox = useSandbox({ now: FIXED_NOW });

const QUERIES = {
  'events search, fields varying by page': ['events', 'search', '--page-size', '2', '--all', '--limit', '40'],
  'events search, fields varying by the agents that list each event': [
    'events',
    'search',
    '--category',
    'sports',
    '--page-size',
    '1',
    '--all',
    '--limit',
    '25',
  ],
};

/** The flattened records of the same query as NDJSON: the reference for every other format. */
async function ndjsonRecords(args: string[]): Promise<Record<string, unknown>[]> {
  const result = await runTix([...args, '-o', 'ndjson'], { env: sandboxEnv(sandbox().url) });
  expect(result.code).toBe(0);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => flatten(JSON.parse(line)));
}

function unionOf(records: Record<string, unknown>[]): Set<string> {
  return new Set(records.flatMap((r) => Object.keys(r)));
}

function parseDelimited(format: string, text: string): string[][] {
  if (format === 'csv') return parseCsv(text) as string[][];
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.split('\t'));
}

describe.each(Object.entries(QUERIES))('%s', (_, args) => {
  it.each(['csv', 'tsv'])('--out file.%s has every column of the NDJSON output, and every value', async (format) => {
    const records = await ndjsonRecords(args);
    const union = unionOf(records);
    const dir = tempDir('tix-columns-');
    const file = join(dir, `out.${format}`);
    const result = await runTix([...args, '--out', file], { env: sandboxEnv(sandbox().url) });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain('warning');
    const [header, ...rows] = parseDelimited(format, readFileSync(file, 'utf8'));
    expect(new Set(header)).toEqual(union);
    expect(rows).toHaveLength(records.length);
    rows.forEach((row, i) => {
      expect(row).toHaveLength(header!.length);
      header!.forEach((column, j) => expect(row[j], `${column} of row ${i}`).toBe(String(records[i]![column] ?? '')));
    });
    expect(readdirSync(dir)).toEqual([`out.${format}`]);
  });

  it.each(['csv', 'tsv'])('%s on stdout keeps its header and names the columns left out, exit 0', async (format) => {
    const records = await ndjsonRecords(args);
    const union = unionOf(records);
    const result = await runTix([...args, '-o', format], { env: sandboxEnv(sandbox().url) });
    expect(result.code).toBe(0);
    const [header, ...rows] = parseDelimited(format, result.stdout);
    expect(rows).toHaveLength(records.length);
    const leftOut = [...union].filter((c) => !header!.includes(c));
    // The premise of the test: this query does have columns that first appear after the first page.
    expect(leftOut.length).toBeGreaterThan(0);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('tix: warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/not in the output: .*--out.*--fields.*-o ndjson/);
    for (const column of leftOut) expect(warnings[0]).toContain(column);
  });

  it('with --fields nothing is left out and nothing is warned', async () => {
    const result = await runTix([...args, '-o', 'csv', '--fields', 'id,agentIds.VIVID,agentIds.TICKPICK'], {
      env: sandboxEnv(sandbox().url),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('warning');
    expect(parseCsv(result.stdout)[0]).toEqual(['id', 'agentIds.VIVID', 'agentIds.TICKPICK']);
  });
});
