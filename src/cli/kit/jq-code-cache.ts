import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFolder, makeCacheFolder } from './cache-folder.js';

/**
 * The V8 code cache of jq-web's script (jq.js, 157 KB of Emscripten's JavaScript), which --jq's worker
 * compiles on every run: with the cache it reads the compiled code instead (issue 39). A file in tix's cache
 * folder beside the fast path's (bin/code-cache.cjs), named for the Node.js version, the architecture and the
 * script (`stamp`: V8 checks a cache's version and flags itself, but of the source only its length). The
 * worker makes the cache after its first run of jq, so that it holds what a run compiles, and only when there
 * was none or V8 refused it. A folder tix cannot read or write only means no cache: it never fails a run.
 */
export class JqCodeCache {
  private readonly folder: string;
  private readonly file: string;

  constructor(env: NodeJS.ProcessEnv, stamp: string) {
    this.folder = cacheFolder(env);
    this.file = join(this.folder, `${PREFIX}${process.version}-${process.arch}-${stamp.replace(/[^\w.-]/g, '_')}.v8`);
  }

  /** The cache, if there is one. */
  read(): Uint8Array | undefined {
    try {
      return readFileSync(this.file);
    } catch {
      return undefined;
    }
  }

  /** Written whole or not at all (a rename), replacing the caches of other versions of jq-web and Node.js. */
  write(data: Uint8Array): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      makeCacheFolder(this.folder);
      writeFileSync(temporary, data, { mode: 0o600 });
      renameSync(temporary, this.file);
      for (const name of readdirSync(this.folder)) {
        if (name.startsWith(PREFIX) && name.endsWith('.v8') && join(this.folder, name) !== this.file)
          rmSync(join(this.folder, name), { force: true });
      }
    } catch {
      try {
        rmSync(temporary, { force: true });
      } catch {}
    }
  }
}

const PREFIX = 'jq-web-';
