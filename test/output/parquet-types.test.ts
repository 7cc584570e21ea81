import { describe, expect, it } from 'vitest';
import { Kind, sqlType, stringKind } from '../../src/output/parquet-types.js';

describe('stringKind', () => {
  it.each([
    ['2026-06-01T19:30:00Z', Kind.ZONED],
    ['2026-06-01T19:30:00.1234567Z', Kind.ZONED],
    ['2026-06-01 19:30:00-04:00', Kind.ZONED],
    ['2026-06-01T19:30:00+0530', Kind.ZONED],
    ['2026-06-01T19:30:00-04', Kind.ZONED],
    ['2026-06-01T19:30:00', Kind.LOCAL],
    ['2024-02-29', Kind.DATE],
    ['2026-06-01', Kind.DATE],
  ])('%s is %i', (text, kind) => {
    expect(stringKind(text)).toBe(kind);
  });

  // Each of these DuckDB refuses to cast (or, for 24:00, reads as the next day): they must stay text.
  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-06-00',
    '0000-01-01',
    '2026-06-01T19:30Z',
    '2026-06-01T24:00:00Z',
    '2026-06-01T23:59:60Z',
    '2026-06-01t19:30:00z',
    '2026-06-01T19:30:00,5Z',
    '2026-06-01T19:30:00+25:00',
    '+12026-06-01',
    'Section 101',
    '2026-6-1',
    '',
  ])('%j is text', (text) => {
    expect(stringKind(text)).toBe(Kind.TEXT);
  });
});

describe('sqlType', () => {
  it('takes the declared type for a column with no values, so an empty export keeps its schema', () => {
    expect([
      sqlType('integer', 0),
      sqlType('price', 0),
      sqlType('number', 0),
      sqlType('datetime', 0),
      sqlType('date', 0),
      sqlType(undefined, 0),
    ]).toEqual(['BIGINT', 'DOUBLE', 'DOUBLE', 'TIMESTAMPTZ', 'DATE', 'VARCHAR']);
  });

  it('infers undeclared columns from their values', () => {
    expect(sqlType(undefined, Kind.INTEGER)).toBe('BIGINT');
    expect(sqlType(undefined, Kind.INTEGER | Kind.DOUBLE)).toBe('DOUBLE');
    expect(sqlType(undefined, Kind.BOOLEAN)).toBe('BOOLEAN');
    expect(sqlType(undefined, Kind.ZONED)).toBe('TIMESTAMPTZ');
    expect(sqlType(undefined, Kind.DATE)).toBe('VARCHAR');
    expect(sqlType(undefined, Kind.LOCAL)).toBe('VARCHAR');
    expect(sqlType(undefined, Kind.BOOLEAN | Kind.INTEGER)).toBe('VARCHAR');
    expect(sqlType(undefined, Kind.JSON)).toBe('VARCHAR');
  });

  it('keeps a declared type only while every value fits it', () => {
    expect(sqlType('price', Kind.INTEGER)).toBe('DOUBLE');
    expect(sqlType('integer', Kind.INTEGER | Kind.DOUBLE)).toBe('DOUBLE');
    expect(sqlType('integer', Kind.INTEGER | Kind.TEXT)).toBe('VARCHAR');
    expect(sqlType('datetime', Kind.ZONED | Kind.LOCAL)).toBe('VARCHAR');
    expect(sqlType('datetime', Kind.LOCAL)).toBe('TIMESTAMP');
    expect(sqlType('datetime', Kind.DATE)).toBe('VARCHAR');
    expect(sqlType('date', Kind.DATE)).toBe('DATE');
    expect(sqlType('text', Kind.INTEGER)).toBe('VARCHAR');
  });
});
