import type { Sink } from '../../../output/sink.js';
import { ExitCode, TixError } from '../../../shared/errors.js';

/**
 * The most JSON text `history sql --jq` hands jq on a DuckDB history (about 5,000 rows of four columns).
 * DuckDB's library stays resident once loaded, so jq's worker and its values come on top of it. Over four
 * columns, 5,000 rows (0.37 MB) peaked at 112-115 MB on Node.js 20 and 120-122 MB on 22 and 24, whose
 * worker threads cost ~10 MB more; 10,000 rows (0.74 MB, the bound before) 117 / 124-125 MB (BENCHMARKS.md,
 * issue 36 §4). A longer document is refused here, before jq starts, with DuckDB's memory let go of already
 * (200,000 rows: 110 MB, where jq's own limit stopped them at 131-142 MB).
 */
export const DOCUMENT_BESIDE_DUCKDB_KB = 384;

/**
 * `history sql --jq` on DuckDB: jq filters the whole `{"rows":[...]}` document at once, so it is held whole
 * anyway. It is collected here first, as bytes outside V8's heap, while DuckDB runs the query; the store is
 * closed, and only then is jq started and given it: DuckDB's working memory and jq's worker are never in
 * use at the same time (side by side they peaked at 138-142 MB, BENCHMARKS.md scenario 12).
 */
export class DocumentText implements Sink {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  private done = false;

  constructor(private readonly limitKb: number) {}

  write(chunk: string | Uint8Array): Promise<void> {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    this.bytes += bytes.length;
    if (this.bytes > this.limitKb * 1024) return Promise.reject(tooLong(this.limitKb));
    this.chunks.push(bytes);
    return Promise.resolve();
  }

  commit(): Promise<void> {
    this.done = true;
    return Promise.resolve();
  }

  abort(): Promise<void> {
    this.done = true;
    this.chunks.length = 0;
    return Promise.resolve();
  }

  get closed(): boolean {
    return this.done;
  }

  /** Writes the document to `sink` (jq's), as text (which the echoed-key watch reads), letting go of each piece as it goes. */
  async replay(sink: Sink): Promise<void> {
    while (this.chunks.length > 0) await sink.write(this.chunks.shift()!.toString('utf8'));
  }
}

function tooLong(limitKb: number): TixError {
  return new TixError(
    `--jq: the JSON to filter is more than ${limitKb} KB, the most tix filters with --jq on a DuckDB history; stopped (jq holds each document whole: -o ndjson --jq filters one record at a time)`,
    ExitCode.ERROR,
  );
}
