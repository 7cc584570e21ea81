/** resumableBody: a streamed body cut off part-way is read again past what was delivered, and checked. */
import { describe, expect, it } from 'vitest';
import { resumableBody, type ResumeOptions } from '../../src/api/resumable-body.js';

const FULL = Buffer.from('{"salesDetails":[' + Array.from({ length: 200 }, (_, i) => `{"n":${i}}`).join(',') + ']}');

class CutOff extends Error {}

/** The body in chunks of `size`, broken off (throwing CutOff) after `cutAt` bytes if given. */
async function* body(data: Buffer, size: number, cutAt?: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < data.length; at += size) {
    if (cutAt !== undefined && at >= cutAt) throw new CutOff('connection reset');
    yield data.subarray(at, at + size);
  }
}

function options(bodies: (() => AsyncIterable<Buffer>)[], retries = 3): ResumeOptions & { waits: number[] } {
  const waits: number[] = [];
  let next = 0;
  return {
    endpoint: 'GET /events/stubhub/1/sales-details',
    status: 200,
    retries,
    isCutOff: (error) => error instanceof CutOff,
    wait: async (resume) => {
      waits.push(resume);
    },
    reopen: async () => bodies[next++]!(),
    waits,
  };
}

async function read(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('resumableBody', () => {
  it('passes a whole body through untouched', async () => {
    expect(await read(resumableBody(body(FULL, 64), options([])))).toEqual(FULL);
  });

  it('after a cut, reads the new body past what was delivered and carries on: every byte exactly once', async () => {
    const opts = options([() => body(FULL, 100)]);
    expect(await read(resumableBody(body(FULL, 64, 192), opts))).toEqual(FULL);
    expect(opts.waits).toEqual([0]);
  });

  it('survives several cuts, at chunk boundaries that differ between attempts', async () => {
    const opts = options([() => body(FULL, 7, 300), () => body(FULL, 33, 450), () => body(FULL, 1000)]);
    expect(await read(resumableBody(body(FULL, 64, 128), opts))).toEqual(FULL);
    expect(opts.waits).toEqual([0, 1, 2]);
  });

  it('refuses to splice when the API answers differently the second time', async () => {
    const other = Buffer.from(FULL.toString().replace('"n":1}', '"n":9}'));
    const stream = resumableBody(body(FULL, 64, 192), options([() => body(other, 64)]));
    await expect(read(stream)).rejects.toThrow(/was cut off, and when asked again the API answered differently; run the command again/);
  });

  it('refuses a second answer shorter than what was already delivered', async () => {
    const stream = resumableBody(body(FULL, 64, 192), options([() => body(FULL.subarray(0, 100), 64)]));
    await expect(read(stream)).rejects.toThrow(/answered differently/);
  });

  it('gives up after the allowed number of resumes, with the last cut', async () => {
    const again = () => body(FULL, 64, 64);
    const opts = options([again, again], 2);
    await expect(read(resumableBody(body(FULL, 64, 64), opts))).rejects.toThrow(CutOff);
    expect(opts.waits).toEqual([0, 1]);
  });

  it('does not resume other failures', async () => {
    async function* broken(): AsyncGenerator<Buffer> {
      yield FULL.subarray(0, 10);
      throw new Error('could not decode');
    }
    const opts = options([() => body(FULL, 64)]);
    await expect(read(resumableBody(broken(), opts))).rejects.toThrow('could not decode');
    expect(opts.waits).toEqual([]);
  });
});
