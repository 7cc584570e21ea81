// string-width 4 is the count cli-table3 sizes its columns by; tix names it as its own dependency (the
// version cli-table3 uses) so that its text around tables and its fitting agree with the table cell for
// cell (string-width 4 gives 🧑‍💻 five cells and a lone regional indicator two: a count of our own would not).
import stringWidth from 'string-width';

/** SGR colour codes, which take no cells (chalk's, in coloured table cells). */
const COLOUR_CODES = /\u001b\[(?:\d*;){0,5}\d*m/g;

/**
 * Display width in terminal cells, as cli-table3 counts it (wide CJK and emoji count 2, combining marks 0).
 * Printable ASCII, the common case, is counted without any work.
 */
export function displayWidth(text: string): number {
  return isPlainAscii(text) ? text.length : widestLine(text);
}

/** cli-table3's own measure: colour codes left out, the widest of the lines. */
function widestLine(text: string): number {
  let widest = 0;
  for (const line of text.replace(COLOUR_CODES, '').split('\n')) widest = Math.max(widest, stringWidth(line));
  return widest;
}

let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of text. The segmenter is made on first use: making one loads ICU's rules, ~15 ms that every run loading this module paid. */
function graphemes(text: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(text);
}

/**
 * Cuts text to at most `max` cells, ending with '…' when anything was cut. It cuts between grapheme
 * clusters, so a surrogate pair, an accent, a flag or a family emoji is kept whole or dropped whole.
 */
export function truncateToWidth(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  if (max <= 0) return '';
  if (max === 1) return '…';
  if (isPlainAscii(text)) return `${text.slice(0, max - 1)}…`;
  let kept = '';
  let width = 0;
  for (const { segment } of graphemes(text)) {
    const w = displayWidth(segment);
    if (width + w > max - 1) break;
    kept += segment;
    width += w;
  }
  // Widths of clusters can add up differently from the width of the whole; make sure the result fits.
  while (kept !== '' && displayWidth(kept) > max - 1) kept = dropLastGrapheme(kept);
  return `${kept}…`;
}

function dropLastGrapheme(text: string): string {
  let last = 0;
  for (const { index } of graphemes(text)) last = index;
  return text.slice(0, last);
}

function isPlainAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/**
 * Breaks text into lines of at most `width` cells: at spaces where it can, inside a word (between grapheme
 * clusters) only when the word alone is wider than a line. Nothing is cut away.
 */
export function wrapToWidth(text: string, width: number): string[] {
  const room = Math.max(1, width);
  if (displayWidth(text) <= room) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const joined = line === '' ? word : `${line} ${word}`;
    if (displayWidth(joined) <= room) {
      line = joined;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (displayWidth(line) > room) {
      const head = headToWidth(line, room);
      lines.push(head);
      line = line.slice(head.length);
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** The longest start of `text` that fits `width` cells: at least one grapheme, so wrapping always advances. */
function headToWidth(text: string, width: number): string {
  let head = '';
  for (const { segment } of graphemes(text)) {
    if (head !== '' && displayWidth(head + segment) > width) break;
    head += segment;
  }
  return head;
}

/** Lines wrapped to a terminal's width, if it has one (a pipe or a file has none: lines stay whole). */
export function fitLines(lines: readonly string[], width: number | undefined): string[] {
  return width === undefined ? [...lines] : lines.flatMap((line) => wrapToWidth(line, width));
}
