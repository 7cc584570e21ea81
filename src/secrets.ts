/**
 * The run's secrets (the API key, a database password) and the one way text from elsewhere (a server's
 * message or headers, a parser's quote of a body, a driver's error) is cleaned of them before it becomes
 * part of a message. tix never puts a secret in a message itself; this is for what others echo back.
 *
 * A secret is masked where it stands as a whole token, never as a substring of a word: with a key `e`,
 * "the API key" stays readable, and the reader cannot tell the key from which letters turned into `***`.
 * It is a list for the whole run, like a CI runner's masked values, so that code quoting foreign text
 * needs no key handed down to it.
 */
const secrets = new Set<string>();
let pattern: RegExp | undefined;

/** Characters that make up a token: a secret glued to one of them is part of a longer word, not the secret. */
const TOKEN_CHAR = /[\p{L}\p{N}_-]/u;

/** Query parameters whose value is a secret whatever it is (`?apiKey=...` in a URL a server sends back). */
const SECRET_PARAMETER = /([?&;]api[-_]?key=)[^&#\s"'<>]*/gi;

/** Masks `value` in every message of this run from now on (as typed, and in the forms a URL carries it in). */
export function treatAsSecret(value: string): void {
  if (value === '' || secrets.has(value)) return;
  secrets.add(value);
  pattern = undefined;
}

/** The text with each whole-token occurrence of a secret (raw or URL-encoded), and any `apiKey=` value, as `***`. */
export function maskSecrets(text: string): string {
  const masked = text.replace(SECRET_PARAMETER, '$1***');
  if (secrets.size === 0) return masked;
  pattern ??= compile();
  return masked.replace(pattern, '***');
}

function compile(): RegExp {
  const forms = new Set<string>();
  for (const secret of secrets) {
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(new URLSearchParams({ k: secret }).toString().slice(2));
  }
  // Longest first, so a secret that contains another is masked whole.
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map(asPattern);
  return new RegExp(alternatives.join('|'), 'gu');
}

/** One form as a pattern: bounded on each side where its edge is a token character, %XX in either case. */
function asPattern(form: string): string {
  const body = [...form].map(escape).join('').replace(/%([0-9A-F])([0-9A-F])/g, (_, a: string, b: string) => `%${either(a)}${either(b)}`);
  const before = TOKEN_CHAR.test(form[0]!) ? '(?<![\\p{L}\\p{N}_-])' : '';
  const after = TOKEN_CHAR.test(form.at(-1)!) ? '(?![\\p{L}\\p{N}_-])' : '';
  return `${before}${body}${after}`;
}

function either(hexDigit: string): string {
  const lower = hexDigit.toLowerCase();
  return lower === hexDigit ? hexDigit : `[${hexDigit}${lower}]`;
}

function escape(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}
