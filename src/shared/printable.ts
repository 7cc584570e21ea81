/** Quotes user input in an error without letting control characters or megabytes through. */
export function printable(raw: string, max = 60): string {
  const clean = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
