import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

/** The V8 code caches tix keeps in its cache folder (bin/code-cache.cjs, kit/jq-code-cache.ts): inode and bytes each. */
export function codeCaches(folder: string): Map<string, { ino: number; bytes: Buffer }> {
  const found = new Map<string, { ino: number; bytes: Buffer }>();
  for (const name of readdirSync(folder)) {
    if (name.endsWith('.v8')) found.set(name, { ino: statSync(join(folder, name)).ino, bytes: readFileSync(join(folder, name)) });
  }
  return found;
}

/** Every cache the first run wrote (`kinds`: name prefixes it must have written) is there, untouched, after the second. */
export function expectCachesKept(
  written: Map<string, { ino: number; bytes: Buffer }>,
  after: Map<string, { ino: number; bytes: Buffer }>,
  kinds: readonly string[],
): void {
  for (const kind of kinds)
    expect(
      [...written.keys()].some((name) => name.startsWith(kind)),
      `${kind} among ${[...written.keys()].join(', ')}`,
    ).toBe(true);
  expect([...after.keys()].sort()).toEqual([...written.keys()].sort());
  for (const [name, cache] of written) {
    expect(after.get(name)!.ino, name).toBe(cache.ino);
    expect(after.get(name)!.bytes.equals(cache.bytes), name).toBe(true);
  }
}
