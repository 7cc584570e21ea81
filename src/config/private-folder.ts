import { accessSync, chmodSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Makes sure `dir` exists and can be written to. Folders tix creates (the folder and any missing parents)
 * are 0700 whatever the umask, as the XDG base directory spec asks; a folder that already exists keeps its
 * mode, because tix did not create it and its owner chose it. Throws the file system's error (EROFS, EACCES,
 * ENOTDIR) for the caller to explain. Node's recursive mkdir is not used: on a read-only file system it
 * reports ENOENT, which names neither the folder nor the cause.
 */
export function ensureWritableFolder(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !exists(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      continue; // created meanwhile by someone else: theirs, so its mode is left alone
    }
    chmodSync(folder, 0o700);
  }
  accessSync(dir, constants.W_OK);
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    // ENOTDIR: a file on the way; mkdir below it will say so.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}
