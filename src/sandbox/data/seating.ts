/**
 * Sections, rows and seats by kind of venue, shared by inventory listings and sales, with a price tier per
 * section (a pit costs more than the upper deck).
 */
import type { Rng } from '../random.js';
import { CATEGORY_CONCERTS } from './events.js';
import type { VenueKind } from './names.js';

export type RowStyle = 'number' | 'letter' | 'ga';

export interface Section {
  name: string;
  /** Price multiplier against the event's base price. */
  tier: number;
  rows: RowStyle;
  /** Highest row number or letter index. */
  rowCount: number;
  /** JSON text of the name, precomputed for the pre-rendered large sales body. */
  json: string;
}

function section(name: string, tier: number, rows: RowStyle, rowCount: number): Section {
  return { name, tier, rows, rowCount, json: JSON.stringify(name) };
}

function numbered(from: number, to: number, tier: number, rowCount: number, prefix = ''): Section[] {
  const list: Section[] = [];
  for (let n = from; n <= to; n++) list.push(section(`${prefix}${n}`, tier, 'number', rowCount));
  return list;
}

const FLOORS = ['Floor A', 'Floor B', 'Floor C', 'Floor D'].map((name, i) => section(name, 2.2 - i * 0.2, 'number', 30));
const PIT = [section('Pit', 3, 'ga', 1), section('GA Pit', 2.6, 'ga', 1)];

const ARENA = [...numbered(101, 124, 1.4, 25), ...numbered(201, 230, 0.8, 18), section('Club 1', 2, 'letter', 6)];
const STADIUM = [
  ...numbered(101, 140, 1.3, 40),
  ...numbered(201, 236, 1.0, 25),
  ...numbered(301, 340, 0.7, 30),
  section('Field Club', 2.4, 'letter', 10),
];
const BALLPARK = [
  ...numbered(1, 30, 1.5, 30, 'Field Box '),
  ...numbered(201, 230, 0.9, 20, 'Terrace '),
  ...numbered(301, 330, 0.6, 25, 'Bleachers '),
  section('Dugout Box', 3, 'number', 8),
];
const AMPHITHEATER = [...numbered(101, 106, 1.5, 30), ...numbered(201, 205, 1, 25), section('Lawn', 0.5, 'ga', 1), ...PIT];
const THEATER = [
  section('Orchestra', 1.6, 'letter', 26),
  section('Orchestra Left', 1.4, 'letter', 26),
  section('Orchestra Right', 1.4, 'letter', 26),
  section('Front Mezzanine', 1.2, 'letter', 8),
  section('Rear Mezzanine', 0.9, 'letter', 12),
  section('Balcony', 0.7, 'letter', 14),
  section('Box A', 2, 'letter', 2),
  section('Box B', 2, 'letter', 2),
];
const CLUB = [section('GA', 1, 'ga', 1), section('GA Floor', 1, 'ga', 1), section('Balcony', 1.3, 'letter', 6)];
const CONVENTION = [section('General Admission', 1, 'ga', 1), section('VIP', 2.5, 'ga', 1), section('Weekend Pass', 1.8, 'ga', 1)];

const PLAIN: Readonly<Record<VenueKind, readonly Section[]>> = {
  arena: ARENA,
  stadium: STADIUM,
  ballpark: BALLPARK,
  amphitheater: AMPHITHEATER,
  theater: THEATER,
  club: CLUB,
  convention: CONVENTION,
};

// Concerts put a floor and a pit in arenas and stadiums.
const CONCERT: Readonly<Record<VenueKind, readonly Section[]>> = {
  ...PLAIN,
  arena: [...ARENA, ...FLOORS, ...PIT],
  stadium: [...STADIUM, ...FLOORS, ...FLOORS, ...PIT],
  ballpark: [...BALLPARK, ...FLOORS],
};

export function sectionsFor(kind: VenueKind, categoryId: number): readonly Section[] {
  return (categoryId === CATEGORY_CONCERTS ? CONCERT : PLAIN)[kind];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ROW_NUMBERS = Array.from({ length: 41 }, (_, i) => String(i));

export function pickRow(rng: Rng, seat: Section): string {
  if (seat.rows === 'ga') return 'GA';
  const n = rng.int(seat.rowCount);
  return seat.rows === 'letter' ? (LETTERS[n % 26] as string) : (ROW_NUMBERS[n + 1] ?? String(n + 1));
}

/** Currency symbol for prices at a venue in the country. */
export function currencySymbol(country: string): string {
  return country === 'GB' ? '£' : '$';
}

const TWO = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/** Cents as "$1,234.50". */
export function formatPrice(cents: number, symbol: string): string {
  const whole = Math.floor(cents / 100);
  const text = whole < 1000 ? String(whole) : String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${symbol}${text}.${TWO[cents % 100]}`;
}
