/**
 * Profile names for `--profile <Tab>`, read from the stored config by awk: no Node start-up on every Tab.
 * The file is JSON (`{"profiles":{"name":{...}}}`) written by conf, but may be hand-edited, so this is a small
 * tokenizer (strings with escapes, nesting depth) rather than a line grep: it prints the keys of the
 * top-level "profiles" object. It has no single quotes and no backslashes, so every shell can embed it in a
 * single-quoted string unchanged (fish would rewrite backslashes).
 */
export const PROFILES_AWK = [
  'BEGIN { q = sprintf("%c", 34); bs = sprintf("%c", 92) }',
  '{ text = text $0 " " }',
  'END {',
  '  n = length(text); depth = 0; key = ""; last = ""; inside = 0',
  '  for (i = 1; i <= n; i++) {',
  '    c = substr(text, i, 1)',
  '    if (c == q) {',
  '      s = ""',
  '      for (i++; i <= n; i++) { c = substr(text, i, 1); if (c == bs) { i++; continue } if (c == q) break; s = s c }',
  '      last = s',
  '    } else if (c == ":") {',
  '      if (depth == 1) key = last; else if (depth == 2 && inside) print last',
  '    } else if (c == "{" || c == "[") {',
  '      depth++; if (depth == 2) inside = (c == "{" && key == "profiles")',
  '    } else if (c == "}" || c == "]") {',
  '      depth--; if (depth < 2) inside = 0',
  '    }',
  '  }',
  '}',
].join('\n');
