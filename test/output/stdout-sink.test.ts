import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ExitCode, TixError } from '../../src/shared/errors.js';
import { isOutputClosed, OutputClosedError, stdoutSink } from '../../src/output/index.js';

const errnoError = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

/** A stream whose writes complete when `release()` is called, with a tiny buffer so backpressure shows. */
function slowStream() {
  const pending: Array<() => void> = [];
  const stream = new Writable({
    highWaterMark: 4,
    write(_chunk, _encoding, callback) {
      pending.push(callback);
    },
  });
  return { stream, release: () => pending.splice(0).forEach((callback) => callback()) };
}

describe('stdoutSink', () => {
  it('resolves a write at once while the stream has room, and after drain when it has not', async () => {
    const { stream, release } = slowStream();
    const sink = stdoutSink(stream);
    let resolved = false;
    const write = sink.write('more than four bytes').then(() => (resolved = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(resolved).toBe(false);
    release();
    await write;
    expect(resolved).toBe(true);
  });

  it('commit waits until every chunk was handed over', async () => {
    const { stream, release } = slowStream();
    const sink = stdoutSink(stream);
    void sink.write('ab');
    let committed = false;
    const commit = sink.commit().then(() => (committed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(committed).toBe(false);
    release();
    await commit;
    expect(sink.closed).toBe(true);
  });

  it('turns EPIPE into OutputClosedError, quietly, for this and every later write', async () => {
    const stream = new Writable({
      write(_chunk, _encoding, callback) {
        callback(errnoError('EPIPE'));
      },
    });
    const sink = stdoutSink(stream);
    await sink.write('first').catch(() => {}); // may be accepted before the error is known
    await new Promise((resolve) => setImmediate(resolve));
    expect(sink.closed).toBe(true);
    const error = await sink.write('second').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputClosedError);
    expect(isOutputClosed(error)).toBe(true);
    expect((error as OutputClosedError).exitCode).toBe(ExitCode.OK);
    await expect(sink.commit()).rejects.toBeInstanceOf(OutputClosedError);
    await sink.abort();
  });

  it('reports other write errors as failures, not as a closed reader', async () => {
    const stream = new Writable({
      write(_chunk, _encoding, callback) {
        callback(errnoError('ENOSPC'));
      },
    });
    const sink = stdoutSink(stream);
    await sink.write('x').catch(() => {});
    await new Promise((resolve) => setImmediate(resolve));
    const error = await sink.write('y').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TixError);
    expect(error).not.toBeInstanceOf(OutputClosedError);
    expect((error as TixError).exitCode).toBe(ExitCode.ERROR);
    expect((error as Error).message).toMatch(/cannot write to stdout: ENOSPC/);
  });

  it('rejects a write waiting for drain when the reader goes away meanwhile', async () => {
    const { stream } = slowStream();
    const sink = stdoutSink(stream);
    const write = sink.write('more than four bytes');
    stream.destroy(errnoError('EPIPE'));
    await expect(write).rejects.toBeInstanceOf(OutputClosedError);
  });

  it('treats an already destroyed stream as closed', async () => {
    const stream = new Writable({ write: (_c, _e, callback) => callback() });
    stream.destroy();
    await expect(stdoutSink(stream).write('x')).rejects.toBeInstanceOf(OutputClosedError);
  });

  it('survives an EPIPE that arrives after commit, and does not pile up listeners', async () => {
    const stream = new Writable({ write: (_c, _e, callback) => callback() });
    for (let i = 0; i < 20; i++) {
      const sink = stdoutSink(stream);
      await sink.write('x');
      await sink.commit();
    }
    expect(stream.listenerCount('error')).toBe(1);
    expect(stream.listenerCount('drain')).toBe(0);
    stream.emit('error', errnoError('EPIPE')); // would throw if nobody listened
  });

  it('on a real pipe whose reader exits (| head -c 1), writes end in OutputClosedError without an unhandled error', async () => {
    const child = spawn('head', ['-c', '1'], { stdio: ['pipe', 'ignore', 'ignore'] });
    const exited = once(child, 'exit');
    const sink = stdoutSink(child.stdin, 'stdout');
    const chunk = 'x'.repeat(64 * 1024);
    let failure: unknown;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      try {
        await sink.write(chunk);
      } catch (error) {
        failure = error;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1)); // let the reader act
    }
    await exited;
    expect(failure).toBeInstanceOf(OutputClosedError);
    expect(sink.closed).toBe(true);
    await expect(sink.write(chunk)).rejects.toBeInstanceOf(OutputClosedError);
  });
});
