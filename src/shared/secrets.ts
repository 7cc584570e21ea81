/**
 * The run's secrets (the API key, a database password) and the one way text from elsewhere (a server's
 * message or headers, a parser's quote of a body, a driver's error) is cleaned of them before it becomes
 * part of a message. tix never puts a secret in a message itself; this is for what others echo back.
 *
 * A secret is masked wherever it occurs, glued to `_`, `-`, a digit or any letter included (`x-K3Ysecret`,
 * `K3Ysecret_2`: a token boundary is not where a server stops quoting). Only a secret of one to three
 * characters is masked where it stands as a whole token, never inside a word: with a key `e`, "the API key"
 * stays readable, and the reader cannot tell the key from which letters turned into `***`.
 * It is a list for the whole run, like a CI runner's masked values, so that code quoting foreign text
 * needs no key handed down to it.
 */
const secrets = new Set<string>();
/** The raw forms, matched as they are, and the percent-encoded ones, matched in any case (as servers re-encode). */
let patterns: { exact: RegExp | undefined; anyCase: RegExp | undefined } | undefined;

/** Secrets shorter than this are masked as whole tokens only (above). */
const WHOLE_TOKEN_BELOW = 4;

/** Characters that make up a token: a short secret glued to one of them is part of a longer word, not the secret. */
const TOKEN_CHAR = /[\p{L}\p{N}_-]/u;

/** Query parameters whose value is a secret whatever it is (`?apiKey=...` in a URL a server sends back). */
const SECRET_PARAMETER = /([?&;]api[-_]?key=)[^&#\s"'<>]*/gi;

/** Masks `value` in every message of this run from now on (as typed, and in the forms a URL carries it in). */
export function treatAsSecret(value: string): void {
  if (value === '' || secrets.has(value)) return;
  secrets.add(value);
  patterns = undefined;
}

/** Forgets every secret: a new run in the same process (a test's) starts with none. */
export function forgetSecrets(): void {
  secrets.clear();
  patterns = undefined;
}

/** The text with each occurrence of a secret (raw or URL-encoded; a short one as a whole token), and any `apiKey=` value, as `***`. */
export function maskSecrets(text: string): string {
  const masked = text.replace(SECRET_PARAMETER, '$1***');
  if (secrets.size === 0) return masked;
  patterns ??= compile();
  const { exact, anyCase } = patterns;
  const unencoded = exact ? masked.replace(exact, '***') : masked;
  return anyCase ? unencoded.replace(anyCase, '***') : unencoded;
}

function compile(): { exact: RegExp | undefined; anyCase: RegExp | undefined } {
  const forms = new Set<string>();
  for (const secret of secrets) {
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(new URLSearchParams({ k: secret }).toString().slice(2));
  }
  // Longest first, so a secret that contains another is masked whole.
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  return {
    exact: alternatives(
      sorted.filter((form) => !form.includes('%')),
      'gu',
    ),
    anyCase: alternatives(
      sorted.filter((form) => form.includes('%')),
      'giu',
    ),
  };
}

function alternatives(forms: string[], flags: string): RegExp | undefined {
  return forms.length === 0 ? undefined : new RegExp(forms.map(asPattern).join('|'), flags);
}

/** One form as a pattern: a short one bounded on each side where its edge is a token character. */
function asPattern(form: string): string {
  const body = [...form].map(escapeRegExp).join('');
  if ([...form].length >= WHOLE_TOKEN_BELOW) return body;
  const before = TOKEN_CHAR.test(form[0]!) ? '(?<![\\p{L}\\p{N}_-])' : '';
  const after = TOKEN_CHAR.test(form.at(-1)!) ? '(?![\\p{L}\\p{N}_-])' : '';
  return `${before}${body}${after}`;
}

function escapeRegExp(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}

/**
 * A URL as messages show it when the whole of it may be a secret (a chat webhook's path is its token):
 * the scheme and host, then `/***` if it had more (user info, path, query). Text that is not a URL at all
 * is shown only by its first characters.
 */
export function urlWithoutSecrets(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text.length > 12 ? `${text.slice(0, 8)}***` : text;
  }
  if (!/^[a-z][a-z0-9+.-]*:$/.test(url.protocol) || url.host === '') return `${url.protocol}***`;
  const more = url.username !== '' || url.password !== '' || url.pathname.length > 1 || url.search !== '' || url.hash !== '';
  return `${url.protocol}//${url.host}${more ? '/***' : ''}`;
}
