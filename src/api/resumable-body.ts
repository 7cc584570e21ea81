import { ExitCode } from '../shared/errors.js';
import { ApiError } from './errors.js';

export interface ResumeOptions {
  /** For messages: `GET /events/stubhub/1/sales-details`. */
  endpoint: string;
  status: number;
  /** How many times a cut-off body may be resumed (the client's --retries). */
  retries: number;
  /** Whether an error thrown while reading is a broken connection, which a new request may get past. */
  isCutOff: (error: unknown) => boolean;
  /** Waits before resume `n` (0-based): the client's backoff, cut short by Ctrl-C. Says how long. */
  wait: (resume: number, delivered: number, error: unknown) => Promise<void>;
  /** Sends the request again (with the client's own retries) and resolves with the new decoded body. */
  reopen: () => Promise<AsyncIterable<Buffer>>;
}

/**
 * A streamed body that survives a broken connection, as a body read whole does (the client retries that
 * read). Bytes already passed on cannot be taken back, so after a cut the request is sent again and the new
 * body is read past them, checking by digest that they are the very same bytes, before delivery carries on.
 * If the API answers differently the second time, that is an error (exit 5) rather than a spliced result.
 */
export async function* resumableBody(first: AsyncIterable<Buffer>, options: ResumeOptions): AsyncGenerator<Buffer> {
  // node:crypto is loaded when a stream is read, not at start-up: most commands never stream.
  const { createHash } = await import('node:crypto');
  let body = first;
  let delivered = 0;
  const digest = createHash('sha256');
  for (let resume = 0; ; resume++) {
    let skip = resume === 0 ? 0 : delivered;
    const expected = skip > 0 ? digest.copy().digest() : undefined;
    const again = skip > 0 ? createHash('sha256') : undefined;
    try {
      for await (const chunk of body) {
        let data = chunk;
        if (skip > 0) {
          const head = data.subarray(0, skip);
          again!.update(head);
          skip -= head.length;
          data = data.subarray(head.length);
          if (skip > 0) continue;
          if (!again!.digest().equals(expected!)) throw changed(options);
        }
        if (data.length === 0) continue;
        digest.update(data);
        delivered += data.length;
        yield data;
      }
      // The new body ended before reaching what had already been passed on: not the same response.
      if (skip > 0) throw changed(options);
      return;
    } catch (error) {
      if (!options.isCutOff(error) || resume >= options.retries) throw error;
      await options.wait(resume, delivered, error);
      body = await options.reopen();
    }
  }
}

function changed({ endpoint, status }: ResumeOptions): ApiError {
  return new ApiError(
    `the response from ${endpoint} was cut off, and when asked again the API answered differently; run the command again`,
    ExitCode.UNAVAILABLE,
    { endpoint, status },
  );
}
