/**
 * Checks that tix and the curl | jq baseline produced the same rows, so the two sides of a ratio did the same
 * work. tix writes RFC 4180 (CRLF, quotes only where needed, a header); jq's @csv quotes every string and
 * has no header; numbers may be spelled differently (jq 1.6 reformats some floats). Rows are compared as
 * parsed values, numbers as numbers, a row at a time (the sales files are ~100 MB).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** Parses one CSV record (which may have spanned lines: the caller joins them) into fields. */
export function parseCsvRecord(text) {
  const fields = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** The records of a CSV file, one array of fields each; a line break inside quotes continues the record. */
export async function* csvRecords(file) {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let pending;
  for await (const line of lines) {
    pending = pending === undefined ? line : `${pending}\n${line}`;
    // An odd number of quote characters means a quoted field is still open.
    if ((pending.split('"').length - 1) % 2 === 1) continue;
    yield parseCsvRecord(pending);
    pending = undefined;
  }
  if (pending !== undefined) yield parseCsvRecord(pending);
}

function sameCell(a, b) {
  if (a === b) return true;
  return a !== '' && b !== '' && Number.isFinite(Number(a)) && Number(a) === Number(b);
}

/** Compares tix's file (header dropped) with the baseline's; resolves to the row count or throws at the first difference. */
export async function assertSameRows(tixFile, baselineFile, what) {
  const tix = csvRecords(tixFile);
  const base = csvRecords(baselineFile);
  try {
    await tix.next(); // the header
    for (let rows = 0; ; rows++) {
      const [a, b] = await Promise.all([tix.next(), base.next()]);
      if (a.done || b.done) {
        if (a.done && b.done) return rows;
        throw new Error(`${what}: ${a.done ? 'tix' : 'the curl | jq baseline'} ran out of rows after ${rows}`);
      }
      if (a.value.length !== b.value.length || a.value.some((cell, c) => !sameCell(cell, b.value[c]))) {
        throw new Error(`${what}: row ${rows + 1} differs:\n  tix:      ${a.value.join(',')}\n  baseline: ${b.value.join(',')}`);
      }
    }
  } finally {
    // Closes the files when the comparison stops early.
    await Promise.all([tix.return(undefined), base.return(undefined)]);
  }
}

/** The column names in the header of a CSV file tix wrote. */
export async function csvHeader(file) {
  for await (const record of csvRecords(file)) return record;
  return [];
}
