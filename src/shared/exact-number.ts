/**
 * A number from the API whose digits a double cannot hold (12345678901234567890, 1e400,
 * 0.1000000000000000055511151231257827), kept as the text the API wrote. JSON.parse makes such a number a
 * rounded double, Infinity or 0, and csv and tsv would print that; an export must give the digits that were
 * sent (issue 36 §5). Only csv and tsv ask for it (api/exact-json.ts); everything else sees a plain number.
 *
 * It is an object that reads as its number: arithmetic and comparisons take valueOf(), JSON.stringify its
 * toJSON() (the double, as before). Its text is a private field, so it has no key of its own: flatten.ts
 * takes it for one cell, not for a nested object.
 */
export class ExactNumber {
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  /** The number as the API wrote it. */
  get text(): string {
    return this.#text;
  }

  valueOf(): number {
    return Number(this.#text);
  }

  toJSON(): number {
    return Number(this.#text);
  }

  toString(): string {
    return this.#text;
  }
}

/** More digits than this always round-trip through a double, so a shorter number needs no look. */
const SAFE_DIGITS = 15;

/**
 * Whether a JSON number token says more than its double does: its significant digits or its magnitude are
 * not what the double gives back (1e2 and 12.50 are held exactly, as 100 and 12.5; 1e400 and a 20-digit
 * integer are not). Cheap for the numbers of everyday data: no exponent and at most 15 digits is enough.
 */
export function isBeyondDouble(token: string): boolean {
  let digits = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c === 0x65 || c === 0x45) return !sameNumber(token, String(Number(token)));
    if (c >= 0x30 && c <= 0x39) digits++;
  }
  return digits > SAFE_DIGITS && !sameNumber(token, String(Number(token)));
}

/** Two decimal texts (JSON's grammar, or JavaScript's, which writes `1e+21`) name the same number. */
function sameNumber(a: string, b: string): boolean {
  const x = decimalOf(a);
  const y = decimalOf(b);
  return x !== undefined && y !== undefined && x.digits === y.digits && x.exponent === y.exponent && x.negative === y.negative;
}

/** A number's significant digits (no leading or trailing zeros) and the power of ten of its last one. */
function decimalOf(text: string): { negative: boolean; digits: string; exponent: number } | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (match === null) return undefined; // Infinity, NaN
  const fraction = match[3] ?? '';
  const all = `${match[2]}${fraction}`;
  const leading = all.length - all.replace(/^0+/, '').length;
  const significant = all.slice(leading).replace(/0+$/, '');
  if (significant === '') return { negative: false, digits: '0', exponent: 0 };
  const trailing = all.length - leading - significant.length;
  const exponent = Number(match[4] ?? '0') - fraction.length + trailing;
  return { negative: match[1] === '-', digits: significant, exponent };
}
