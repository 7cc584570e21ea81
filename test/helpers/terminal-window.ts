/**
 * Runs the built tix in a real terminal of a given size: a tmux window on a private tmux server (its own
 * socket, no configuration), so tix's stdout is a terminal with that many columns, as a person's would be.
 * stderr goes to a file, so what the window shows is stdout alone and the notes can be read apart.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { failOnUnexpectedStderr, REPO_ROOT, tempDir, TIX_BIN } from './tix.js';

const run = promisify(execFile);

export interface WindowRun {
  /** The window's rows as the terminal drew them (with up to 2,000 rows of scrollback), trailing blanks dropped. */
  rows: string[];
  /** The same output with rows the terminal wrapped joined again: one entry per line tix wrote. */
  lines: string[];
  stderr: string;
  code: number;
  /** The lines with their colour codes, when `escapes` was asked for (else empty). */
  styled: string[];
}

export interface WindowOptions {
  columns: number;
  env: Record<string, string>;
  /** Also capture the output with its colour codes (`styled`). */
  escapes?: boolean;
}

let windows = 0;

export async function runInWindow(args: readonly string[], options: WindowOptions): Promise<WindowRun> {
  const dir = tempDir('tix-window-');
  const socket = `tix-test-${process.pid}-${++windows}`;
  const tmux = (...tmuxArgs: string[]) => run('tmux', ['-L', socket, ...tmuxArgs], { env: environment(options.env), timeout: 30_000 });
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, TIX_BIN, ...args].map(quote).join(' ');
  // The shell waits after tix has exited, so the window (and what it shows) outlives it until captured.
  const script = `cd ${quote(REPO_ROOT)}; ${command} 2>${quote(join(dir, 'stderr'))}; echo $? >${quote(join(dir, 'code'))}; tmux -L ${socket} wait-for -S done; exec sleep 300`;
  await tmux('-f', '/dev/null', 'new-session', '-d', '-x', String(options.columns), '-y', '50', 'sh', '-c', script);
  try {
    await tmux('wait-for', 'done');
    const rows = trimEnd((await tmux('capture-pane', '-p', '-S', '-')).stdout.split('\n'));
    const lines = trimEnd((await tmux('capture-pane', '-p', '-J', '-S', '-')).stdout.split('\n'));
    const styled = options.escapes ? trimEnd((await tmux('capture-pane', '-p', '-e', '-J', '-S', '-')).stdout.split('\n')) : [];
    const stderr = readFileSync(join(dir, 'stderr'), 'utf8');
    const code = Number(readFileSync(join(dir, 'code'), 'utf8').trim());
    return failOnUnexpectedStderr({ rows, lines, stderr, code, styled }, false, args);
  } finally {
    await tmux('kill-server').catch(() => {});
  }
}

/** PATH, HOME, TZ=UTC and an isolated config folder, then the test's own; TERM for tmux itself. */
function environment(extra: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tempDir('tix-home-'),
    TERM: 'xterm-256color',
    TZ: 'UTC',
    TIX_CONFIG_DIR: tempDir('tix-config-'),
    ...extra,
  };
}

/** Rows without trailing blanks (capture-pane keeps them when joining wrapped rows, not otherwise) or trailing blank rows. */
function trimEnd(rows: string[]): string[] {
  const kept = rows.map((row) => row.trimEnd());
  while (kept.length > 0 && kept.at(-1)!.trim() === '') kept.pop();
  return kept;
}
