/**
 * Reading the Markdown files the way their tests need: which files there are, the shell lines of their code
 * blocks that run tix (with the marks CONTRIBUTING.md documents), and their links and anchors.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../helpers/tix-env.js';

/** The generated command reference: its pages are checked for links, but their shell lines are the help examples. */
export const COMMAND_REFERENCE = 'docs/commands';

/** Every Markdown file whose links must resolve, relative to the repository: the top-level ones and docs/, recursively. */
export function markdownFiles(): string[] {
  const top = ['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md', 'BENCHMARKS.md'].filter((f) => existsSync(join(REPO_ROOT, f)));
  const docs = join(REPO_ROOT, 'docs');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.md') ? [relative(REPO_ROOT, path)] : [];
    });
  return [...top, ...(existsSync(docs) ? walk(docs).sort() : [])];
}

/** The user documentation whose shell lines are run: README.md and the guides of docs/ (not the generated reference). */
export function documentedFiles(): string[] {
  return markdownFiles().filter((f) => f === 'README.md' || (f.startsWith('docs/') && !f.startsWith(`${COMMAND_REFERENCE}/`)));
}

export interface CodeBlock {
  /** The fence's info string, e.g. `sh` or `console`. */
  info: string;
  /** 1-based line number of the block's first line of code. */
  line: number;
  lines: string[];
}

/** The fenced code blocks of a Markdown text. */
export function codeBlocks(text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let open: CodeBlock | undefined;
  let fence = '';
  text.split('\n').forEach((line, index) => {
    const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (!open && marker) {
      fence = marker[1]!;
      open = { info: marker[2]!.trim(), line: index + 2, lines: [] };
    } else if (open && marker && marker[1]!.startsWith(fence) && marker[2]!.trim() === '') {
      blocks.push(open);
      open = undefined;
    } else if (open) {
      open.lines.push(line);
    }
  });
  return blocks;
}

/** The text with its fenced code blocks and inline code blanked (same line count), where no link is a link. */
export function proseOf(text: string): string {
  const lines = text.split('\n');
  let inFence: string | undefined;
  return lines
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (marker && (!inFence || marker[1]!.startsWith(inFence))) {
        inFence = inFence ? undefined : marker[1]!;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n')
    .replace(/(`+)[\s\S]*?\1/g, (code) => code.replace(/[^\n]/g, ' '));
}

/** A shell line of the documentation that runs tix. */
export interface TixLine {
  file: string;
  /** 1-based line number in the file (of its first line, for a line continued with `\`). */
  line: number;
  /** As written, continuation lines joined. */
  written: string;
  /** What runs: the command, with a cron schedule or the set-up line's `npm install &&` taken off. */
  command: string;
  /** The exit code it must end with: `# exits N` on the line, else 0. */
  exitCode: number;
  /** Why it is not run (`# not run: <reason>` on the line), or undefined. */
  notRun?: string;
}

/** The line at `first` with the lines a trailing `\\` continues it onto, joined by a blank; `last`: the last line taken. */
function continuedLine(lines: string[], first: number): { text: string; last: number } {
  let text = lines[first]!;
  let last = first;
  while (text.endsWith('\\') && last + 1 < lines.length) text = `${text.slice(0, -1).trimEnd()} ${lines[++last]!.trim()}`;
  return { text, last };
}

/** Where an unquoted `#` starts a comment (at the start or after a blank), or -1. */
function commentStart(line: string): number {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return i;
  }
  return -1;
}

/** Fences whose lines are shell: `console` blocks hold `$ ` lines and their output. */
const SHELL_BLOCKS = new Set(['sh', 'bash', 'shell', 'console']);
/** A crontab line's schedule (five time fields) in front of its command. */
const CRON_SCHEDULE = /^(?:[\d*/,-]+\s+){5}(?=\S)/;
/** `tix` as a command word: at the start, after a pipe, `;`, `&&`, `(`, `$(` or xargs, or as `npx tix`. */
const RUNS_TIX = /(?:^|[|;&(]\s*|\bxargs\s+|\bnpx\s+)tix(?:\s|$)/;

/** The lines of the documentation's shell blocks (`sh`, `bash`, `shell`, `console`) that run tix, in the file's order. */
export function tixLines(file: string): TixLine[] {
  return tixLinesOf(file, readFileSync(join(REPO_ROOT, file), 'utf8'));
}

/** The lines that run tix of a Markdown text (`file` names it in what is found). */
export function tixLinesOf(file: string, text: string): TixLine[] {
  const found: TixLine[] = [];
  for (const block of codeBlocks(text)) {
    const kind = block.info.split(/\s+/)[0];
    if (!SHELL_BLOCKS.has(kind!)) continue;
    for (let i = 0; i < block.lines.length; i++) {
      const first = i;
      const joined = continuedLine(block.lines, i);
      i = joined.last;
      let written = joined.text;
      if (kind === 'console') {
        if (!written.startsWith('$ ')) continue;
        written = written.slice(2);
      }
      const at = commentStart(written);
      const code = (at < 0 ? written : written.slice(0, at)).trim();
      const comment = at < 0 ? '' : written.slice(at);
      if (!RUNS_TIX.test(code.replace(CRON_SCHEDULE, ''))) continue;
      const notRunMark = /^#\s*not run\b\s*(?:\(([^)]*)\))?:?\s*(.*)$/.exec(comment);
      const notRun = notRunMark ? [notRunMark[1], notRunMark[2]].filter(Boolean).join(': ') : undefined;
      const exits = /^#\s*exits (\d+)\b/.exec(comment)?.[1];
      const command = code
        .replace(CRON_SCHEDULE, '')
        .replace(/^npm install && /, '')
        .replace(/\bnpx tix\b/g, 'tix');
      found.push({
        file,
        line: block.line + first,
        written,
        command,
        exitCode: exits ? Number(exits) : 0,
        ...(notRun === undefined ? {} : { notRun: notRun || 'no reason given' }),
      });
    }
  }
  return found;
}

/**
 * The words of a command, as the shell would split them, when it is a plain command: words, quotes and
 * nothing the shell would expand or redirect but a `~/` starting a word, which becomes `home`. Undefined for
 * anything else (a pipe, `$(...)`, a glob, a redirection), which only a shell can run.
 */
export function plainWords(command: string, home: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (quote === '"' && /[$`\\!]/.test(c)) return undefined;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '~' && word === undefined && command[i + 1] === '/') {
      word = home;
    } else if (/[|&;<>()$`\\~*?[\]{}!#]/.test(c)) {
      return undefined;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote) return undefined;
  if (word !== undefined) words.push(word);
  return words;
}

/** GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped, spaces to `-`. */
export function slugOf(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown text offers: its headings (repeats numbered as GitHub does) and `id`/`name` attributes. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  // A heading is a heading of the prose (not a `#` comment in a code block); its slug is read from the line as written.
  const prose = proseOf(text).split('\n');
  text.split('\n').forEach((line, index) => {
    if (!/^ {0,3}#{1,6}\s/.test(prose[index]!)) return;
    const slug = slugOf(/^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)![1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  });
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

export interface Link {
  file: string;
  line: number;
  target: string;
}

/** The links and images of a Markdown text's prose: inline `[text](target)` and reference definitions. */
export function linksOf(file: string, text: string): Link[] {
  const links: Link[] = [];
  proseOf(text)
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
        links.push({ file, line: index + 1, target: match[1]! });
      const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
      if (definition) links.push({ file, line: index + 1, target: definition[1]! });
    });
  return links;
}

/** A `$ ` command of a `console` block and the output pasted under it (CONTRIBUTING.md, "Documentation"). */
export interface PastedExample {
  file: string;
  /** 1-based line number of the `$ ` line. */
  line: number;
  /** The command as written after `$ `, continuation lines joined. */
  command: string;
  /** The lines under it up to the next `$ ` line or the end of the block, as the command printed them. */
  output: string[];
  /** `columns=N` in the fence's info string: the output was taken at a terminal this wide (else: a pipe). */
  columns?: number;
}

/** The examples of a Markdown text that show a command and what it printed: `$ ` lines of `console` blocks with lines under them. */
export function pastedExamplesOf(file: string, text: string): PastedExample[] {
  const found: PastedExample[] = [];
  for (const block of codeBlocks(text)) {
    const [kind, ...attributes] = block.info.split(/\s+/);
    if (kind !== 'console') continue;
    const columns = attributes.map((a) => /^columns=(\d+)$/.exec(a)?.[1]).find(Boolean);
    let current: PastedExample | undefined;
    for (let i = 0; i < block.lines.length; i++) {
      const line = block.lines[i]!;
      if (line.startsWith('$ ')) {
        const first = i;
        const joined = continuedLine(block.lines, i);
        i = joined.last;
        const command = joined.text.slice(2);
        current = { file, line: block.line + first, command, output: [], ...(columns ? { columns: Number(columns) } : {}) };
        found.push(current);
      } else {
        current?.output.push(line);
      }
    }
  }
  return found.filter((example) => example.output.length > 0);
}

/** The pasted examples of a file of the repository. */
export function pastedExamples(file: string): PastedExample[] {
  return pastedExamplesOf(file, readFileSync(join(REPO_ROOT, file), 'utf8'));
}
