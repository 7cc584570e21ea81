/**
 * The second pass of a csv or tsv file whose columns grew part-way through: a new header with every
 * column, and each row written before a column existed padded with empty fields, so every record has
 * the same number of fields (RFC 4180) and lines up with the header.
 *
 * Works on bytes: the bytes that matter (separator, quote, CR, LF) never occur inside a UTF-8 multi-byte
 * character, so no decoding is needed and rows already as wide as the header are copied as they are.
 */
export interface WidenPlan {
  /** The new header line, EOL included ('' with --no-header). */
  header: string;
  /** Whether the file starts with an old header line, which the new one replaces. */
  skipHeader: boolean;
  /** Rows in the order written, grouped by how many columns they were written with. */
  segments: readonly { rows: number; columns: number }[];
  /** The header's column count. */
  columns: number;
  separator: string;
  /** csv: a line break inside double quotes is part of a field; tsv escapes its line breaks instead. */
  quoted: boolean;
  /** The record terminator: '\r\n' (csv) or '\n' (tsv). */
  eol: string;
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

export async function* widenRows(written: AsyncIterable<Buffer>, plan: WidenPlan): AsyncGenerator<Buffer | string> {
  if (plan.header) yield plan.header;
  // What each remaining group of rows lacks, and how many rows it still has. Columns only ever grow, so
  // once a group needs no padding, no later one does.
  const pending = plan.segments
    .filter((s) => s.rows > 0)
    .map((s) => ({ rows: s.rows, pad: plan.separator.repeat(plan.columns - s.columns) }));
  let group = 0;
  let skipping = plan.skipHeader;
  let inQuotes = false;
  const eolLength = Buffer.byteLength(plan.eol);
  const padded = () => !skipping && (group >= pending.length || pending[group]!.pad === '');
  /** A CR that ended the previous chunk: it may be the first half of a CRLF, held back until that is known. */
  let carry: Buffer | undefined;

  for await (const piece of written) {
    const chunk: Buffer = carry ? Buffer.concat([carry, piece]) : piece;
    carry = undefined;
    if (padded()) {
      yield chunk;
      continue;
    }
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (plan.quoted && byte === QUOTE) {
        inQuotes = !inQuotes;
        continue;
      }
      if (byte !== LF || inQuotes) continue;
      const recordEnd = i + 1;
      if (skipping) {
        skipping = false;
        start = recordEnd;
      } else {
        const current = pending[group]!;
        yield chunk.subarray(start, recordEnd - eolLength);
        yield current.pad + plan.eol;
        start = recordEnd;
        if (--current.rows === 0) group++;
      }
      if (padded()) break;
    }
    if (skipping) continue; // the old header goes on into the next chunk
    let end = chunk.length;
    if (!padded() && end > start && chunk[end - 1] === CR) {
      carry = chunk.subarray(end - 1);
      end--;
    }
    if (start < end) yield chunk.subarray(start, end);
  }
  if (carry) yield carry;
}
