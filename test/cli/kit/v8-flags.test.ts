import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JQ_WASM_FLAGS, OLD_GENERATION_FLAGS, YOUNG_GENERATION_FLAGS } from '../../../src/cli/kit/v8-flags.js';

// V8 stamps its flags into a code cache and refuses one whose flags are not its own. A flag tix changes while
// it runs is put back, before bin/code-cache.cjs writes the fast path's cache, with the flags v8-flags.ts
// gives for it (issue 39): here a cache is written after each change and its undo, in one process, and taken
// by another that started with V8's defaults, as the next run of tix does. Without the undo it is refused.
const dir = mkdtempSync(join(tmpdir(), 'tix-v8-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCRIPT = `
const vm = require('node:vm'), fs = require('node:fs'), v8 = require('node:v8');
const [mode, file, ...flags] = process.argv.slice(1);
const source = 'function f(a) { return a + 1 } f(1);';
if (mode === 'write') {
  const script = new vm.Script(source);
  script.runInThisContext();
  for (const flag of flags) v8.setFlagsFromString(flag);
  fs.writeFileSync(file, script.createCachedData());
} else {
  process.stdout.write(String(new vm.Script(source, { cachedData: fs.readFileSync(file) }).cachedDataRejected));
}`;

function rejectedAfter(flags: string[]): boolean {
  const file = join(dir, 'cache');
  // V8's defaults, as a run of tix starts with: no flags from the environment.
  const env = { ...process.env, NODE_OPTIONS: '' };
  const write = spawnSync(process.execPath, ['-e', SCRIPT, 'write', file, ...flags], { env, encoding: 'utf8' });
  expect(write.status, write.stderr).toBe(0);
  const read = spawnSync(process.execPath, ['-e', SCRIPT, 'read', file], { env, encoding: 'utf8' });
  expect(read.status, read.stderr).toBe(0);
  return read.stdout === 'true';
}

describe('V8 flags tix changes, and their undo', () => {
  it.each([
    ['jq', JQ_WASM_FLAGS],
    ['young generation', YOUNG_GENERATION_FLAGS],
    ['old generation', OLD_GENERATION_FLAGS],
  ])('%s: a cache written after the undo is taken; without it, refused', (_name, { flag, undo }) => {
    expect(rejectedAfter([flag])).toBe(true);
    expect(rejectedAfter([flag, undo])).toBe(false);
  });
});
