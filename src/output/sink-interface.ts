/**
 * Where output goes. Writers build one string per batch and hand it to a sink; the sink owns the stream or
 * file. Writers never commit or abort: the command does both, in one place, so a failure anywhere (network,
 * Ctrl-C, a bad page) can abort the sink and leave no partial file behind.
 */
export interface Sink {
  /** Resolves when the destination can take more (after 'drain' for a stream, after the write for a file). Text is written as UTF-8; bytes (Parquet) as they are. */
  write(chunk: string | Uint8Array): Promise<void>;
  /**
   * Resolves once every write so far has been carried out, so that the bytes given to it may be reused. A
   * stream's write may resolve while its bytes still wait in the stream's buffer; a file's, once written.
   */
  written?(): Promise<void>;
  /** Everything was written: flush, and for a file make it appear under its real name. */
  commit(): Promise<void>;
  /** The run failed or was interrupted: stop, and for a file remove the temporary file, leaving any target untouched. Does nothing after commit. */
  abort(): Promise<void>;
  /** No more writes are accepted: the reader went away, or the sink was committed or aborted. */
  readonly closed: boolean;
  /**
   * Files only (stdout cannot take back what it wrote): replaces everything written so far with what
   * `transform` makes of it, streamed through a second temporary file, still uncommitted. csv and tsv use
   * it to put columns that first appeared part-way through into the header (delimited-writer.ts).
   */
  /**
   * Files only: the whole content is the file `fill` creates at the path it is given (a temporary file
   * beside the target, new and empty of anything written before), committed or removed as any other;
   * nothing is written through the sink. A database writes its Parquet this way (history sql).
   */
  fillFrom?(fill: (path: string) => Promise<void>): Promise<void>;
  rewrite?(transform: (written: AsyncIterable<Buffer>) => AsyncIterable<Buffer | string>): Promise<void>;
}
