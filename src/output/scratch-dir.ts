// fs.promises on use, not node:fs/promises at load: it brings readline and the file watchers (~1 ms of
// start-up) to every run, and this module loads with the format table.
import { promises as fsp, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Folders still in use; whatever is left when the process exits (an error, Ctrl-C) is removed then. */
const live = new Set<string>();
let listening = false;

function removeLeftovers(): void {
  for (const dir of live) rmSync(dir, { recursive: true, force: true });
  live.clear();
}

export interface Scratch {
  readonly path: string;
  remove(): Promise<void>;
}

/**
 * A private folder under the system's temporary folder (TMPDIR) for work files that must never outlive
 * the run: removed by remove(), or at the latest when the process exits, however it exits short of SIGKILL
 * (the Ctrl-C handler ends with process.exit, which runs 'exit' listeners).
 */
export async function scratchDir(prefix: string): Promise<Scratch> {
  const path = await fsp.mkdtemp(join(tmpdir(), prefix));
  live.add(path);
  if (!listening) {
    listening = true;
    process.on('exit', removeLeftovers);
  }
  return {
    path,
    async remove() {
      // Still listed while it goes: a Ctrl-C that ends the process mid-removal leaves the rest to the exit handler.
      await fsp.rm(path, { recursive: true, force: true });
      live.delete(path);
    },
  };
}
