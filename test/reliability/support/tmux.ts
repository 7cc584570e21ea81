/**
 * Runs tix in a real terminal (a tmux pane of 120 x 30), where keys typed are keys (Ctrl-C is the terminal's
 * interrupt character, not a signal the test sends). The pane runs a small shell script: tix, then its exit
 * status and `stty -a`, so a test also sees the state tix left the terminal in. Everything the pane printed,
 * escape sequences included, is recorded with pipe-pane.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { onTestFinished } from 'vitest';
import { cleanEnv, REPO_ROOT, TIX_BIN } from '../../helpers/tix-env.js';

const run = promisify(execFile);
const DONE = 'tix-terminal-done';

export interface TerminalOutcome {
  /** tix's exit status, as the shell saw it. */
  code: number;
  /** Everything the terminal received while tix ran (stdout and stderr together), escape sequences included. */
  raw: string;
  /** `stty -a` just after tix exited. */
  stty: string;
}

export interface TerminalRun {
  /** Resolves once the terminal has shown `text` (fails the test after 20 s without it). */
  waitFor(text: string): Promise<void>;
  /** tmux key names: 'C-c', 'C-d', 'Enter'. */
  press(...keys: string[]): Promise<void>;
  /** Types text as it is (no key names). */
  type(text: string): Promise<void>;
  /** Waits for tix to exit and returns what happened. */
  done(): Promise<TerminalOutcome>;
}

const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

export async function startOnTerminal(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  cwd = REPO_ROOT,
): Promise<TerminalRun> {
  const dir = mkdtempSync(join(tmpdir(), 'tix-tmux-'));
  const socket = join(dir, 'tmux.sock');
  const log = join(dir, 'pane.log');
  const tmux = (...rest: string[]) =>
    run('tmux', ['-S', socket, '-f', '/dev/null', ...rest], { env: cleanEnv({ TERM: 'xterm-256color', ...env }) });
  onTestFinished(async () => {
    await tmux('kill-server').catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  // The shell catches Ctrl-C (tix, a child, gets its own), so it goes on to report tix's status and the terminal's state.
  // It waits for 'go' so nothing tix prints comes before the recording starts.
  const script = [
    'trap true INT',
    `tmux -S ${quote(socket)} wait-for go`,
    `cd ${quote(cwd)}`,
    [process.execPath, TIX_BIN, ...args].map(quote).join(' '),
    'status=$?',
    'echo "tix-exit=$status"',
    'stty -a',
    `echo ${DONE}`,
    `tmux -S ${quote(socket)} wait-for -S finished`,
    'sleep 60',
  ].join('\n');
  writeFileSync(join(dir, 'run.sh'), `${script}\n`);
  await tmux('new-session', '-d', '-x', '120', '-y', '30', '-s', 'tix', `sh ${quote(join(dir, 'run.sh'))}`);
  await tmux('pipe-pane', '-o', '-t', 'tix', `cat >> ${quote(log)}`);
  await tmux('wait-for', '-S', 'go');

  const shown = () => {
    try {
      return readFileSync(log, 'utf8');
    } catch {
      return '';
    }
  };
  const waitFor = async (text: string) => {
    const deadline = Date.now() + 20_000;
    while (!shown().includes(text)) {
      if (Date.now() > deadline) throw new Error(`the terminal never showed ${JSON.stringify(text)}; it showed:\n${shown()}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return {
    waitFor,
    press: async (...keys) => {
      await tmux('send-keys', '-t', 'tix', ...keys);
    },
    type: async (text) => {
      await tmux('send-keys', '-t', 'tix', '-l', text);
    },
    done: async () => {
      await tmux('wait-for', 'finished');
      await waitFor(DONE);
      const all = shown();
      const exit = /tix-exit=(\d+)/.exec(all);
      if (!exit) throw new Error(`no exit status on the terminal:\n${all}`);
      return { code: Number(exit[1]), raw: all.slice(0, exit.index), stty: all.slice(exit.index + exit[0].length) };
    },
  };
}

/** Runs tix at a terminal, presses Ctrl-C once `shown` is on it, and returns how tix ended. */
export async function ctrlCOnceShown(
  args: readonly string[],
  env: Record<string, string | undefined>,
  shown: string,
): Promise<TerminalOutcome> {
  const terminal = await startOnTerminal(args, env);
  await terminal.waitFor(shown);
  await terminal.press('C-c');
  return terminal.done();
}
