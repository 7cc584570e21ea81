import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWithoutDebugSections, withoutDebugSections } from '../../../src/cli/kit/wasm-sections.js';

// --jq compiles jq-web's jq.wasm without its DWARF sections: V8 keeps the bytes a module was compiled from
// for the module's life (issue 29 §5).
const jqWasm = readFileSync(join(dirname(createRequire(import.meta.url).resolve('jq-web')), 'jq.wasm'));

interface ModuleApi {
  new (bytes: Uint8Array): object;
  customSections(module: object, name: string): ArrayBuffer[];
  exports(module: object): unknown[];
  imports(module: object): unknown[];
}
const { Module } = (globalThis as unknown as { WebAssembly: { Module: ModuleApi } }).WebAssembly;

describe('withoutDebugSections', () => {
  it("drops jq.wasm's DWARF sections, and keeps its code, data and function names", () => {
    const stripped = withoutDebugSections(jqWasm);
    expect(stripped.length).toBeLessThan(jqWasm.length / 2);
    const before = new Module(jqWasm);
    const after = new Module(stripped);
    expect(Module.customSections(before, '.debug_info')).toHaveLength(1);
    for (const name of ['.debug_info', '.debug_line', '.debug_loc', '.debug_str', '.debug_abbrev', '.debug_ranges', '.debug_aranges'])
      expect(Module.customSections(after, name)).toEqual([]);
    expect(Module.customSections(after, 'name')).toEqual(Module.customSections(before, 'name'));
    expect(Module.exports(after)).toEqual(Module.exports(before));
    expect(Module.imports(after)).toEqual(Module.imports(before));
  });

  it('returns bytes without such sections, or that are not sections, as they are', () => {
    const stripped = withoutDebugSections(jqWasm);
    expect(withoutDebugSections(stripped)).toBe(stripped);
    const broken = Buffer.concat([jqWasm.subarray(0, 8), Buffer.from([0, 0xff, 0xff, 0xff, 0xff, 0x0f])]);
    expect(withoutDebugSections(broken)).toBe(broken);
    const cut = jqWasm.subarray(0, jqWasm.length - 10);
    expect(withoutDebugSections(cut)).toBe(cut);
  });
});

describe('readWithoutDebugSections', () => {
  const jqWasmPath = join(dirname(createRequire(import.meta.url).resolve('jq-web')), 'jq.wasm');

  it('reads what withoutDebugSections keeps, into a buffer of its own (one a worker can be handed)', () => {
    const read = readWithoutDebugSections(jqWasmPath);
    expect(Buffer.from(read).equals(Buffer.from(withoutDebugSections(jqWasm)))).toBe(true);
    expect(read.byteOffset).toBe(0);
    expect(read.byteLength).toBe(read.buffer.byteLength);
  });

  it('reads a file that is not sections whole, as withoutDebugSections leaves it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tix-wasm-'));
    try {
      const broken = Buffer.concat([jqWasm.subarray(0, 8), Buffer.from([0, 0xff, 0xff, 0xff, 0xff, 0x0f])]);
      writeFileSync(join(dir, 'broken.wasm'), broken);
      expect(Buffer.from(readWithoutDebugSections(join(dir, 'broken.wasm'))).equals(broken)).toBe(true);
      const cut = jqWasm.subarray(0, jqWasm.length - 10);
      writeFileSync(join(dir, 'cut.wasm'), cut);
      expect(Buffer.from(readWithoutDebugSections(join(dir, 'cut.wasm'))).equals(cut)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
