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

describe('flatten: two paths that join to one name', () => {
  it('keeps the literal key under the name and puts the nested value in name_1', () => {
    expect(flatten({ a: { b: 'nested' }, 'a.b': 'literal' })).toEqual({ 'a.b': 'literal', 'a.b_1': 'nested' });
  });

  it('skips a suffix the record already has as a name of its own', () => {
    const record = { 'a.b': 'literal', a: { b: 'nested' }, 'a.b_1': 'own' };
    expect(flatten(record)).toEqual({ 'a.b': 'literal', 'a.b_1': 'own', 'a.b_2': 'nested' });
    expect(accessor('a.b_2')(record)).toBe('nested');
  });

  it('numbers a third spelling too, and reads each back', () => {
    const record = { 'a.b.c': 1, a: { 'b.c': 2, b: { c: 3 } } };
    const flat = flatten(record);
    expect(Object.keys(flat)).toEqual(['a.b.c', 'a.b.c_1', 'a.b.c_2']);
    expect(new Set(Object.values(flat))).toEqual(new Set([1, 2, 3]));
    expect(flat['a.b.c']).toBe(1);
  });

  it('reads a scalar rather than an object that only has the name as a prefix', () => {
    expect(flatten({ 'a.b': { c: 1 }, a: { b: 2 } })).toEqual({ 'a.b.c': 1, 'a.b': 2 });
  });

  it('reports the suffixed names to resolveColumns', () => {
    const collided = new Set<string>();
    const records = [
      { id: 1, a: { b: 2 } },
      { id: 2, 'a.b': 3, a: { b: 4 } },
    ];
    expect(resolveColumns({ documented: ['id'], records, collided })).toEqual(['id', 'a.b', 'a.b_1']);
    expect([...collided]).toEqual(['a.b_1']);
  });

  it('leaves names ending in _<n> alone when nothing collides', () => {
    expect(accessor('event_id_1')({ event_id: 1, event_id_1: 2 })).toBe(2);
    expect(accessor('event_id_1')({ event_id: 1 })).toBeUndefined();
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
