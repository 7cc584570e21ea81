/**
 * One run of jq over the whole of a command's output, instead of one run a document (issue 39). Each run of
 * jq starts jq afresh: it compiles its builtins and the filter again (~13 M instructions), once a page of an
 * --all export: 200 pages paid it 200 times. jq filters each JSON text of its input on its own, so for most
 * filters one run over every page prints exactly what a run a page prints, as `-o ndjson | jq` does. Not for
 * a filter that reads past its own document or ends a run early: `input`, `inputs`, `input_line_number`
 * see one page (a document, a batch of ndjson records) and `halt` ends the run over one (docs/output.md#--jq):
 * those keep a run a document. The test is on the filter's text, so a word in a string or a comment only
 * costs that filter the faster way.
 */
export function filtersEachDocumentAlone(filter: string): boolean {
  return !/input|halt/.test(filter);
}

/**
 * Where each document (what a run a document would have filtered) starts in one run's input, in lines: jq's
 * parse errors name a line of its input (`at line 3, column 257`), counted from the start of the run, which in
 * a run over every page is not the start of the document. The message is given as a run a document gives it.
 * Documents jq has read past are forgotten.
 */
export class DocumentLines {
  /** [byte, lines before it] of each document jq may still be reading, oldest first. */
  private starts: [number, number][] = [];
  private bytes = 0;
  private lines = 0;
  private inDocument = false;

  /** `chunk` is handed to jq; `readBytes` is how much of the input jq has read so far. */
  fed(chunk: string | Uint8Array, readBytes: number): void {
    if (!this.inDocument) {
      this.inDocument = true;
      this.starts.push([this.bytes, this.lines]);
      // The oldest documents that jq has read all of (the next one starts at or before where it reads).
      let past = 0;
      while (past + 1 < this.starts.length && this.starts[past + 1]![0] <= readBytes) past++;
      if (past > 0) this.starts = this.starts.slice(past);
    }
    this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    this.lines += countLines(chunk);
    if (endsLine(chunk)) this.inDocument = false;
  }

  /** All that was fed so far, in bytes. */
  get fedBytes(): number {
    return this.bytes;
  }

  /** Whether what was fed ends where a document does. */
  get betweenDocuments(): boolean {
    return !this.inDocument;
  }

  /** jq's message with the line it names counted from the start of its document. */
  relative(message: string): string {
    return message.replace(/ at line (\d+), column (\d+)$/, (whole, line: string, column: string) => {
      const at = Number(line);
      let before = 0;
      for (const [, lines] of this.starts) if (lines < at) before = lines;
      return at > before ? ` at line ${at - before}, column ${column}` : whole;
    });
  }
}

export function endsLine(chunk: string | Uint8Array): boolean {
  return typeof chunk === 'string' ? chunk.endsWith('\n') : chunk[chunk.length - 1] === 0x0a;
}

function countLines(chunk: string | Uint8Array): number {
  let count = 0;
  for (let at = indexOfNewline(chunk, 0); at >= 0; at = indexOfNewline(chunk, at + 1)) count++;
  return count;
}

function indexOfNewline(chunk: string | Uint8Array, from: number): number {
  return typeof chunk === 'string' ? chunk.indexOf('\n', from) : chunk.indexOf(0x0a, from);
}
