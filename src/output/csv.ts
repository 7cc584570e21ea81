/**
 * CSV per RFC 4180: records end with CRLF (the RFC's line break, and what Excel and Python's csv module
 * write; every CSV reader accepts it). A field is quoted only when it holds a comma, a double quote, CR or
 * LF, and a double quote inside is doubled. Line breaks inside a quoted field are kept as they are.
 */
export const CSV_EOL = '\r\n';

/** The text of one field, quoted if it must be. */
export function csvField(text: string): string {
  return needsQuotes(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A character scan rather than a regex: this runs for every cell of exports with millions of cells. */
function needsQuotes(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // ',' is 44 and '"' 34, CR 13, LF 10: everything above 44 is safe, so most characters take one comparison.
    if (c <= 44 && (c === 44 || c === 34 || c === 10 || c === 13)) return true;
  }
  return false;
}
