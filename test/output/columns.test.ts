import { describe, expect, it } from 'vitest';
import { accessor } from '../../src/output/flatten.js';
import { flatten, resolveColumns } from '../../src/output/index.js';

describe('flatten', () => {
  it('turns nested objects into dotted keys, arrays into JSON text, null and undefined into empty cells', () => {
    expect(
      flatten({ id: 'e', agentIds: { TMUSA: 'T', deep: { x: 1 } }, tags: ['a'], none: null, gone: undefined, empty: {}, n: 2, b: false }),
    ).toEqual({
      id: 'e',
      'agentIds.TMUSA': 'T',
      'agentIds.deep.x': 1,
      tags: '["a"]',
      none: '',
      gone: '',
      empty: '{}',
      n: 2,
      b: false,
    });
  });
});

describe('resolveColumns', () => {
  it('puts documented columns first even when absent, then others in first-seen order', () => {
    const records = [
      { z: 1, id: 'a', venue: { city: 'c', name: 'v' } },
      { id: 'b', y: 2, z: 3 },
    ];
    expect(resolveColumns({ documented: ['id', 'name'], records })).toEqual(['id', 'name', 'z', 'venue.city', 'venue.name', 'y']);
  });

  it('uses --fields exactly, in its order', () => {
    expect(resolveColumns({ documented: ['id'], records: [{ id: 1, b: 2 }], fields: ['b', 'x.y'] })).toEqual(['b', 'x.y']);
  });
});

describe('accessor', () => {
  it('reads plain, dotted and literally dotted keys', () => {
    expect(accessor('a.b')({ a: { b: 1 } })).toBe(1);
    expect(accessor('a.b')({ 'a.b': 2 })).toBe(2);
    expect(accessor('a.b.c')({ 'a.b': { c: 3 } })).toBe(3);
    expect(accessor('a.b')({ a: [1] })).toBeUndefined();
    expect(accessor('a.b')({ a: null })).toBeUndefined();
  });

  it('never reads inherited properties for names like constructor or __proto__', () => {
    expect(accessor('constructor')({})).toBeUndefined();
    expect(accessor('toString')({})).toBeUndefined();
    expect(accessor('__proto__')({})).toBeUndefined();
    expect(accessor('a.constructor')({ a: {} })).toBeUndefined();
    expect(accessor('constructor')(JSON.parse('{"constructor":"c"}'))).toBe('c');
  });
});
