import { ExitCode, TixError, UsageError } from '../../shared/errors.js';
import type { Sink } from '../../output/index.js';

/**
 * `--jq <filter>`: jq itself (jq-web, jq 1.7 compiled to WebAssembly), loaded here and only here, by dynamic
 * import, so no run without --jq pays for it. The filter runs over each line of JSON a command writes: with
 * --jq every JSON writer writes compact JSON, one document a line (a whole payload, an ndjson record, or
 * for a paged list one `{"<key>":[...]}` per page), so a filter sees what `-o json` would print for a
 * single page, and `--all` runs it once per page and memory stays flat. Results are printed as `jq -r -c`
 * (gh's --jq): strings raw, everything else compact JSON, one result a line.
 */

interface JqWeb {
  raw(json: string, filter: string, flags?: string[]): string | undefined;
}

/** jq's exit status for a filter that does not compile. */
const JQ_COMPILE_ERROR = 3;
/** -r: strings raw; -c: everything else as compact JSON. */
const JQ_FLAGS = ['-r', '-c'];

/**
 * jq-web is CommonJS whose module.exports is a promise of jq: required (at run time, from node_modules: the
 * build leaves it out of the bundle, as its jq.wasm lies next to its jq.js) rather than import()ed, since an
 * ES namespace around a promise is itself thenable and some loaders (vitest's) trip over it. The loader is
 * imported here, not at the top: this file is in the chunk every command loads, and the loader is a chunk of its own.
 */
async function loadJq(): Promise<JqWeb> {
  const { requireExternal } = await import('../../shared/external-packages.js');
  return await (requireExternal('jq-web', 'jq (for --jq)') as Promise<JqWeb>);
}

/** jq's own message, as one line: its first line without the `jq: error...: ` prefix. */
function jqMessage(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  const text = typeof stderr === 'string' && stderr.trim() !== '' ? stderr : error instanceof Error ? error.message : String(error);
  const first = text.split('\n').find((line) => line.startsWith('jq: error')) ?? text.split('\n')[0] ?? '';
  return first
    .replace(/^jq: error(?: \(at [^)]*\))?: /, '')
    .replace(/:\s*$/, '')
    .trim();
}

function isCompileError(error: unknown): boolean {
  return (error as { exitCode?: unknown }).exitCode === JQ_COMPILE_ERROR;
}

/**
 * jq.raw with what jq wrote to its stderr on success (`debug`, `stderr`) handed to `diagnostics`: jq-web
 * passes it to console.warn, which would reach the real process's stderr with CSS markup around it.
 */
function rawWith(jq: JqWeb, json: string, filter: string, diagnostics: (text: string) => void): string | undefined {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => diagnostics(String(args.at(-1)));
  try {
    return jq.raw(json, filter, [...JQ_FLAGS]);
  } finally {
    console.warn = warn;
  }
}

/** Runs the filter over one JSON text; undefined when it gave no result. A runtime error is exit 1. */
function run(jq: JqWeb, json: string, filter: string, diagnostics: (text: string) => void): string | undefined {
  try {
    return rawWith(jq, json, filter, diagnostics);
  } catch (error) {
    if (isCompileError(error)) throw new UsageError(`--jq: ${jqMessage(error)}`);
    throw new TixError(`--jq: ${jqMessage(error)}`, ExitCode.ERROR);
  }
}

/**
 * Loads jq and compiles the filter (a filter that does not compile is exit 2, before any output). What jq
 * writes to stderr while the filter runs (`debug`) goes to `diagnostics`, one text a call.
 */
export async function compileJq(filter: string, diagnostics: (text: string) => void): Promise<(json: string) => string | undefined> {
  const jq = await loadJq();
  try {
    // Its stderr over null is not the user's: dropped.
    rawWith(jq, 'null', filter, () => {});
  } catch (error) {
    // A runtime error over null (`.events[]`) says nothing about the filter; only a compile error counts.
    if (isCompileError(error)) throw new UsageError(`--jq: ${jqMessage(error)}`);
  }
  return (json) => run(jq, json, filter, diagnostics);
}

/**
 * A sink that runs the filter over each complete line (one JSON text) written to it and writes the results to `target`
 * (stdout, or the --out file, still written atomically); jq's own stderr (`debug`) to `stderr`. A last line without a newline is filtered at commit.
 */
export async function jqSink(target: Sink, filter: string, stderr: NodeJS.WritableStream): Promise<Sink> {
  const apply = await compileJq(filter, (text) => stderr.write(`${text}\n`));
  let pending = '';
  // The complete lines of one write (a page, or a batch of ndjson records) go to jq in one call: jq runs the
  // filter over each JSON text of its input in turn, as `... | jq` would, and a call costs ~1 ms however
  // small its input, which one call a record of 200,000 would pay 200,000 times.
  const filterLines = async (text: string) => {
    if (text.trim() === '') return;
    const result = apply(text);
    if (result !== undefined) await target.write(`${result}\n`);
  };
  return {
    async write(chunk) {
      pending += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const end = pending.lastIndexOf('\n');
      if (end < 0) return;
      const complete = pending.slice(0, end);
      pending = pending.slice(end + 1);
      await filterLines(complete);
    },
    async commit() {
      const rest = pending;
      pending = '';
      await filterLines(rest);
      await target.commit();
    },
    abort: () => target.abort(),
    get closed() {
      return target.closed;
    },
  };
}
