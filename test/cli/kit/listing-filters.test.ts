/** The listing filters' parsing and matching (pure); the commands that use them are tested end to end elsewhere. */
import { describe, expect, it } from 'vitest';
import { filterListings, parseListingFilter } from '../../../src/cli/kit/listing-filters.js';
import { UsageError } from '../../../src/shared/errors.js';

const listing = (section: string, quantity: number, price: number) => ({
  section,
  row: '1',
  quantity,
  price,
  listingId: `${section}-${price}`,
});
const LISTINGS = [
  listing('Floor A', 2, 150),
  listing('101', 4, 80.5),
  listing('Upper 301', 1, 45),
  listing('floor b', 6, 310),
  listing('Pit', 8, 99.99),
];
const sections = (flags: Parameters<typeof parseListingFilter>[0]) =>
  filterListings(parseListingFilter(flags), LISTINGS).map((l) => l.section);

describe('listing filters', () => {
  it('keeps everything without flags', () => {
    expect(sections({})).toEqual(LISTINGS.map((l) => l.section));
  });

  it('filters by quantity and price, bounds included', () => {
    expect(sections({ minQuantity: '4' })).toEqual(['101', 'floor b', 'Pit']);
    expect(sections({ minPrice: '80.50', maxPrice: '150' })).toEqual(['Floor A', '101', 'Pit']);
    expect(sections({ minQuantity: '2', maxPrice: '100' })).toEqual(['101', 'Pit']);
  });

  it('matches whole section names, any case, * for any text', () => {
    expect(sections({ section: 'floor*' })).toEqual(['Floor A', 'floor b']);
    expect(sections({ section: 'FLOOR' })).toEqual([]);
    expect(sections({ section: '*0*' })).toEqual(['101', 'Upper 301']);
    expect(sections({ section: '*' })).toEqual(LISTINGS.map((l) => l.section));
    expect(sections({ section: 'u*3*1' })).toEqual(['Upper 301']);
    expect(sections({ section: '1*1*1' })).toEqual([]);
    expect(sections({ section: '(pit)|.*' })).toEqual([]); // no regular-expression syntax
  });

  it('answers a pattern of many stars (a regular expression would backtrack for ever here)', () => {
    const filter = parseListingFilter({ section: `${'*a'.repeat(99)}b` });
    expect(filterListings(filter, [listing('a'.repeat(5000), 1, 1)])).toEqual([]);
    expect(filterListings(filter, [listing(`${'a'.repeat(5000)}b`, 1, 1)])).toHaveLength(1);
  });

  it.each([
    [{ minQuantity: '0' }, '--min-quantity must be a whole number from 1 to 1000000'],
    [{ minQuantity: '2.5' }, '--min-quantity must be a whole number'],
    [{ minPrice: '$10' }, "--min-price must be an amount such as 150 or 99.50 (no currency symbol), not '$10'"],
    [{ maxPrice: '-1' }, '--max-price must be an amount'],
    [{ maxPrice: '1.234' }, '--max-price must be an amount'],
    [{ minPrice: '200', maxPrice: '100' }, '--min-price 200 is above --max-price 100'],
    [{ section: '  ' }, '--section needs a pattern'],
    [{ section: 'x'.repeat(201) }, '--section is 201 characters long'],
  ])('refuses %o', (flags, message) => {
    expect(() => parseListingFilter(flags)).toThrow(UsageError);
    expect(() => parseListingFilter(flags)).toThrow(message);
  });
});
