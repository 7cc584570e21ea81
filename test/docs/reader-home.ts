/**
 * A guide reader's fresh home for the docs tests: `tix` on the PATH as a real executable (so `xargs tix` and
 * `$(tix ...)` work too), nothing stored, and the sandbox at the guides' clock (the README's tour sets
 * TIX_SANDBOX_NOW first).
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_NOW } from '../helpers/sandbox.js';
import { TIX_BIN, tempDir } from '../helpers/tix-env.js';

export function readerHome(prefix: string): { home: string; bin: string; env: Record<string, string> } {
  const home = tempDir(prefix);
  const bin = join(home, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'tix'), `#!/bin/sh\nexec '${process.execPath}' '${TIX_BIN}' "$@"\n`);
  chmodSync(join(bin, 'tix'), 0o755);
  return {
    home,
    bin,
    env: {
      PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: home,
      TZ: 'UTC',
      TIX_CONFIG_DIR: join(home, 'config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      XDG_CACHE_HOME: join(home, '.cache'),
      TIX_SANDBOX_NOW: DOCS_NOW,
    },
  };
}
