// fs.promises on use, not node:fs/promises at load: it brings readline and the file watchers (~1 ms of
// start-up) to runs that write to stdout.
import { createReadStream, promises as fsp, unlinkSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { ExitCode, TixError, UsageError } from '../shared/errors.js';
import type { Sink } from './sink-interface.js';
import { messageOf } from '../shared/message-of.js';
import { isRunning } from '../shared/process-running.js';

/** File sinks not yet committed or aborted, so a signal handler can remove their temporary files. */
const openSinks = new Set<FileSink>();

/**
 * Writes to `path` atomically: the data goes to a temporary file in the same folder (so the final rename
 * stays on one file system and is atomic), and only commit() renames it over the target. A failed or
 * interrupted run therefore never leaves a partial file and never touches an existing one.
 *
 * The temporary file is created now, so a bad path fails before any request is made. Call abort() in a
 * `finally` (it does nothing after commit), and abortAllFileSinksSync() from SIGINT/SIGTERM handlers.
 * `flag` names the option in error messages.
 */
export async function fileSink(path: string, flag = '--out'): Promise<Sink> {
  const target = await checkTarget(path, flag);
  // The name need only be unlikely to exist: 'wx' below refuses one that does. (Not node:crypto, whose
  // loading costs a one-off export ~3 ms.)
  const temp = tempPathFor(target.path);
  let handle: FileHandle;
  try {
    handle = await createTemp(temp);
  } catch (error) {
    throw pathError(error, path, dirname(target.path), flag);
  }
  const sink = new FileSink(handle, temp, target.path, path, flag);
  openSinks.add(sink);
  await removeStaleTemps(dirname(target.path));
  if (target.mode !== undefined) {
    // Replacing an existing file keeps its permissions (a report readable by a group stays readable).
    await handle.chmod(target.mode).catch(() => {});
  }
  return sink;
}

/** A name beside the target that is unlikely to exist ('wx' in createTemp refuses one that does). */
function tempPathFor(target: string): string {
  // Not node:crypto, whose loading costs a one-off export ~3 ms.
  const suffix = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  return join(dirname(target), `.${basename(target)}.tmp-${process.pid}-${suffix}`);
}

/** A temporary file of tempPathFor's: `.<name>.tmp-<pid>-<8 letters or digits>`. */
const TEMP_NAME = /^\..+\.tmp-(\d+)-[0-9a-z]{8}$/;

/**
 * Left alone however dead its process looks, if modified this recently: on a shared folder it may be
 * another machine's (or another PID namespace's) file, being written now.
 */
const STALE_AFTER_MS = 60_000;

/**
 * Removes the temporary files in `folder` that a run killed outright (`kill -9`, a power cut) left behind:
 * those whose process is gone and that nothing has written for a minute. Best effort: a file that cannot be
 * removed stays, and the run goes on.
 */
async function removeStaleTemps(folder: string): Promise<void> {
  let names: string[];
  try {
    names = await fsp.readdir(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || isRunning(pid)) continue;
    const path = join(folder, name);
    const found = await fsp.lstat(path).catch(() => undefined);
    if (!found?.isFile() || Date.now() - found.mtimeMs < STALE_AFTER_MS) continue;
    await fsp.unlink(path).catch(() => {});
  }
}

/** 'wx': never reuse a file someone else made. 0o666 & umask, as the shell's `>` would create it. */
function createTemp(path: string): Promise<FileHandle> {
  return fsp.open(path, 'wx', 0o666);
}

/**
 * For SIGINT/SIGTERM handlers, just before the process exits: removes every uncommitted temporary file,
 * synchronously, and marks the sinks aborted. File handles are left for the exit to close (closing them
 * under an in-flight write is not safe). An existing target is untouched; a rename already done stays done.
 */
export function abortAllFileSinksSync(): void {
  for (const sink of openSinks) sink.abortSync();
  openSinks.clear();
}

/** How many file sinks are open (written to, not yet committed or aborted). */
export function openFileSinkCount(): number {
  return openSinks.size;
}

type State = 'open' | 'committing' | 'committed' | 'aborted' | 'failed';

class FileSink implements Sink {
  #state: State = 'open';
  #handle: FileHandle | undefined;
  #failure: Error | undefined;
  /** Writes run one after another; this is the last one, its failure already recorded. */
  #tail: Promise<void> = Promise.resolve();

  constructor(
    handle: FileHandle,
    public tempPath: string,
    private readonly target: string,
    private readonly shownPath: string,
    private readonly flag: string,
  ) {
    this.#handle = handle;
  }

  get closed(): boolean {
    return this.#state !== 'open';
  }

  write(chunk: string | Uint8Array): Promise<void> {
    if (this.#state !== 'open') return Promise.reject(this.#notOpen());
    const step = this.#tail.then(async () => {
      if (this.#state !== 'open' && this.#state !== 'committing') throw this.#notOpen();
      try {
        // writeFile on a handle writes at the current position and loops until every byte is out.
        await this.#handle!.writeFile(chunk, 'utf8');
      } catch (error) {
        throw await this.#failWith(error);
      }
    });
    this.#tail = step.catch(() => {});
    return step;
  }

  async written(): Promise<void> {
    await this.#tail;
    if (this.#failure) throw this.#failure;
  }

  rewrite(transform: (written: AsyncIterable<Buffer>) => AsyncIterable<Buffer | string>): Promise<void> {
    if (this.#state !== 'open') return Promise.reject(this.#notOpen());
    const step = this.#tail.then(async () => {
      if (this.#state !== 'open') throw this.#notOpen();
      const old = this.tempPath;
      const next = tempPathFor(this.target);
      let handle: FileHandle | undefined;
      try {
        // The permissions fileSink gave the first file (an existing target's) carry over.
        const { mode } = await this.#handle!.stat();
        await this.#handle!.close();
        this.#handle = undefined;
        handle = await createTemp(next);
        await handle.chmod(mode & 0o7777).catch(() => {});
        // From here a signal's abortSync removes the new file; the old one is removed below or by #failWith.
        this.tempPath = next;
        for await (const chunk of transform(createReadStream(old))) await handle.writeFile(chunk);
        if (this.#state !== 'open') throw this.#notOpen();
        this.#handle = handle;
        await fsp.unlink(old);
      } catch (error) {
        await handle?.close().catch(() => {});
        await fsp.unlink(old).catch(() => {});
        throw await this.#failWith(error);
      }
    });
    this.#tail = step.catch(() => {});
    return step;
  }

  fillFrom(fill: (path: string) => Promise<void>): Promise<void> {
    if (this.#state !== 'open') return Promise.reject(this.#notOpen());
    const step = this.#tail.then(async () => {
      try {
        // The permissions fileSink gave the empty file (an existing target's) are given to the one `fill` makes.
        const { mode } = await this.#handle!.stat();
        await this.#handle!.close();
        this.#handle = undefined;
        // Under the same name, so a signal's abortSync, or #failWith, removes whatever `fill` left.
        await fsp.unlink(this.tempPath);
        await fill(this.tempPath);
        if (this.#state !== 'open') throw this.#notOpen();
        this.#handle = await fsp.open(this.tempPath, 'r+');
        await this.#handle.chmod(mode & 0o7777).catch(() => {});
      } catch (error) {
        throw await this.#failWith(error);
      }
    });
    this.#tail = step.catch(() => {});
    return step;
  }

  async commit(): Promise<void> {
    if (this.#state === 'committed') return;
    if (this.#state !== 'open') throw this.#notOpen();
    this.#state = 'committing';
    await this.#tail;
    if (this.#failure) throw this.#failure;
    try {
      const handle = this.#handle!;
      await handle.sync();
      this.#handle = undefined;
      await handle.close();
      if (this.#state !== 'committing') throw this.#notOpen(); // aborted by a signal meanwhile
      await fsp.rename(this.tempPath, this.target);
    } catch (error) {
      throw await this.#failWith(error);
    }
    this.#state = 'committed';
    openSinks.delete(this);
    await syncFolder(dirname(this.target));
  }

  async abort(): Promise<void> {
    if (this.#state === 'committed') return;
    if (this.#state === 'open' || this.#state === 'committing') this.#state = 'aborted';
    openSinks.delete(this);
    await this.#tail;
    await this.#closeAndRemove();
  }

  /** See abortAllFileSinksSync. */
  abortSync(): void {
    if (this.#state === 'committed') return;
    this.#state = 'aborted';
    try {
      unlinkSync(this.tempPath);
    } catch {
      // Already gone (renamed or removed): nothing to clean.
    }
  }

  async #closeAndRemove(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close().catch(() => {});
    await fsp.unlink(this.tempPath).catch(() => {});
  }

  async #failWith(error: unknown): Promise<Error> {
    if (!this.#failure) {
      this.#failure =
        error instanceof TixError
          ? error
          : new TixError(`${this.flag} ${this.shownPath}: cannot write the file: ${messageOf(error)}`, ExitCode.ERROR, { cause: error });
    }
    if (this.#state !== 'aborted') this.#state = 'failed';
    openSinks.delete(this);
    await this.#closeAndRemove();
    return this.#failure;
  }

  #notOpen(): Error {
    return this.#failure ?? new TixError(`${this.flag} ${this.shownPath}: the output was already ${this.#state}`, ExitCode.ERROR);
  }
}

/** Finds the file to replace (through a symlink, so the link keeps pointing at the data) and rejects paths that cannot be one. */
async function checkTarget(path: string, flag: string): Promise<{ path: string; mode?: number }> {
  if (path.trim() === '') throw new UsageError(`${flag} needs a file name`);
  if (path.endsWith('/') || path.endsWith(sep)) throw new UsageError(`${flag} ${path}: is a folder name; give a file name`);
  let target = resolve(path);
  try {
    target = await fsp.realpath(target);
  } catch {
    // Does not exist yet (or a dangling link): write to the path as given.
  }
  try {
    const found = await fsp.stat(target);
    if (found.isDirectory()) throw new UsageError(`${flag} ${path}: is a folder; give a file name`);
    if (!found.isFile()) throw new UsageError(`${flag} ${path}: is not a regular file`);
    return { path: target, mode: found.mode & 0o7777 };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { path: target };
    throw pathError(error, path, dirname(target), flag);
  }
}

function pathError(error: unknown, path: string, folder: string, flag: string): UsageError {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return new UsageError(`${flag} ${path}: folder ${folder} does not exist`);
    case 'ENOTDIR':
      return new UsageError(`${flag} ${path}: ${folder} is not a folder`);
    case 'EACCES':
    case 'EPERM':
      return new UsageError(`${flag} ${path}: cannot write in folder ${folder} (permission denied)`);
    case 'EROFS':
      return new UsageError(`${flag} ${path}: folder ${folder} is on a read-only file system`);
    case 'ENAMETOOLONG':
      return new UsageError(`${flag} ${path}: file name too long`);
    default:
      return new UsageError(`${flag} ${path}: cannot create the file: ${messageOf(error)}`);
  }
}

/** So the rename itself survives a power cut. Best effort: not every file system allows it. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await fsp.open(folder, 'r');
    await handle.sync().finally(() => handle.close());
  } catch {
    // Not supported here; the data itself was already synced.
  }
}
