import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { ExitCode, TixError } from '../../src/shared/errors.js';
import { SCHEMA_VERSION } from '../../src/store/duckdb-schema.js';
import { openStore } from '../../src/store/open.js';
import { tempDir } from '../helpers/tix-env.js';
import { defineStoreContract, listing, snapshot } from './contract.js';

const open = (location: string, readOnly = false) => openStore(location, { lockTimeoutSeconds: 5, readOnly });

defineStoreContract('DuckDB', {
  fresh: async () => join(tempDir('tix-store-'), 'history.duckdb'),
  open,
});

describe('a DuckDB history file', () => {
  it("is created with its folder on first write (tix's own folder only), and records the schema version", async () => {
    const file = join(tempDir('tix-store-'), 'deep', 'er', 'history.duckdb');
    // A folder the user named must exist (exit 2); tix makes only its default data folder.
    await expect(open(file)).rejects.toMatchObject({
      exitCode: ExitCode.USAGE,
      message: `--db: folder ${join(file, '..')} does not exist`,
    });
    const store = await openStore(file, { lockTimeoutSeconds: 5, createFolder: true });
    expect(store).toMatchObject({ kind: 'duckdb', location: file });
    await store.close();
    expect(await query(file, 'SELECT schema_version FROM tix_meta')).toEqual([{ schema_version: SCHEMA_VERSION }]);
  });

  it('is not created by a reader: no file is no history (exit 4)', async () => {
    const file = join(tempDir('tix-store-'), 'history.duckdb');
    await expect(open(file, true)).rejects.toMatchObject({ exitCode: ExitCode.NOT_FOUND, message: expect.stringContaining('tix track') });
  });

  it('refuses a file from a newer tix, without touching it', async () => {
    const file = join(tempDir('tix-store-'), 'history.duckdb');
    await (await open(file)).close();
    await query(file, `UPDATE tix_meta SET schema_version = ${SCHEMA_VERSION + 1}`);
    const before = readFileSync(file);
    for (const readOnly of [false, true]) {
      const error = await open(file, readOnly).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TixError);
      expect(error).toMatchObject({
        exitCode: ExitCode.ERROR,
        message: expect.stringMatching(new RegExp(`newer tix .*schema version ${SCHEMA_VERSION + 1}.*upgrade tix`)),
      });
    }
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a file that is not a DuckDB database, leaving its bytes as they were', async () => {
    // Garbage, and another database's file (which DuckDB would try to download an extension for).
    for (const bytes of [Buffer.from('not a database, just words\n'.repeat(400)), Buffer.from('SQLite format 3\u0000'.padEnd(8192, 'x'))]) {
      const file = join(tempDir('tix-store-'), 'history.duckdb');
      writeFileSync(file, bytes);
      for (const readOnly of [false, true]) {
        await expect(open(file, readOnly)).rejects.toMatchObject({
          exitCode: ExitCode.ERROR,
          message: expect.stringContaining('is not a DuckDB database'),
        });
      }
      expect(readFileSync(file).equals(bytes)).toBe(true);
    }
  });

  it('adds its tables to a DuckDB file that has none of them', async () => {
    const file = join(tempDir('tix-store-'), 'mine.duckdb');
    await query(file, 'CREATE TABLE notes (body VARCHAR)');
    await expect(open(file, true)).rejects.toMatchObject({ exitCode: ExitCode.NOT_FOUND });
    const store = await open(file);
    await store.record([snapshot('TMUSA', 'X', '2026-03-15T03:00:00Z', [listing('A1', 10)])], []);
    await store.close();
    expect(await query(file, 'SELECT count(*)::INTEGER AS n FROM notes')).toEqual([{ n: 0 }]);
    expect(await query(file, 'SELECT listing_id, extra FROM listings')).toEqual([{ listing_id: 'A1', extra: '{}' }]);
  });
});

/** Runs SQL on a DuckDB file directly, as an analyst would. */
async function query(file: string, sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(file);
  try {
    const connection = await instance.connect();
    const rows = (await connection.runAndReadAll(sql)).getRowObjectsJS();
    connection.closeSync();
    return rows;
  } finally {
    instance.closeSync();
  }
}
