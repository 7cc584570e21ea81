import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';

/**
 * A WebAssembly binary without its DWARF debugging sections (custom sections named `.debug_*`), which only a
 * debugger reads. jq-web's jq.wasm is 2.7 MB, 1.9 MB of it DWARF; V8 keeps a copy of the bytes a module was
 * compiled from for as long as the module lives (it compiles jq's functions from them as they are first
 * called), so --jq compiles jq without them (issue 29 §5). The `name` section, which names jq's functions in
 * a trap's stack, is kept. Bytes that do not parse as sections are returned as they are, for
 * WebAssembly.compile to judge.
 */
export function withoutDebugSections(wasm: Uint8Array): Uint8Array {
  const HEADER = 8; // magic and version
  const kept: Uint8Array[] = [wasm.subarray(0, HEADER)];
  let dropped = false;
  let at = HEADER;
  while (at < wasm.length) {
    const start = at;
    const id = wasm[at++]!;
    const size = readU32(wasm, at);
    if (size === undefined) return wasm;
    at = size.next;
    const end = at + size.value;
    if (end > wasm.length) return wasm;
    if (id === 0 && customName(wasm, at, end)?.startsWith('.debug_')) dropped = true;
    else kept.push(wasm.subarray(start, end));
    at = end;
  }
  return dropped ? Buffer.concat(kept) : wasm;
}

/** The name of a custom section whose payload is bytes[at, end). */
function customName(bytes: Uint8Array, at: number, end: number): string | undefined {
  const length = readU32(bytes, at);
  if (length === undefined || length.next + length.value > end) return undefined;
  return Buffer.from(bytes.buffer, bytes.byteOffset + length.next, length.value).toString('latin1');
}

/** An unsigned LEB128 of at most 5 bytes, as section sizes are written. */
function readU32(bytes: Uint8Array, at: number): { value: number; next: number } | undefined {
  let value = 0;
  for (let i = 0; i < 5 && at + i < bytes.length; i++) {
    const byte = bytes[at + i]!;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if ((byte & 0x80) === 0) return { value, next: at + i + 1 };
  }
  return undefined;
}

/**
 * withoutDebugSections of the file at `path`, reading only what is kept: jq.wasm's DWARF (1.9 MB of its 2.7 MB)
 * is never read from the disk, nor copied out of a whole file's buffer (issue 39: ~5 ms of CPU a --jq run).
 * The sections' headers are read first, a few bytes each; the kept sections then go into one buffer, which
 * is the caller's (a worker can be handed it). A file that does not parse as sections is read whole.
 */
export function readWithoutDebugSections(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(32);
    const kept: [number, number][] = [[0, 8]];
    let at = 8;
    while (at < size) {
      const got = readSync(fd, head, 0, Math.min(head.length, size - at), at);
      const length = readU32(head.subarray(0, got), 1);
      if (length === undefined) return readWholeWithoutDebugSections(path);
      const end = at + length.next + length.value;
      if (end > size) return readWholeWithoutDebugSections(path);
      const debug = head[0] === 0 && customName(head.subarray(0, got), length.next, got)?.startsWith('.debug_');
      if (!debug) {
        const last = kept[kept.length - 1]!;
        if (last[1] === at) last[1] = end;
        else kept.push([at, end]);
      }
      at = end;
    }
    const wasm = new Uint8Array(kept.reduce((sum, [start, end]) => sum + end - start, 0));
    let filled = 0;
    for (const [start, end] of kept) {
      for (let done = 0; done < end - start; ) {
        const got = readSync(fd, wasm, filled + done, end - start - done, start + done);
        if (got === 0) return readWholeWithoutDebugSections(path);
        done += got;
      }
      filled += end - start;
    }
    return wasm;
  } finally {
    closeSync(fd);
  }
}

function readWholeWithoutDebugSections(path: string): Uint8Array {
  const wasm = readFileSync(path);
  const kept = withoutDebugSections(wasm);
  return kept === wasm ? new Uint8Array(wasm) : kept;
}
