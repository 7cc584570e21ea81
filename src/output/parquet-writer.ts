// fs.promises on use, not node:fs/promises at load: it brings readline and the file watchers (~1 ms of
// start-up) to every run, and this module loads with the format table.
import { createReadStream, promises as fsp } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExitCode, TixError } from '../shared/errors.js';
import { importingDuckDb } from '../shared/external-packages.js';
import { resolveColumns } from './columns.js';
import { csvField } from './csv.js';
import { accessor, type Accessor } from './flatten.js';
import type { StagedRows } from './parquet-convert.js';
import { Kind, sqlType, stringKind } from './parquet-types.js';
import { ShapeWatch } from './shape-watch.js';
import type { RowWriter, RowWriterOptions } from './row-writer-interface.js';
import { scratchDir, type Scratch } from './scratch-dir.js';
import type { Sink } from './sink.js';

/** Staged text goes to disk in pieces of about this many characters, as csv does (delimited-writer.ts). */
const WRITE_CHARS = 64 * 1024;
/** The finished file reaches the sink in pieces of this many bytes. */
const READ_BYTES = 256 * 1024;

interface Column {
  name: string;
  read: Accessor;
  /** Kind bits of every non-null value seen (parquet-types.ts). */
  kinds: number;
}

export function createParquetWriter(sink: Sink, options: RowWriterOptions): RowWriter {
  return new ParquetWriter(sink, options);
}

/**
 * Parquet through DuckDB. A Parquet column has one type, known only once every row is seen, and DuckDB's
 * native library is large: so rows are first staged as text in a scratch folder (the csv writer's pace and
 * memory, DuckDB not loaded), while each column notes what kinds of value it held; end() has DuckDB read
 * the staged rows, cast each column to its type and write the Parquet file, which is then copied into the
 * sink. The sink owns atomicity as for every format: a run that fails anywhere leaves no file.
 *
 * The columns are those a csv file would have (the documented ones, then the first batch's other keys,
 * then keys first seen later, or exactly --fields), so the two exports of one command hold the same cells.
 * Rows staged before a column was added are shorter; DuckDB's null_padding reads their missing fields as null.
 */
class ParquetWriter implements RowWriter {
  #columns: Column[] | undefined;
  #collided = new Set<string>();
  /** Notices columns no earlier record had (not used with --fields): added at the end, earlier rows null there. */
  #shapes: ShapeWatch | undefined;
  #scratch: Scratch | undefined;
  /**
   * The staged rows' file. Appended to piece by piece rather than held open: a run that fails part-way never
   * reaches end(), and an open handle left to the garbage collector is a Node warning on stderr.
   */
  #staging: { staged: StagedRows } | undefined;

  constructor(
    private readonly sink: Sink,
    private readonly options: RowWriterOptions,
  ) {}

  async write(records: readonly object[]): Promise<void> {
    if (records.length === 0) return;
    const columns = (this.#columns ??= this.#resolveColumns(records));
    const staging = (this.#staging ??= await this.#openStaging());
    const { staged } = staging;
    let count = columns.length;
    let out = '';
    for (const item of records) {
      const record = item !== null && typeof item === 'object' ? item : NO_FIELDS;
      const fresh = this.#shapes?.notice(record) ?? [];
      if (fresh.length > 0) {
        for (const name of fresh) columns.push({ name, read: accessor(name), kinds: 0 });
        count = columns.length;
        if (staged.rows > 0) staged.ragged = true;
      }
      let line = '';
      for (let i = 0; i < count; i++) {
        const column = columns[i]!;
        const value = column.read(record);
        let text: string;
        switch (typeof value) {
          case 'string':
            // Once a column holds plain text it is text: its later strings need no look.
            if (!(column.kinds & Kind.TEXT)) column.kinds |= stringKind(value);
            text = value === '' ? '""' : csvField(value);
            break;
          case 'number':
            if (Number.isFinite(value)) {
              column.kinds |= Number.isSafeInteger(value) ? Kind.INTEGER : Kind.DOUBLE;
              text = String(value);
            } else text = '';
            break;
          case 'boolean':
            column.kinds |= Kind.BOOLEAN;
            text = value ? 'true' : 'false';
            break;
          case 'object':
            if (value === null) text = '';
            else {
              column.kinds |= Kind.JSON;
              text = csvField(JSON.stringify(value));
            }
            break;
          default:
            text = ''; // undefined: the record lacks the field
        }
        line = i === 0 ? text : `${line},${text}`;
      }
      staged.rows++;
      staged.chars += line.length + 1;
      if (line.length > staged.longestLine) staged.longestLine = line.length;
      out += `${line}\n`;
      if (out.length >= WRITE_CHARS) {
        await this.#stage(out);
        out = '';
      }
    }
    if (out !== '') await this.#stage(out);
  }

  async end(): Promise<void> {
    const columns = (this.#columns ??= this.#resolveColumns([]));
    const scratch = await this.#scratchDir();
    try {
      const types = this.options.columnTypes ?? {};
      const file = join(scratch.path, 'rows.parquet');
      // Imported here so the module that imports DuckDB is a chunk of its own, loaded by Parquet runs alone.
      // DuckDB's library and its memory come on top of what the run still holds: the last page read whole
      // (up to 4 MB, and its records) is garbage by now, and collected before DuckDB loads rather than
      // beside it (a 3.5 MB page of events to Parquet: 130-132 -> 126-127 MB peak RSS). Imported here, as
      // node:v8 and node:vm are, not at load: this module loads with the format table.
      (await import('../shared/native-memory.js')).releaseMemory();
      const { writeParquet } = await importingDuckDb(import('./parquet-convert.js'));
      await writeParquet(
        this.#staging?.staged,
        columns.map((column) => ({ name: column.name, type: sqlType(types[column.name], column.kinds) })),
        file,
        scratch.path,
      );
      await copyInto(this.sink, file);
    } finally {
      this.#staging = undefined;
      await scratch.remove();
    }
  }

  collided(): readonly string[] {
    return [...this.#collided];
  }

  #resolveColumns(records: readonly object[]): Column[] {
    const { documented, fields, lastColumns } = this.options;
    const collided = this.#collided;
    const names = resolveColumns({
      documented,
      records,
      collided,
      ...(fields ? { fields } : {}),
      ...(lastColumns ? { last: lastColumns } : {}),
    });
    if (!fields || fields.length === 0) this.#shapes = new ShapeWatch(names, collided);
    return names.map((name) => ({ name, read: accessor(name), kinds: 0 }));
  }

  async #scratchDir(): Promise<Scratch> {
    try {
      return (this.#scratch ??= await scratchDir('tix-parquet-'));
    } catch (error) {
      throw stagingError(error, tmpdir());
    }
  }

  async #openStaging(): Promise<{ staged: StagedRows }> {
    const scratch = await this.#scratchDir();
    const path = join(scratch.path, 'rows.csv');
    try {
      await fsp.writeFile(path, '', { flag: 'wx' });
      return { staged: { path, rows: 0, chars: 0, longestLine: 0 } };
    } catch (error) {
      throw stagingError(error, scratch.path);
    }
  }

  async #stage(text: string): Promise<void> {
    try {
      await fsp.appendFile(this.#staging!.staged.path, text, 'utf8');
    } catch (error) {
      throw stagingError(error, this.#scratch!.path);
    }
  }
}

const NO_FIELDS: object = Object.freeze({});

/** The file's bytes into the sink, a piece at a time (a sink may keep a piece it was given: each is new). */
async function copyInto(sink: Sink, file: string): Promise<void> {
  for await (const piece of createReadStream(file, { highWaterMark: READ_BYTES })) await sink.write(piece as Buffer);
}

function stagingError(error: unknown, folder: string): TixError {
  const message = error instanceof Error ? error.message : String(error);
  return new TixError(`parquet: cannot stage rows in the temporary folder ${folder}: ${message}`, ExitCode.ERROR, { cause: error });
}
