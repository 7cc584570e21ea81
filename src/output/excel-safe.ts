/**
 * `--excel-safe`: spreadsheets run a cell that starts with = + - @ (or a tab or carriage return, which
 * they skip before looking) as a formula, and a formula can run commands or send data away. OWASP's advice
 * (https://owasp.org/www-community/attacks/CSV_Injection) is to start such text cells with a single quote,
 * which spreadsheets show as text. Only text is guarded: a JSON number such as -12.5 is data, not a formula,
 * and stays as it is; the string "-12" gets the quote.
 */
export function excelSafeText(text: string): string {
  if (text.length === 0) return text;
  const first = text.charCodeAt(0);
  return first === 0x3d /* = */ ||
    first === 0x2b /* + */ ||
    first === 0x2d /* - */ ||
    first === 0x40 /* @ */ ||
    first === 0x09 /* tab */ ||
    first === 0x0d /* CR */
    ? `'${text}`
    : text;
}
