// fs.promises on use, not node:fs/promises at load: it brings readline and the file watchers (~1 ms of
// start-up) to runs that write to stdout.
import { constants, createWriteStream, fstat, promises as fsp } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../shared/errors.js';
import { fileSink } from './file-sink.js';
import type { Sink } from './sink.js';
import { stdoutSink } from './stdout-sink.js';

type Stream = NodeJS.WritableStream;

/**
 * The sink for `--out PATH`. Only a regular file (or a new one) is written atomically, through a temporary
 * file renamed over it (file-sink.ts; a symbolic link is followed and its target replaced). Anything else is
 * written in place, as a stream, the way the shell's `>` would: a descriptor tix already holds
 * (`/dev/stdout`, `/dev/fd/N`) through that very descriptor, so `>> file` appends and a `{ ...; } > file`
 * group keeps what came before and after; a FIFO or a device opened for writing, never truncated or replaced.
 * What a failed run wrote to a stream stays written, as on stdout.
 */
export async function outSink(path: string, std: { stdout: Stream; stderr: Stream }, flag = '--out'): Promise<Sink> {
  const name = `${flag} ${path}`;
  const fd = await heldDescriptor(path);
  if (fd === 1) return stdoutSink(std.stdout, name);
  if (fd === 2) return stdoutSink(std.stderr, name);
  if (fd !== undefined && (await descriptorKind(fd, path, flag)) === 'file') {
    // Through the descriptor itself (never closed: it is the caller's), so `3>> log` appends.
    return stdoutSink(createWriteStream('', { fd, autoClose: false }), name);
  }

  const found = await fsp.stat(path).catch(() => undefined);
  if (found === undefined || found.isFile() || found.isDirectory()) return fileSink(path, flag);
  if (found.isSocket())
    throw new UsageError(`${flag} ${path}: is a socket, which cannot be opened as a file; give a file, a FIFO, a device or -`);
  return openedStreamSink(path, flag);
}

/**
 * The descriptor of this process that `path` names, through any symbolic links: /dev/stdout, /dev/stderr,
 * /dev/fd/N, /proc/self/fd/N. Opening such a path anew would, for a file, start a second, separate write
 * (Linux reopens the file from its start), losing `>>` and what a `{ ...; } > file` group wrote around it.
 */
export async function heldDescriptor(path: string): Promise<number | undefined> {
  let current = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    const fd = descriptorNamed(current);
    if (fd !== undefined) return fd;
    try {
      current = resolve(dirname(current), await fsp.readlink(current));
    } catch {
      return undefined; // not a link (or not there): an ordinary path
    }
  }
  return undefined;
}

function descriptorNamed(path: string): number | undefined {
  if (path === '/dev/stdout') return 1;
  if (path === '/dev/stderr') return 2;
  const match = /^\/(?:dev\/fd|proc\/(?:self|thread-self|(\d+))\/fd)\/(\d+)$/.exec(path);
  if (!match || (match[1] !== undefined && Number(match[1]) !== process.pid)) return undefined;
  return Number(match[2]);
}

/**
 * What descriptor `fd` is, on Linux (/proc). A regular file behind it is written through the descriptor; a
 * pipe (bash's `>(...)`), a terminal or a device is opened anew by its path, which reaches the same pipe or
 * device. Node's own descriptors (its event loop's, a pipe it reads itself) are refused as not open:
 * writing there would break tix, and the caller did not open them.
 */
async function descriptorKind(fd: number, path: string, flag: string): Promise<'file' | 'stream'> {
  const notOpen = () => new UsageError(`${flag} ${path}: file descriptor ${fd} is not open`);
  let target: string;
  try {
    target = await fsp.readlink(`/proc/self/fd/${fd}`);
  } catch (error) {
    // No /proc (macOS, BSD): their /dev/fd/N duplicates the descriptor when opened, which is what is wanted.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && (await fsp.stat('/proc/self/fd').catch(() => undefined))) throw notOpen();
    return 'stream';
  }
  if (target.startsWith('anon_inode:')) throw notOpen();
  if (target.startsWith('pipe:') && (await holdsReadEnd(target))) throw notOpen();
  const isFile = await new Promise<boolean>((done) => fstat(fd, (error, stats) => done(!error && stats.isFile())));
  return isFile ? 'file' : 'stream';
}

/** Whether this process holds the reading end of the pipe (`pipe:[inode]`): then it is one of Node's own. */
async function holdsReadEnd(pipe: string): Promise<boolean> {
  for (const fd of await fsp.readdir('/proc/self/fd')) {
    if ((await fsp.readlink(`/proc/self/fd/${fd}`).catch(() => '')) !== pipe) continue;
    const info = await fsp.readFile(`/proc/self/fdinfo/${fd}`, 'utf8').catch(() => '');
    // The access mode is the low 2 bits (O_ACCMODE on Linux, the one system with /proc/self/fdinfo).
    const flags = /^flags:\s+([0-7]+)$/m.exec(info)?.[1];
    if (flags !== undefined && (parseInt(flags, 8) & 0o3) === constants.O_RDONLY) return true;
  }
  return false;
}

/** A FIFO or a device: opened for writing without creating or truncating anything, and closed when done. */
async function openedStreamSink(path: string, flag: string): Promise<Sink> {
  const handle = await fsp.open(path, constants.O_WRONLY).catch((error: NodeJS.ErrnoException) => {
    // Node's "ENXIO: no such device or address, open '/dev/x'" without the code and the path, said already.
    const why = /^[A-Z]+: (.*), open '/.exec(error.message)?.[1] ?? error.message;
    throw new UsageError(`${flag} ${path}: cannot open it for writing: ${why}`);
  });
  const stream = handle.createWriteStream();
  const inner = stdoutSink(stream, `${flag} ${path}`);
  const close = () => new Promise<void>((done) => stream.end(done));
  return {
    write: (chunk) => inner.write(chunk),
    commit: async () => {
      await inner.commit();
      await close();
    },
    abort: async () => {
      await inner.abort();
      stream.destroy();
    },
    get closed() {
      return inner.closed;
    },
  };
}
