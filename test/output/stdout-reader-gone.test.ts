import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXTERNAL_PACKAGES } from '../../scripts/build-plugins.mjs';

// A real process writing csv to its real stdout, whose reader goes away after a few bytes (`tix ... | head`).
const OUTPUT = fileURLToPath(new URL('../../src/output/index.ts', import.meta.url));
const SCRIPT = `
import { writeSync } from 'node:fs';
import { createRowWriter, isOutputClosed, stdoutSink } from ${JSON.stringify(OUTPUT)};
const sink = stdoutSink(process.stdout);
const writer = createRowWriter('csv', sink, { documented: ['id', 'name'] });
let batches = 0;
try {
  for (; batches < 100000; batches++) {
    await writer.write(Array.from({ length: 1000 }, (_, i) => ({ id: batches * 1000 + i, name: 'event, "x"' })));
  }
  await writer.end();
  await sink.commit();
} catch (error) {
  if (!isOutputClosed(error)) throw error;
  await sink.abort();
}
writeSync(3, String(batches));
`;

let folder: string;
let script: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'tix-closed-stdout-'));
  script = join(folder, 'writer.mjs');
  // DuckDB's native bindings (Parquet output) are left out of the bundle, as scripts/build-plugins.mjs leaves them.
  await build({
    stdin: { contents: SCRIPT, resolveDir: folder, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: script,
    external: EXTERNAL_PACKAGES,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

it('stops writing soon after the reader closes, exits 0 and says nothing on stderr', async () => {
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
  let stderr = '';
  let batches = '';
  child.stderr!.on('data', (data: Buffer) => (stderr += data.toString()));
  (child.stdio[3] as NodeJS.ReadableStream).on('data', (data: Buffer) => (batches += data.toString()));
  const [first] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(first.toString().startsWith('id,name\r\n0,"event, ""x"""\r\n')).toBe(true);
  child.stdout!.destroy(); // the reader goes away
  const [code] = (await once(child, 'close')) as [number | null];
  expect(stderr).toBe('');
  expect(code).toBe(0);
  // It noticed: far fewer than the 100,000 batches it would otherwise write.
  expect(Number(batches)).toBeGreaterThan(0);
  expect(Number(batches)).toBeLessThan(1000);
});
