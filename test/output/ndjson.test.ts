import { describe, expect, it } from 'vitest';
import { createRowWriter, type RowWriterOptions } from '../../src/output/index.js';
import { memorySink } from './memory-sink.js';

async function ndjson(batches: object[][], options: Partial<RowWriterOptions> = {}) {
  const sink = memorySink();
  const writer = createRowWriter('ndjson', sink, { documented: ['id'], header: true, excelSafe: false, color: false, ...options });
  for (const batch of batches) await writer.write(batch);
  await writer.end();
  return sink;
}

const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);

describe('ndjson', () => {
  it('writes one JSON object per line, nested values kept, later keys kept', async () => {
    const records = [
      { id: 1, venue: { city: 'Oslo' }, tags: ['a'] },
      { id: 2, note: 'line\nbreak', new: true },
    ];
    const sink = await ndjson([records.slice(0, 1), records.slice(1)]);
    expect(sink.text.endsWith('\n')).toBe(true);
    expect(sink.text.split('\n')).toHaveLength(3);
    expect(lines(sink.text)).toEqual(records);
    expect(sink.chunks).toHaveLength(2);
  });

  it('with --fields keeps only those keys, in order, nested as in the record, null when missing', async () => {
    const sink = await ndjson([[{ id: 1, name: 'n', agentIds: { TMUSA: 'T', AXS: 'A' }, x: 9 }]], {
      fields: ['agentIds.TMUSA', 'id', 'missing', 'gone.deep'],
    });
    expect(sink.text).toBe('{"agentIds":{"TMUSA":"T"},"id":1,"missing":null,"gone":{"deep":null}}\n');
  });

  it('handles a parent and its child both chosen, and literal dotted keys', async () => {
    const record = { venue: { city: 'c', name: 'v' }, 'a.b': 5 };
    const sink = await ndjson([[record]], { fields: ['venue', 'venue.city', 'a.b', '__proto__'] });
    expect(sink.text).toBe('{"venue":{"city":"c","name":"v"},"a.b":5,"__proto__":null}\n');
    expect(record.venue).toEqual({ city: 'c', name: 'v' }); // the record itself is not touched
  });

  it('prints nothing for no records', async () => {
    expect((await ndjson([[]])).text).toBe('');
  });
});
