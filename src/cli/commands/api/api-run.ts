import type { ApiClient, RawResponse } from '../../../api/client.js';
import { checkJsonType, parseJson, type Headers } from '../../../api/body.js';
import { ApiError, isNotFound } from '../../../api/errors.js';
import { responseFailure } from '../../../api/json-stream.js';
import { encodeField, parameterValues, parseRelativeTarget, withParameter, type RelativeTarget } from '../../../api/relative-target.js';
import { parseBaseUrl } from '../../../api/url.js';
import { ExitCode, TixError, UsageError } from '../../../shared/errors.js';
import { http } from '../../../shared/node-http.js';
import { createMergedListWriter, describeShape, findList, type FoundList, type MergedListWriter } from './api-list.js';
import type { RowWriter } from '../../../output/index.js';
import { watchOf } from '../../kit/echoed-key.js';
import { keepCompilersLean } from '../../kit/lean-heap.js';
import { noteDocumentText, prettyJson, rowWriterFor, withSink } from '../../kit/present.js';
import { listBatches, scanBody } from './body-scan.js';
import type { Runtime } from '../../kit/runtime.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { isDocument, keepsNumberText, writesJsonValues } from '../../../output/formats.js';

export interface ApiOptions {
  /** `<path>` as typed; checked against the base URL before anything is sent. */
  path: string;
  /** `-f name=value`, each as typed. */
  fields: string[];
  paginate: boolean;
  include: boolean;
  output: OutputOptions;
}

/** The API's page size when none is sent (seed section 8). */
const API_DEFAULT_PAGE_SIZE = 1000;

export async function runApi(options: ApiOptions, rt: Runtime): Promise<void> {
  // Everything is checked before the client exists, so a refused path never has a key near it.
  const base = parseBaseUrl(await rt.baseUrl(), true);
  const typed = parseRelativeTarget(options.path, base);
  const target: RelativeTarget = { path: typed.path, query: [...typed.query, ...options.fields.map(encodeField)] };
  const paging = options.paginate ? pagingOf(target) : undefined;
  const client = await rt.client();

  if (paging) {
    await writePages(client, target, paging, options, rt);
    return;
  }
  const response = await getOnce(client, target, options, rt);
  // 204 No Content is the one 2xx that has nothing to show.
  if (response.status === 204 && response.body.length === 0) return;
  if (isDocument(options.output.format)) await writeDocument(response, options, rt);
  else await writeRows(response, options, rt);
}

/**
 * A document format prints the body as sent: on one line for --jq, indented for a person at a terminal. It
 * is checked to be JSON first, read through without keeping its objects (body-scan.ts), and what goes out
 * is its bytes: a large page is never a second time in memory as text or objects beside jq's copy of it.
 */
async function writeDocument(response: RawResponse, options: ApiOptions, rt: Runtime): Promise<void> {
  const { output } = options;
  const pretty = prettyJson(rt, output);
  if (output.jq !== undefined) keepCompilersLean();
  const bytes = !pretty && scanned(response) !== undefined ? asSentBytes(response, options) : undefined;
  const text = bytes ?? documentText(response, options, rt, pretty);
  await withSink(rt, output, async (sink) => {
    noteDocumentText(sink, response.body);
    await sink.write(text);
    // --jq filters a JSON text a line.
    if (bytes !== undefined && output.jq !== undefined) await sink.write('\n');
  });
}

/** The rows of the body's list, made a batch of items at a time when the body could be read through first. */
async function writeRows(response: RawResponse, options: ApiOptions, rt: Runtime): Promise<void> {
  const list = scanned(response)?.list;
  const batches = list ? listBatches(response.body, list.key, keepsNumberText(options.output.format)) : undefined;
  const whole = batches ? undefined : listIn(jsonOf(response, options, rt), response, options);
  await withSink(rt, options.output, async (sink) => {
    const writer = rowWriterFor(rt, options.output, sink, { documented: [], tableDefaults: [] });
    if (whole) await writer.write(rowsOf(whole, options));
    for (const items of batches ?? []) await writer.write(rowsOf({ key: list?.key, items }, options));
    await writer.end();
  });
}

/** The body read through once (body-scan.ts), or undefined where its whole parse is to say what it is. */
function scanned(response: RawResponse): ReturnType<typeof scanBody> {
  try {
    checkJsonType(response.headers, response.endpoint, response.status);
  } catch {
    return undefined;
  }
  try {
    return scanBody(response.body);
  } catch (error) {
    throw responseFailure(error, response.endpoint, response.status);
  }
}

interface Paging {
  first: number;
  pageSize: number;
}

/** Where --paginate starts and how long a full page is, from pageNumber and pageSize in the path or -f. */
function pagingOf(target: RelativeTarget): Paging {
  const number = (name: string, fallback: number): number => {
    const values = parameterValues(target, name);
    if (values.length === 0) return fallback;
    if (values.length > 1) throw new UsageError(`--paginate: ${name} is given ${values.length} times; give it once`);
    const value = values[0]!;
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1)
      throw new UsageError(`--paginate: ${name} must be a whole number from 1 (got '${value}')`);
    return Number(value);
  };
  return { first: number('pageNumber', 1), pageSize: number('pageSize', API_DEFAULT_PAGE_SIZE) };
}

/**
 * Pages in order until one is shorter than pageSize. A 404 after the first page is the end too: the
 * event search answers "events not found" for a page past the last (docs/decisions.md).
 */
async function writePages(client: ApiClient, target: RelativeTarget, paging: Paging, options: ApiOptions, rt: Runtime): Promise<void> {
  const { output } = options;
  await withSink(rt, output, async (sink) => {
    const pages: MergedListWriter | undefined = isDocument(output.format)
      ? output.jq !== undefined
        ? undefined
        : createMergedListWriter(sink, prettyJson(rt, output))
      : rowPages(rowWriterFor(rt, output, sink, { documented: [], tableDefaults: [] }), options);
    let previous: { body: Buffer; key: string | undefined } | undefined;
    for (let page = paging.first; ; page++) {
      let response: RawResponse;
      try {
        response = await getOnce(client, withParameter(target, 'pageNumber', String(page)), options, rt);
      } catch (error) {
        if (previous && isNotFound(error)) break;
        throw error;
      }
      if (previous?.body.equals(response.body)) {
        throw new TixError(
          `page ${page} of ${response.endpoint} is the same as page ${page - 1}: the endpoint seems not to page by pageNumber, so --paginate stopped`,
          ExitCode.ERROR,
        );
      }
      const body = jsonOf(response, options, rt);
      const list = listIn(body, response, options);
      if (previous && previous.key !== list.key) {
        throw new TixError(
          `page ${page} of ${response.endpoint} holds its list in ${nameOf(list.key)}, page ${paging.first} in ${nameOf(previous.key)}`,
          ExitCode.ERROR,
        );
      }
      // Rows are watched as they pass the row writer; a merged JSON document is watched here.
      if (isDocument(output.format)) watchOf(sink)?.scan(body);
      // With --jq each page's body is one line of its own, which the --jq sink filters page by page.
      await (pages ? pages.write(body, list) : sink.write(oneLine(response)));
      if (list.items.length < paging.pageSize) break;
      previous = { body: response.body, key: list.key };
    }
    await pages?.end();
  });
}

/** One GET; with -i the status line and headers go to stderr first, those of an error answer too. */
async function getOnce(client: ApiClient, target: RelativeTarget, options: ApiOptions, rt: Runtime): Promise<RawResponse> {
  try {
    const response = await client.getRaw(target, { signal: rt.signal });
    if (options.include) writeHead(rt, response.status, response.headers);
    return response;
  } catch (error) {
    if (options.include && error instanceof ApiError && error.status !== undefined && error.headers)
      writeHead(rt, error.status, error.headers);
    throw error;
  }
}

function writeHead(rt: Runtime, status: number, headers: Headers): void {
  // Both transports speak HTTP/1.1; the reason phrase is the standard one for the status.
  let text = `${`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`.trimEnd()}\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const line of Array.isArray(value) ? value : [value]) text += `${name}: ${line}\n`;
  }
  rt.io.stderr.write(`${text}\n`);
}

/**
 * The body parsed. A 2xx that is not JSON (a proxy's or portal's page) fails as it does for every other
 * command, exit 1, and is not printed as if it were the answer; with -i it follows the head on stderr, for a look.
 */
function jsonOf(response: RawResponse, options: ApiOptions, rt: Runtime): unknown {
  try {
    checkJsonType(response.headers, response.endpoint, response.status);
    return parseJson(response.body.toString('utf8'), response.endpoint, response.status, keepsNumberText(options.output.format));
  } catch (error) {
    if (options.include) {
      const text = response.body.toString('utf8');
      rt.io.stderr.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
    }
    throw error;
  }
}

/** The text a document format prints when the body is parsed whole: indented, or as sent once found to be JSON. */
function documentText(response: RawResponse, options: ApiOptions, rt: Runtime, pretty: boolean): string | Buffer {
  const body = jsonOf(response, options, rt);
  if (options.output.jq !== undefined) return oneLine(response);
  return pretty ? `${JSON.stringify(body, null, 2)}\n` : response.body.toString('utf8');
}

/** The body as sent; for --jq on one line, in place (spaceLineBreaks): not a copy beside jq's. */
function asSentBytes(response: RawResponse, options: ApiOptions): Buffer {
  return options.output.jq === undefined ? response.body : spaceLineBreaks(response.body);
}

/** A body on a line of its own for --jq, a copy (--paginate compares the next page with this one). */
function oneLine(response: RawResponse): Buffer {
  return Buffer.concat([spaceLineBreaks(Buffer.from(response.body)), Buffer.from('\n')]);
}

/**
 * For --jq, which filters a JSON text a line: JSON strings cannot hold a raw line break, so every CR and LF in
 * a body is whitespace between tokens, made a space. Numbers reach jq as the API wrote them.
 */
function spaceLineBreaks(bytes: Buffer): Buffer {
  for (const lineBreak of [0x0a, 0x0d]) for (let i = bytes.indexOf(lineBreak); i >= 0; i = bytes.indexOf(lineBreak, i + 1)) bytes[i] = 0x20;
  return bytes;
}

function listIn(body: unknown, response: RawResponse, options: ApiOptions): FoundList {
  const list = findList(body);
  if (list) return list;
  const wanted = options.paginate ? '--paginate' : `-o ${options.output.format}`;
  throw new UsageError(
    `${wanted} needs a body that holds a list (an array, or an object with one array field), but ${response.endpoint} answered ${describeShape(body)}; leave out ${wanted} to see it as sent`,
  );
}

/** Pages as rows: the items of every page, one row each. */
function rowPages(writer: RowWriter, options: ApiOptions): MergedListWriter {
  return { write: (_body, list) => writer.write(rowsOf(list, options)), end: () => writer.end() };
}

/** Rows for the row writers; an item that is not an object becomes {"value": item}, so a table can show it. */
function rowsOf(list: FoundList, options: ApiOptions): object[] {
  if (writesJsonValues(options.output.format)) return list.items as object[];
  return list.items.map((item) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? item : { value: item }));
}

function nameOf(key: string | undefined): string {
  return key === undefined ? 'a top-level array' : `"${key}"`;
}
