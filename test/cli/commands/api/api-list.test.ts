/**
 * The list `tix api` finds in a body, and the writer that merges --paginate's pages: its streamed text must
 * be exactly JSON.stringify of the merged document, compact and indented, whatever surrounds the list.
 */
import { describe, expect, it } from 'vitest';
import { createMergedListWriter, describeShape, findList } from '../../../../src/cli/commands/api/api-list.js';
import { memorySink } from '../../../output/memory-sink.js';

const nested = { id: 'evt_1', venue: { name: 'Hall', tags: ['a', 'b'] }, empty: {}, none: [] as never[] };

describe('findList', () => {
  it('finds a top-level array or the one array field of an object, and nothing else', () => {
    expect(findList([1, 2])).toEqual({ key: undefined, items: [1, 2] });
    expect(findList({ events: [nested], total: 1 })).toEqual({ key: 'events', items: [nested] });
    expect(findList({ data: [], timestamp: 'x' })).toEqual({ key: 'data', items: [] });
    expect(findList({ id: 'evt_1' })).toBeUndefined();
    expect(findList({ a: [], b: [] })).toBeUndefined();
    expect(findList('text')).toBeUndefined();
    expect(findList(null)).toBeUndefined();
    expect(describeShape({ a: [], b: [] })).toBe('an object with 2 array fields (a, b)');
    expect(describeShape({ id: 1 })).toBe('an object without an array field');
    expect(describeShape(3)).toBe('a number');
  });
});

describe('createMergedListWriter', () => {
  const pagesOf = (shape: (items: unknown[]) => unknown, pages: unknown[][]) => pages.map((items) => shape(items));
  const shapes: [string, (items: unknown[]) => unknown][] = [
    ['a top-level array', (items) => items],
    ['an object with only the list', (items) => ({ events: items })],
    [
      'fields before and after the list',
      (items) => ({ first: { a: [1, { b: 2 }] }, data: items, timestamp: '2026-03-15T03:00:00Z', n: null }),
    ],
  ];
  const pageSets: [string, unknown[][]][] = [
    ['three pages', [[nested, { id: 'evt_2' }], [[1, [2]], 'text', 3], [{}]]],
    ['an empty last page', [[nested], []]],
    ['one empty page', [[]]],
  ];

  for (const [shapeName, shape] of shapes) {
    for (const [setName, set] of pageSets) {
      it.for([false, true])(`${shapeName}, ${setName}, pretty %s: JSON.stringify of the merged document`, async (pretty) => {
        const pages = pagesOf(shape, set);
        const sink = memorySink();
        const writer = createMergedListWriter(sink, pretty);
        for (const body of pages) await writer.write(body, findList(body)!);
        await writer.end();
        const merged = shape(set.flat());
        expect(sink.text).toBe(`${JSON.stringify(merged, null, pretty ? 2 : undefined)}\n`);
      });
    }
  }
});
