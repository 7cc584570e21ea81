/**
 * The work file of a history command's --jq (src/cli/kit/jq-after-work.ts): what the command wrote, cut where
 * it cut it, for jq to filter once the work is over; and the image that takes a handoff (execve keeps the
 * process id) runs jq over it instead of the command, with the command's exit code. In-process here; the
 * built binary, execve and signals: test/reliability/jq-after-work.test.ts.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sink } from '../../../src/output/sink.js';
import { DOCUMENT_FOR_JQ_BYTES, JqAfterWork, openWork, takeHandoff } from '../../../src/cli/kit/jq-after-work.js';
import { JQ_MEMORY_MB } from '../../../src/cli/kit/jq.js';
import type { OutputOptions } from '../../../src/cli/kit/output-options.js';
import { testDir as tempDir } from '../../helpers/tix-env.js';
import { runTix } from '../../helpers/tix.js';

const json: OutputOptions = { format: 'json', header: true, excelSafe: false, jq: '.' };
const ndjson: OutputOptions = { ...json, format: 'ndjson' };

/** The chunks a replay writes, as text. */
async function replayed(file: string): Promise<string[]> {
  const chunks: string[] = [];
  const sink: Sink = {
    write: async (chunk) => {
      chunks.push(Buffer.from(chunk).toString('utf8'));
    },
    commit: async () => {},
    abort: async () => {},
    closed: false,
  };
  await openWork(file).replay(sink);
  return chunks;
}

describe('the work file', () => {
  it('gives jq the writes cut where the command ended a line, and is gone once opened', async () => {
    const work = new JqAfterWork();
    const sink = await work.spill(ndjson);
    for (const chunk of ['{"a":', '1}\n', '{"a":2}\n{"a":3}\n', new TextEncoder().encode('{"b":"é"}'), '\n']) await sink.write(chunk);
    await sink.commit();
    expect(work.work).toHaveLength(1);
    const { file, output } = work.work[0]!;
    expect(output).toBe(ndjson);
    expect(await replayed(file)).toEqual(['{"a":1}\n', '{"a":2}\n{"a":3}\n', '{"b":"é"}\n']);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(dirname(file))).toBe(false);
  });

  it('aborted: nothing to filter, and no file left', async () => {
    const work = new JqAfterWork();
    const sink = await work.spill(json);
    await sink.write('{"rows":[');
    const folder = dirname((sink as unknown as { file: string }).file);
    await sink.abort();
    expect(work.work).toEqual([]);
    expect(existsSync(folder)).toBe(false);
  });

  it('a document past 2 MB is one line, exit 1; ndjson streams without a bound', async () => {
    const document = await new JqAfterWork().spill(json);
    const piece = `[${'1,'.repeat(512 * 1024 - 1)}1]`;
    let refused: unknown;
    try {
      for (let written = 0; written <= DOCUMENT_FOR_JQ_BYTES; written += piece.length) await document.write(piece);
    } catch (error) {
      refused = error;
    }
    await document.abort();
    expect(refused).toMatchObject({
      exitCode: 1,
      message:
        "--jq: the JSON to filter is more than 2 MB, the most tix filters as one document after a command's work; stopped (jq holds each document whole: -o ndjson --jq filters one record at a time)",
    });

    const records = await new JqAfterWork().spill(ndjson);
    for (let written = 0; written <= DOCUMENT_FOR_JQ_BYTES; written += piece.length) await records.write(`${piece}\n`);
    await records.abort();
  });
});

describe('the handoff', () => {
  it('is taken by the process it names alone, and leaves the environment either way', () => {
    const text = JSON.stringify({ pid: process.pid, work: [], code: 3 });
    const env: NodeJS.ProcessEnv = { TIX_JQ_HANDOFF: text };
    expect(takeHandoff(env, process.pid)).toEqual({ pid: process.pid, work: [], code: 3 });
    expect(env).toEqual({});
    const other: NodeJS.ProcessEnv = { TIX_JQ_HANDOFF: text };
    expect(takeHandoff(other, process.pid + 1)).toBeUndefined();
    expect(other).toEqual({});
    expect(takeHandoff({ TIX_JQ_HANDOFF: 'not json' }, process.pid)).toBeUndefined();
  });

  it('the image that takes it runs jq over the work instead of the command, and exits with the command’s code', async () => {
    const work = new JqAfterWork();
    const sink = await work.spill({ ...json, jq: '.events | length' });
    await sink.write('{"events":[{"event_id":"evt_a"},{"event_id":"evt_b"}]}\n');
    await sink.commit();
    const folder = dirname(work.work[0]!.file);
    const handoff = { pid: process.pid, work: work.work, code: 5 };
    // --db names a history that does not exist: the command itself never runs here.
    const missing = join(tempDir('tix-jq-test-'), 'none.duckdb');
    const result = await runTix(['history', 'list', '--db', missing, '--jq', '.events | length'], {
      env: { TIX_JQ_HANDOFF: JSON.stringify(handoff) },
    });
    expect(result).toMatchObject({ code: 5, stdout: '2\n', stderr: '' });
    expect(existsSync(folder)).toBe(false);
    expect(readdirSync(dirname(missing))).toEqual([]);
  });

  it('jq has its limit of that image: a document of many small values past it is one line, exit 1', async () => {
    const work = new JqAfterWork();
    const sink = await work.spill({ ...json, jq: '.rows | length' });
    // Under 2 MB of text, but a million values: more than 24 MB of jq's.
    await sink.write(`{"rows":[${'1,'.repeat(999_999)}1]}\n`);
    await sink.commit();
    const handoff = { pid: process.pid, work: work.work, code: 0 };
    const result = await runTix(['history', 'list', '--jq', '.rows | length'], { env: { TIX_JQ_HANDOFF: JSON.stringify(handoff) } });
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `tix: --jq: the JSON to filter needs more than ${JQ_MEMORY_MB} MB of memory in jq, its limit in tix; stopped (jq holds each document whole: -o ndjson --jq filters one record at a time)\n`,
    });
  });
});
