import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { TIX_BIN, tempDir } from '../helpers/tix-env.js';
import { allExamples, type ExampleEntry } from './help-tree.js';

/**
 * Runs every example of every --help against the sandbox, as the user would type it (pipes, jq and
 * redirections included, through bash), with `tix` meaning `tix --sandbox`. An example that stops working
 * fails the build. `auth login` and `auth logout` refuse --sandbox (they manage the real API's key), so
 * theirs run against a sandbox of this file's standing in for the real API, at the examples' base URL.
 */

/** Commands that serve until signalled: started, stopped with SIGTERM once listening, and expected to exit 0. */
const SERVES_UNTIL_STOPPED = new Set(['sandbox']);

const examples = allExamples();
const api = useSandbox();
/** The base URL the examples show for the real API. */
const EXAMPLE_BASE_URL = 'https://api.example.com';

/** Examples that manage the stored key, which --sandbox refuses to touch. */
function managesKey(example: ExampleEntry): boolean {
  return /\btix auth (login|logout)\b/.test(example.command);
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * A fresh home, config folder and working folder, with the files examples read (`--with-key < key.txt`).
 * `tix` is `tix --sandbox`, or with `realApi` plain tix with TIX_BASE_URL at the file's sandbox.
 */
function sandboxWorld(realApi: string | undefined): { cwd: string; env: Record<string, string> } {
  const home = tempDir('tix-example-');
  const bin = join(home, 'bin');
  mkdirSync(bin);
  // A real executable rather than a shell function, so `xargs tix` and `$(tix ...)` work as well.
  writeFileSync(join(bin, 'tix'), `#!/bin/sh\nexec '${process.execPath}' '${TIX_BIN}'${realApi ? '' : ' --sandbox'} "$@"\n`);
  chmodSync(join(bin, 'tix'), 0o755);
  writeFileSync(join(home, 'key.txt'), 'sandbox-key\n');
  writeFileSync(join(home, 'staging-key.txt'), 'sandbox-key\n');
  return {
    cwd: home,
    env: {
      PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: home,
      TZ: 'UTC',
      TIX_CONFIG_DIR: join(home, 'config'),
      ...(realApi ? { TIX_BASE_URL: realApi } : {}),
    },
  };
}

function runExample(example: ExampleEntry): Promise<Run> {
  const realApi = managesKey(example) ? api().url : undefined;
  const { cwd, env } = sandboxWorld(realApi);
  const serves = SERVES_UNTIL_STOPPED.has(example.path);
  // A fixed port could be taken on a shared machine: any free one proves the same thing.
  const typed = realApi ? example.command.replaceAll(EXAMPLE_BASE_URL, realApi) : example.command;
  const command = serves ? `exec ${typed.replace(/--port \d+/, '--port 0')}` : typed;
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

  for (const example of examples) {
    it.concurrent(`${['tix', example.path].filter(Boolean).join(' ')}: ${example.command}`, async () => {
      const run = await runExample(example);
      // stderr says why when it fails.
      expect({ code: run.code, signal: run.signal, stderr: run.stderr.slice(-1500) }).toMatchObject({ code: 0, signal: null });
    });
  }
});
