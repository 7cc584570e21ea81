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
