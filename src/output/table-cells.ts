import type { ColumnType } from './column-types.js';

/**
 * Turns one value into the text a table shows. Tables are for people: JSON's exactness matters less than a
 * price that reads 12.50 and a date that fits. Scripts use json, ndjson, csv or tsv, which are never reformatted.
 */
export function tableText(value: unknown, type: ColumnType): string {
  if (value === null || value === undefined) return '';
  switch (type) {
    case 'price':
      return formatPrice(value);
    case 'datetime':
      return typeof value === 'string' ? formatDatetime(value) : plainText(value);
    default:
      return plainText(value);
  }
}

function formatPrice(value: unknown): string {
  const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(amount) ? amount.toFixed(2) : plainText(value);
}

/** 2026-06-01T19:30:00-05:00 → 2026-06-01 19:30-05:00: the wall-clock time as sent, seconds only when not :00. */
const ISO_DATETIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export function formatDatetime(text: string): string {
  const match = ISO_DATETIME.exec(text);
  if (!match) return safeText(text);
  const [, date, minutes, seconds, zone] = match;
  const time = seconds && seconds !== '00' ? `${minutes}:${seconds}` : minutes;
  return `${date} ${time}${zone ? zone.toUpperCase() : ''}`;
}

function plainText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return safeText(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : '';
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return safeText(JSON.stringify(value) ?? '');
    default:
      return '';
  }
}

/**
 * A cell is one line, and text from the API must not drive the terminal: line breaks and tabs become spaces,
 * other control characters (ESC starts terminal escape sequences) become U+FFFD.
 */
export function safeText(text: string): string {
  let clean = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
      clean = false;
      break;
    }
  }
  if (clean) return text;
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\t\n\r]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
}
