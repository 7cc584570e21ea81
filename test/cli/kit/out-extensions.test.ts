/**
 * `--out FILE` picks the format from FILE's extension when -o is not on the command line. An extension tix
 * does not know is refused (exit 2, listing the known ones) instead of writing JSON under a spreadsheet's
 * name; with -o the name is free.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { expectCleanFailure } from '../../reliability/support/expect-output.js';
import { runTix as tix } from '../../helpers/tix.js';
import { sandboxEnv as apiEnv, testDir as tempDir } from '../../helpers/tix-env.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 50, now: '2026-03-15T03:00:00Z' });
});
afterAll(() => sandbox.close());

const SEARCH = ['events', 'search', '--limit', '3'];
const UNKNOWN = /^tix: --out: unknown file extension '\.xlsx'; use one of \.csv, \.tsv, \.json, \.ndjson, \.jsonl, \.parquet, or give -o$/;

it('--out x.xlsx without -o: exit 2 listing the extensions, and an existing file is left as it was', async () => {
  const file = join(tempDir(), 'report.xlsx');
  writeFileSync(file, 'yesterday');
  const result = await tix([...SEARCH, '--out', file], { env: apiEnv(sandbox.url) });
  expectCleanFailure(result, 2, UNKNOWN);
  expect(readFileSync(file, 'utf8')).toBe('yesterday');
});

it('--out x.xlsx with a TIX_OUTPUT setting but no -o is refused too: a setting is not an answer for this file', async () => {
  const file = join(tempDir(), 'report.xlsx');
  const result = await tix([...SEARCH, '--out', file], { env: { ...apiEnv(sandbox.url), TIX_OUTPUT: 'csv' } });
  expectCleanFailure(result, 2, UNKNOWN);
  expect(existsSync(file)).toBe(false);
});

it('--out x.xlsx -o csv writes csv under that name', async () => {
  const file = join(tempDir(), 'report.xlsx');
  const result = await tix([...SEARCH, '--out', file, '-o', 'csv', '--fields', 'id,name'], { env: apiEnv(sandbox.url) });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe('');
  const lines = readFileSync(file, 'utf8').split('\r\n');
  expect(lines[0]).toBe('id,name');
  expect(lines.slice(1).filter((line) => line !== '')).toHaveLength(3);
});

it('--json --out x.txt writes the JSON document', async () => {
  const file = join(tempDir(), 'events.txt');
  const result = await tix([...SEARCH, '--json', '--out', file], { env: apiEnv(sandbox.url) });
  expect(result.code, result.stderr).toBe(0);
  expect(JSON.parse(readFileSync(file, 'utf8')).events).toHaveLength(3);
});

it('known extensions in any case still choose the format: .JSONL is ndjson', async () => {
  const file = join(tempDir(), 'events.JSONL');
  const result = await tix([...SEARCH, '--out', file], { env: apiEnv(sandbox.url) });
  expect(result.code, result.stderr).toBe(0);
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  expect(lines).toHaveLength(3);
  for (const line of lines) expect(JSON.parse(line)).toHaveProperty('id');
});
