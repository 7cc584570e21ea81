import type { Sink } from '../../output/index.js';
import { maskSecrets, treatAsSecret } from '../../shared/secrets.js';

/**
 * Data is never altered, so a key the API echoes inside a field goes out as sent. What tix does instead is
 * notice it on the way out and say so once, on stderr, naming the fields: the user then knows the output
 * (a file, a pipe into a log) holds a secret. The checks are cheap enough for a 200,000-event export: one
 * substring search per chunk of text written, and a look at each string field as records pass the writer.
 */

/**
 * Keys shorter than this are looked for only as a whole field value: in text, a key of a few characters is
 * found by chance (`evt` in every event id), and a warning on every run would teach people to ignore it.
 */
const MIN_CONTAINED_LENGTH = 8;
/** How many field names the warning lists. */
const MAX_NAMED = 8;

export class EchoedKeyWatch {
  readonly #key: string;
  /** Also inside longer text, not only as a whole value. */
  readonly #contained: boolean;
  readonly #fields = new Set<string>();
  #inText = false;
  /** The end of the text written so far, so a key split across two writes is still seen. */
  #tail = '';

  constructor(key: string) {
    this.#key = key;
    // Field names come from the server too: the warning must not be where the key shows.
    treatAsSecret(key);
    this.#contained = key.length >= MIN_CONTAINED_LENGTH;
  }

  /** Whether a string holds the key (for a short key: is exactly it). */
  holds(text: string): boolean {
    return this.#contained ? text.length >= this.#key.length && text.includes(this.#key) : text === this.#key;
  }

  /** Whether the key is anywhere in a text, whatever its length: before parsing a body to look closer. */
  anywhereIn(text: string | Buffer): boolean {
    return text.includes(this.#key);
  }

  /**
   * Notes the string fields of a record or document that hold the key, by the name a reader finds them
   * under: dotted below objects (`venue.name`, the csv column), `[]` for the elements of an array
   * (`events[].name` in a JSON document). `keep` leaves out fields that are not written (--fields).
   */
  scan(value: unknown, prefix = '', keep?: (field: string) => boolean): void {
    if (typeof value === 'string') {
      if (this.holds(value) && (keep === undefined || keep(prefix))) this.#fields.add(prefix === '' ? 'value' : prefix);
    } else if (Array.isArray(value)) {
      for (const item of value) this.scan(item, `${prefix}[]`, keep);
    } else if (value !== null && typeof value === 'object') {
      for (const name in value) {
        const child = (value as Record<string, unknown>)[name];
        // Names are built only where they may be needed: most fields are numbers or short strings.
        if (typeof child === 'string' ? this.holds(child) : child !== null && typeof child === 'object')
          this.scan(child, prefix === '' ? name : `${prefix}.${name}`, keep);
      }
    }
  }

  /** Text as it goes to the output: catches what no record shows (a body written as sent, a text view). */
  scanText(chunk: string): void {
    if (!this.#contained || this.#inText) return;
    const overlap = this.#key.length - 1;
    this.#inText = chunk.includes(this.#key) || (this.#tail !== '' && (this.#tail + chunk.slice(0, overlap)).includes(this.#key));
    this.#tail = chunk.length >= overlap ? chunk.slice(chunk.length - overlap) : (this.#tail + chunk).slice(-overlap);
  }

  /** The warning to give, if the key went out at all. */
  warning(): string | undefined {
    if (this.#fields.size === 0) return this.#inText ? 'the API echoed your API key in the output; treat the output as secret' : undefined;
    const names = [...this.#fields];
    const shown =
      names
        .slice(0, MAX_NAMED)
        .map((name) => JSON.stringify(maskSecrets(name)))
        .join(', ') + (names.length > MAX_NAMED ? ` and ${names.length - MAX_NAMED} more` : '');
    return `the API echoed your API key in ${names.length === 1 ? 'field' : 'fields'} ${shown} of the output; treat the output as secret`;
  }
}

const watches = new WeakMap<Sink, EchoedKeyWatch>();

/** The sink, with every piece of text written to it checked by `watch`. */
export function watchedSink(sink: Sink, watch: EchoedKeyWatch): Sink {
  const watched: Sink = {
    write(chunk) {
      if (typeof chunk === 'string') watch.scanText(chunk);
      return sink.write(chunk);
    },
    commit: () => sink.commit(),
    abort: () => sink.abort(),
    get closed() {
      return sink.closed;
    },
    ...(sink.written ? { written: sink.written.bind(sink) } : {}),
    ...(sink.rewrite ? { rewrite: sink.rewrite.bind(sink) } : {}),
    // A file a database wrote (history sql's Parquet) holds the store's rows, not the API's replies.
    ...(sink.fillFrom ? { fillFrom: sink.fillFrom.bind(sink) } : {}),
  };
  watches.set(watched, watch);
  return watched;
}

/** The watch of a sink made by watchedSink; undefined for any other (no key in use). */
export function watchOf(sink: Sink): EchoedKeyWatch | undefined {
  return watches.get(sink);
}
