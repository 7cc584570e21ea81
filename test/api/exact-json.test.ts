import { describe, expect, it } from 'vitest';
import { parseKeepingDigits } from '../../src/api/exact-json.js';
import { ExactNumber, isBeyondDouble } from '../../src/shared/exact-number.js';

/** What a csv or tsv run parses: numbers a double cannot hold keep their text (issue 36 §5). */
describe('parseKeepingDigits', () => {
  it('keeps the text of an object value beyond a double, and is JSON.parse for everything else', () => {
    const text =
      '{"big":12345678901234567890,"far":1e400,"long":0.1000000000000000055511151231257827,"plain":12.50,"e":1E2,"n":null,"s":"12345678901234567890","list":[1e400,12345678901234567890],"deep":{"id":98765432109876543210}}';
    const value = parseKeepingDigits(text) as Record<string, unknown>;
    const plain = JSON.parse(text) as Record<string, unknown>;
    expect(value.big).toBeInstanceOf(ExactNumber);
    expect(String(value.big)).toBe('12345678901234567890');
    expect(String(value.far)).toBe('1e400');
    expect(String(value.long)).toBe('0.1000000000000000055511151231257827');
    expect(String((value.deep as Record<string, unknown>).id)).toBe('98765432109876543210');
    // Held exactly by a double, in a string, or in an array (a cell of JSON text): as JSON.parse gives them.
    for (const key of ['plain', 'e', 'n', 's', 'list']) expect(value[key]).toEqual(plain[key]);
    // It reads as its number, and JSON.stringify writes the double as before.
    expect(JSON.stringify(value)).toBe(JSON.stringify(plain));
    expect((value.far as unknown as number) > 1).toBe(true);
  });

  it('a string that looks like the stand-in it uses stays a string', () => {
    const text = '{"a":"\\u0000tix:1","b":12345678901234567890,"c":"\\u0000"}';
    const value = parseKeepingDigits(text) as Record<string, unknown>;
    expect(value.a).toBe('\u0000tix:1');
    expect(value.c).toBe('\u0000');
    expect(String(value.b)).toBe('12345678901234567890');
  });

  it('text that is not JSON fails with JSON.parse’s own words', () => {
    for (const text of ['{"a":12345678901234567890,}', '{"a":01234567890123456789}', '[1e400', '{"a":1.2.3e400}']) {
      expect(() => JSON.parse(text)).toThrow();
      expect(() => parseKeepingDigits(text)).toThrow(
        (() => {
          try {
            JSON.parse(text);
          } catch (error) {
            return (error as Error).message;
          }
          return '';
        })(),
      );
    }
  });

  it('judges a number by its digits and magnitude, not its spelling', () => {
    for (const token of ['12345678901234567890', '1e400', '-1e-400', '9007199254740993', '0.1000000000000000055511151231257827'])
      expect(isBeyondDouble(token), token).toBe(true);
    for (const token of ['12.50', '1E2', '-0', '9007199254740992', '1.7976931348623157e308', '5e-324', '100000000000000000000', '0.000001'])
      expect(isBeyondDouble(token), token).toBe(false);
  });
});
