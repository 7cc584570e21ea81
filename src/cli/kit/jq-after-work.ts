import { closeSync, lstatSync, openSync, readdirSync, readSync, rmdirSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Sink } from '../../output/sink.js';
import { ExitCode, TixError } from '../../shared/errors.js';
import { isRunning } from '../../shared/process-running.js';
import type { OutputOptions } from './output-options.js';
import { endsLine } from './jq-stream.js';

/**
 * --jq on the commands that open the price history (history, track, alert, report): the filter runs once the
 * command's work is done, not beside it. DuckDB's library, once loaded, stays mapped for the life of the
 * process (~30 MB resident), and jq's worker thread costs ~20 MB more on Node.js 24: side by side they
 * peaked at 123-139 MB where the promise is 120 (BENCHMARKS.md, issue 36 §4). So what the command writes for
 * jq goes to a private work file instead, and once the command is over (its store closed, its exit code
 * known), jq filters that file: in a fresh image of this same process (execve, Node.js 22.15 and later:
 * the same process id, arguments and streams, without DuckDB's library), or where that cannot be, in
 * this process after DuckDB has let go of its memory, with less memory for jq's values.
 *
 * The work file keeps the command's writes as frames (a length, then the bytes), so that jq gets its input
 * cut where the command cut it: one run of the filter a document, a page of --all, a batch of ndjson records.
 */

/** The environment variable that hands the work file to the process image that replaces this one. */
export const HANDOFF_VARIABLE = 'TIX_JQ_HANDOFF';

/**
 * The most JSON a document format (json) may put aside for jq, which holds each document whole: ~13 MB of
 * jq's values a MB of history sql's rows of four columns (BENCHMARKS.md, issue 36 §4), so that 2 MB (about
 * 27,000 such rows) stay within JQ_MEMORY_MB (jq.ts). ndjson streams, one record at a time, unbounded.
 */
export const DOCUMENT_FOR_JQ_BYTES = 2 * 1024 * 1024;

/**
 * jq's limit where it runs in the process that loaded DuckDB (no execve: Node.js 20): DuckDB's library and
 * what it leaves take ~95 MB of the 120 MB tix promises, so jq's values get what is left beside its thread
 * (BENCHMARKS.md, scenario 12); a larger result is one line, as beyond JQ_MEMORY_MB (jq.ts).
 */
export const JQ_MEMORY_BESIDE_DUCKDB_MB = 8;

/** Writes up to this many bytes not ending a line are joined into one frame. */
const FRAME_BYTES = 256 * 1024;

/** What jq is to filter after the work: the work file, and the output options the command chose. */
export interface JqWork {
  file: string;
  output: OutputOptions;
}

/** What the replacing image needs: the work, the command's exit code, and whose it is. */
export interface JqHandoff {
  /** The process that wrote it: only the same process, after execve, takes it (a stale variable is ignored). */
  pid: number;
  work: JqWork[];
  /** The command's own exit code, the run's once jq has succeeded. */
  code: number;
}

/** Each run's JqAfterWork, by its Runtime: set by runCommand for a history command with --jq, taken by withSink. */
const afterWork = new WeakMap<object, JqAfterWork>();

/** The --jq that waits for the work of the run of `rt`, if it has one. */
export function jqAfterWorkOf(rt: object): JqAfterWork | undefined {
  return afterWork.get(rt);
}

/** Makes the --jq of the run of `rt` wait for its work (`work`), or, undefined, run as it is written again. */
export function setJqAfterWork(rt: object, work: JqAfterWork | undefined): void {
  if (work) afterWork.set(rt, work);
  else afterWork.delete(rt);
}

/** The --jq of one run of a history command: collects the work, then has jq run over it. */
export class JqAfterWork {
  readonly work: JqWork[] = [];

  /** The sink the command writes its JSON to, instead of jq's: a file in a private folder of its own. */
  async spill(output: OutputOptions): Promise<Sink> {
    // Loaded here, not with this module: the entry point reads handoffPending from it as every run starts.
    const { scratchDir } = await import('../../output/scratch-dir.js');
    removeOrphanedWork();
    const file = join((await scratchDir(`${WORK_PREFIX}${process.pid}-`)).path, 'jq-input');
    const limit = output.format === 'ndjson' ? Number.POSITIVE_INFINITY : DOCUMENT_FOR_JQ_BYTES;
    return new SpillSink(file, limit, () => this.work.push({ file, output }));
  }
}

/** A work folder's name: this prefix, the process id of the run that made it (the same in both images), mkdtemp's six characters. */
const WORK_PREFIX = 'tix-jq-';
const WORK_FOLDER = new RegExp(`^${WORK_PREFIX}(\\d+)-[A-Za-z0-9]{6}$`);

/**
 * Removes the work folders of runs that are gone. A run removes its own however it ends, but between the two
 * images (execve) there is an instant, until the new image's JavaScript can handle signals, in which a
 * Ctrl-C or SIGTERM ends the process with its work folder still there. Only this user's folders, named as
 * tix names them, whose process is not running: never a running tix's.
 */
function removeOrphanedWork(): void {
  const temporary = tmpdir();
  let names: string[];
  try {
    names = readdirSync(temporary);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = WORK_FOLDER.exec(name)?.[1];
    if (pid === undefined || isRunning(Number(pid))) continue;
    const path = join(temporary, name);
    try {
      const stat = lstatSync(path);
      if (stat.isDirectory() && stat.uid === process.getuid?.()) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another run meanwhile, or not this user's to remove.
    }
  }
}

/** Frames written to a private file; `done` once committed. */
class SpillSink implements Sink {
  private readonly fd: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private total = 0;
  private finished = false;

  constructor(
    private readonly file: string,
    private readonly limit: number,
    private readonly done: () => void,
  ) {
    this.fd = openSync(file, 'wx', 0o600);
  }

  write(chunk: string | Uint8Array): Promise<void> {
    // A copy: the caller may reuse its bytes once the write resolves, before they are flushed.
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    this.total += bytes.length;
    if (this.total > this.limit) return Promise.reject(tooLong(this.limit));
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (endsLine(chunk) || this.pendingBytes >= FRAME_BYTES) this.flush();
    return Promise.resolve();
  }

  commit(): Promise<void> {
    if (this.finished) return Promise.resolve();
    this.flush();
    this.close();
    this.done();
    return Promise.resolve();
  }

  abort(): Promise<void> {
    if (this.finished) return Promise.resolve();
    this.close();
    removeWork(this.file);
    return Promise.resolve();
  }

  get closed(): boolean {
    return this.finished;
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const header = Buffer.alloc(4);
    header.writeUInt32LE(this.pendingBytes);
    writeAll(this.fd, header);
    for (const bytes of this.pending) writeAll(this.fd, bytes);
    this.pending = [];
    this.pendingBytes = 0;
  }

  private close(): void {
    this.finished = true;
    this.pending = [];
    closeSync(this.fd);
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
}

function tooLong(limit: number): TixError {
  return new TixError(
    `--jq: the JSON to filter is more than ${limit / (1024 * 1024)} MB, the most tix filters as one document after a command's work; stopped (jq holds each document whole: -o ndjson --jq filters one record at a time)`,
    ExitCode.ERROR,
  );
}

/**
 * Opens the work file and removes it and its folder at once: whatever ends the run from here on (Ctrl-C, a
 * killed image), nothing is left behind. Returns a reader of its frames.
 */
export function openWork(file: string): WorkReader {
  const fd = openSync(file, 'r');
  removeWork(file);
  return new WorkReader(fd);
}

function removeWork(file: string): void {
  try {
    unlinkSync(file);
    rmdirSync(dirname(file));
  } catch {
    // Gone already, or the folder holds another run's work: the process's exit removes its scratch folders.
  }
}

export class WorkReader {
  private at = 0;

  constructor(private readonly fd: number) {}

  /** Writes each frame to `sink` in turn, as the command wrote it; closes the file. */
  async replay(sink: Sink): Promise<void> {
    try {
      for (let frame = this.next(); frame !== undefined; frame = this.next()) await sink.write(frame);
    } finally {
      closeSync(this.fd);
    }
  }

  /** The next frame, or undefined at the end of the file. */
  private next(): Buffer | undefined {
    const header = this.read(4);
    return header.length === 0 ? undefined : this.read(header.readUInt32LE(0));
  }

  /** Exactly `length` bytes, or none at the end of the file. */
  private read(length: number): Buffer {
    const bytes = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const count = readSync(this.fd, bytes, got, length - got, this.at + got);
      if (count === 0) break;
      got += count;
    }
    this.at += got;
    if (got === 0) return bytes.subarray(0, 0);
    if (got < length) throw new TixError('--jq: the work file of this run ended early', ExitCode.ERROR);
    return bytes;
  }
}

/** The handoff meant for this process (`pid`), taken out of `env`; undefined when there is none. */
export function takeHandoff(env: NodeJS.ProcessEnv, pid: number): JqHandoff | undefined {
  const text = env[HANDOFF_VARIABLE];
  if (text === undefined) return undefined;
  delete env[HANDOFF_VARIABLE];
  try {
    const handoff = JSON.parse(text) as JqHandoff;
    return handoff.pid === pid && Array.isArray(handoff.work) ? handoff : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `env` carries a handoff for this process: jq is the run's work then, to be started at once. */
export function handoffPending(env: NodeJS.ProcessEnv): boolean {
  return env[HANDOFF_VARIABLE] !== undefined;
}
