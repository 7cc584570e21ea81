import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIX_BIN, tempDir } from '../helpers/tix-env.js';
import { allExamples, type ExampleEntry } from './help-tree.js';

/**
 * Every example of every --help must run. Those of commands that answer and exit run in
 * test/cli/fast-path.test.ts, against one sandbox shared by all of them, on the fast path and the full path
 * alike, and must succeed there. Here: the examples of commands that serve until signalled (`tix sandbox`),
 * run as the user would type them through bash, with `tix` meaning `tix --sandbox`.
 */

/** Commands that serve until signalled: started, stopped with SIGTERM once listening, and expected to exit 0. */
const SERVES_UNTIL_STOPPED = new Set(['sandbox']);

const examples = allExamples();

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A fresh home, config folder and working folder; `tix` is `tix --sandbox`. */
function sandboxWorld(): { cwd: string; env: Record<string, string> } {
  const home = tempDir('tix-example-');
  const bin = join(home, 'bin');
  mkdirSync(bin);
  // A real executable rather than a shell function, so `xargs tix` and `$(tix ...)` work as well.
  writeFileSync(join(bin, 'tix'), `#!/bin/sh\nexec '${process.execPath}' '${TIX_BIN}' --sandbox "$@"\n`);
  chmodSync(join(bin, 'tix'), 0o755);
  return {
    cwd: home,
    env: {
      PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: home,
      TZ: 'UTC',
      TIX_CONFIG_DIR: join(home, 'config'),
    },
  };
}

function runExample(example: ExampleEntry): Promise<Run> {
  const { cwd, env } = sandboxWorld();
  const serves = SERVES_UNTIL_STOPPED.has(example.path);
  // A fixed port could be taken on a shared machine: any free one proves the same thing.
  const command = serves ? `exec ${example.command.replace(/--port \d+/, '--port 0')}` : example.command;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `set -eo pipefail\n${command}`], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let stopping = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // Once: a second SIGTERM while it shuts down would kill it before it can exit 0.
      if (serves && !stopping && /listening on http:\/\/127\.0\.0\.1:\d+/.test(stderr)) {
        stopping = true;
        child.kill('SIGTERM');
      }
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      rmSync(cwd, { recursive: true, force: true });
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('every help example runs against the sandbox', () => {
  it('finds examples on every command', () => {
    expect(examples.length).toBeGreaterThan(20);
  });

  it('finds the examples of the commands that serve, which run here', () => {
    expect(examples.filter((example) => SERVES_UNTIL_STOPPED.has(example.path)).length).toBeGreaterThan(0);
  });

  for (const example of examples.filter((e) => SERVES_UNTIL_STOPPED.has(e.path))) {
    it.concurrent(`${['tix', example.path].filter(Boolean).join(' ')}: ${example.command}`, async () => {
      const run = await runExample(example);
      // stderr says why when it fails.
      expect({ code: run.code, signal: run.signal, stderr: run.stderr.slice(-1500) }).toMatchObject({ code: 0, signal: null });
    });
  }
});
