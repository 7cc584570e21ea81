import { describe, expect, it } from 'vitest';
import {
  EXCEL_SAFE_FORMATS,
  FORMATS,
  KNOWN_EXTENSIONS,
  SETTING_FORMATS,
  formatOfExtension,
  isDocument,
  isForPeople,
  needsFile,
  writesJsonValues,
} from '../../src/output/index.js';

describe('the table of output formats', () => {
  it('lists -o values, setting values and --out extensions in the order help and refusals show them', () => {
    expect(FORMATS).toEqual(['table', 'json', 'ndjson', 'csv', 'tsv', 'parquet']);
    expect(SETTING_FORMATS).toEqual(['table', 'json', 'ndjson', 'csv', 'tsv']);
    expect(EXCEL_SAFE_FORMATS).toEqual(['csv', 'tsv']);
    expect(KNOWN_EXTENSIONS).toEqual(['.csv', '.tsv', '.json', '.ndjson', '.jsonl', '.parquet']);
  });

  it('answers the questions the commands ask instead of naming formats', () => {
    expect(FORMATS.filter(isDocument)).toEqual(['json']);
    expect(FORMATS.filter(isForPeople)).toEqual(['table']);
    expect(FORMATS.filter(needsFile)).toEqual(['parquet']);
    expect(FORMATS.filter(writesJsonValues)).toEqual(['ndjson']);
    expect(formatOfExtension('.jsonl')).toBe('ndjson');
    expect(formatOfExtension('.xlsx')).toBeUndefined();
  });
});
