import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/text-width.js';

// cli-table3 sizes its columns with its own (unexported) strlen; tix measures the text around tables and
// fits columns with displayWidth. They must agree cell for cell, or fitted tables overflow by a cell.
const { strlen } = createRequire(import.meta.url)('cli-table3/src/utils.js') as { strlen: (text: string) => number };

const SAMPLES = [
  'plain ascii',
  'Rüfüs Du Sol',
  '東京ドーム',
  '🧑‍💻 coder',
  '🇺🇸',
  '🇺',
  'e\u0301',
  'tab\there',
  '\u001b[31mred\u001b[39m text',
  'two\nlines, the second longer',
  '',
  'Ω≈ç√∫',
  '👨‍👩‍👧‍👦 family',
];

describe('displayWidth', () => {
  it.each(SAMPLES)('counts %j as cli-table3 does', (text) => {
    expect(displayWidth(text)).toBe(strlen(text));
  });

  it('agrees on every code point of the Basic Multilingual Plane and the emoji planes', () => {
    const disagreements: string[] = [];
    for (let code = 0x20; code <= 0x1faff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = `a${String.fromCodePoint(code)}b`;
      if (displayWidth(text) !== strlen(text)) disagreements.push(code.toString(16));
    }
    expect(disagreements).toEqual([]);
  });
});
