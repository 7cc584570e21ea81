/**
 * Every shell line of README.md and docs/*.md that runs tix runs here, against one sandbox, and ends with
 * the exit code the documentation promises (0, or `# exits N` on the line). Each file runs in a home of its
 * own, its lines in the file's order (a `track` feeds the `history` lines after it), with `tix` pointed at
 * the sandbox through TIX_BASE_URL and TIX_API_KEY, as a user's stored settings would. A plain `tix ...`
 * line runs in-process (runTix); a line with pipes, redirections, `$(...)`, `~` or files runs through bash
 * with the built binary. A line marked `# not run: <reason>` is skipped (CONTRIBUTING.md, "Documentation").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_NOW, type Sandbox, useSandbox } from '../helpers/sandbox.js';
import { runTix } from '../helpers/tix.js';
import { failOnUnexpectedStderr, REPO_ROOT, sandboxEnv, type TixResult } from '../helpers/tix-env.js';
import { codeBlocks, documentedFiles, plainWords, type TixLine, tixLines } from './markdown.js';
import { readerHome } from './reader-home.js';

// The sandbox's world is fixed (docs/sandbox.md): the events the examples name are on sale at a date, not at any clock.
const api = useSandbox({ now: DOCS_NOW });

/** Flags whose value is a file or folder, read from the home when relative (bash's working folder). */
const FILE_FLAGS = new Set(['--out', '--from-file', '--file', '--db']);

/** The watch list docs/history.md shows (the block that starts `# ~/watchlist.txt`), as a file the cron lines read. */
const WATCH_LIST = (() => {
  const block = codeBlocks(readFileSync(join(REPO_ROOT, 'docs', 'history.md'), 'utf8')).find((b) =>
    b.lines[0]?.startsWith('# ~/watchlist.txt'),
  );
  if (!block) throw new Error('docs/history.md shows no watch list (a block starting "# ~/watchlist.txt")');
  return `${block.lines.join('\n')}\n`;
})();

interface World {
  home: string;
  env: Record<string, string>;
}

/** A home for one file's lines: a `tix` on the PATH, the files the documentation reads, tix pointed at the sandbox. */
function worldFor(sandbox: Sandbox): World {
  const { home, bin, env } = readerHome('tix-docs-');
  mkdirSync(join(home, 'exports'));
  writeFileSync(join(bin, 'page-me'), '#!/bin/sh\ncat > /dev/null\n');
  chmodSync(join(bin, 'page-me'), 0o755);
  writeFileSync(join(home, 'key.txt'), 'sandbox-key\n');
  writeFileSync(join(home, 'watchlist.txt'), WATCH_LIST);
  const skybox = sandbox.events.filter((e) => e.agentIds.SKYBOX).slice(0, 3);
  writeFileSync(join(home, 'ids.txt'), `${skybox.map((e) => e.agentIds.SKYBOX).join('\n')}\n`);
  return { home, env: { ...env, ...sandboxEnv(sandbox.url) } };
}

/** A line through bash (`set -eo pipefail`, so a pipeline fails when tix does), in the world's home. */
function inBash(command: string, world: World): Promise<TixResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `set -eo pipefail\n${command}`], {
      cwd: world.home,
      env: world.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** `tix sandbox ...`, which serves until stopped: started on a free port, which the file's later lines are given. */
async function startServing(command: string, world: World): Promise<{ child: ChildProcess; port: number; stderr: () => string }> {
  const child = spawn('bash', ['-c', `exec ${command.replace(/--port \d+/, '--port 0')}`], { cwd: world.home, env: world.env });
  let stderr = '';
  child.stdout?.resume();
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command}: not listening after 25 s: ${stderr}`)), 25_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stderr);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`${command} exited ${code} before listening: ${stderr}`)));
  });
  return { child, port, stderr: () => stderr };
}

/** The argv of a plain `tix ...` command that runs in-process, its files made absolute; undefined if only bash can run it. */
function inProcessArgs(command: string, world: World): string[] | undefined {
  const words = plainWords(command, world.home);
  // `-` reads stdin, and `--to` of history export is a store: only bash gives them what the line says.
  if (words?.[0] !== 'tix' || words.includes('-') || words.includes('export')) return undefined;
  return words
    .slice(1)
    .map((word, i, all) => (FILE_FLAGS.has(all[i - 1]!) && !isAbsolute(word) && !word.includes('://') ? join(world.home, word) : word));
}

/**
 * Runs one line as documented and returns what it did. `a; b; c` of plain commands runs in-process one after
 * another, stopping at the first failure as `set -e` does; anything else goes to bash.
 */
async function run(line: TixLine, world: World): Promise<TixResult> {
  const commands = line.command.split(/\s*;\s*/).map((part) => inProcessArgs(part, world));
  if (commands.every((args) => args !== undefined)) {
    let result: TixResult | undefined;
    for (const args of commands) {
      result = await runTix(args, { env: world.env });
      if (result.code !== 0) break;
    }
    return result!;
  }
  return failOnUnexpectedStderr(await inBash(line.command, world), false, [line.command]);
}

const files = documentedFiles();

describe('the shell lines of the documentation', () => {
  it('are found in the README and every guide', () => {
    for (const file of ['README.md', 'docs/querying.md', 'docs/output.md', 'docs/history.md', 'docs/alerts.md', 'docs/settings.md']) {
      expect(tixLines(file).filter((l) => !l.notRun).length, file).toBeGreaterThan(0);
    }
    expect(files.flatMap(tixLines).length).toBeGreaterThan(50);
  });

  for (const file of files) {
    const lines = tixLines(file);
    if (lines.length === 0) continue;
    // Lines run one after another (each file's story builds on its earlier lines): longer than one test.
    it.concurrent(`${file}: every line that runs tix ends as documented`, { timeout: 120_000 }, async () => {
      const world = worldFor(api());
      const failures: string[] = [];
      let serving: Awaited<ReturnType<typeof startServing>> | undefined;
      try {
        for (const line of lines) {
          if (line.notRun) continue;
          if (/^tix sandbox\b/.test(line.command)) {
            serving = await startServing(line.command, world);
            continue;
          }
          const command = serving ? line.command.replaceAll('127.0.0.1:8787', `127.0.0.1:${serving.port}`) : line.command;
          const result = await run({ ...line, command }, world);
          if (result.code !== line.exitCode || result.signal) {
            failures.push(
              `${file}:${line.line}: ${line.written}\n  exit ${result.code ?? result.signal}, documented ${line.exitCode}\n  ${result.stderr.trim().slice(-800)}`,
            );
          }
        }
        if (serving) {
          const stopped = serving;
          const exit = new Promise<number | null>((resolve) => stopped.child.on('exit', (code) => resolve(code)));
          stopped.child.kill('SIGTERM');
          const code = await exit;
          if (code !== 0) failures.push(`${file}: tix sandbox exited ${code} on SIGTERM: ${stopped.stderr()}`);
          serving = undefined;
        }
      } finally {
        serving?.child.kill('SIGKILL');
        rmSync(world.home, { recursive: true, force: true });
      }
      expect(failures).toEqual([]);
    });
  }
});
