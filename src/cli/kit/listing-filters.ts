import type { Command } from 'commander';
import { UsageError } from '../../shared/errors.js';
import { printable } from '../../shared/printable.js';
import { parseWholeNumber } from '../../shared/numbers.js';
import { sectionMatcher } from '../../shared/wildcard.js';

/**
 * Listing filters, shared by every command that looks at listings (inventory, events view, track, watch).
 * They apply before any figure is computed, so a minimum price is the cheapest listing that matches.
 */
export interface ListingFilter {
  minQuantity?: number;
  minPrice?: number;
  maxPrice?: number;
  /** `--section`: the pattern as given (trimmed), matched against the whole section name, any case. */
  section?: SectionPattern;
}

export interface RawListingFilterFlags {
  minQuantity?: string;
  minPrice?: string;
  maxPrice?: string;
  section?: string;
}

export function addListingFilterOptions(command: Command): Command {
  return command
    .option('--min-quantity <n>', 'only listings with at least n tickets (n seats together)')
    .option('--min-price <amount>', 'only listings priced at or above this, per ticket')
    .option('--max-price <amount>', 'only listings priced at or below this, per ticket')
    .option('--section <pattern>', "only sections matching this name, any case; '*' matches any text (e.g. 'floor*')");
}

export function parseListingFilter(flags: RawListingFilterFlags): ListingFilter {
  const filter: ListingFilter = {};
  if (flags.minQuantity !== undefined) filter.minQuantity = parseWholeNumber('--min-quantity', flags.minQuantity, 1, 1_000_000);
  if (flags.minPrice !== undefined) filter.minPrice = parseAmount('--min-price', flags.minPrice);
  if (flags.maxPrice !== undefined) filter.maxPrice = parseAmount('--max-price', flags.maxPrice);
  if (filter.minPrice !== undefined && filter.maxPrice !== undefined && filter.minPrice > filter.maxPrice) {
    throw new UsageError(`--min-price ${filter.minPrice} is above --max-price ${filter.maxPrice}: no listing could match`);
  }
  if (flags.section !== undefined) filter.section = parseSectionPattern(flags.section);
  return filter;
}

export function isFiltering(filter: ListingFilter): boolean {
  return Object.keys(filter).length > 0;
}

/**
 * The filters in force, as flags a person could type again: `--min-quantity 2 --section 'floor*'`. Only the
 * section's pattern is read, so the history's filters (the pattern as text) are described here too.
 */
export function describeFilter(filter: Omit<ListingFilter, 'section'> & { section?: Pick<SectionPattern, 'pattern'> }): string {
  const parts: string[] = [];
  if (filter.minQuantity !== undefined) parts.push(`--min-quantity ${filter.minQuantity}`);
  if (filter.minPrice !== undefined) parts.push(`--min-price ${filter.minPrice}`);
  if (filter.maxPrice !== undefined) parts.push(`--max-price ${filter.maxPrice}`);
  if (filter.section !== undefined) parts.push(`--section '${filter.section.pattern.replace(/'/g, "'\\''")}'`);
  return parts.join(' ');
}

export function matchesListing(filter: ListingFilter, listing: { quantity: number; price: number; section: string }): boolean {
  if (filter.minQuantity !== undefined && !(listing.quantity >= filter.minQuantity)) return false;
  if (filter.minPrice !== undefined && !(listing.price >= filter.minPrice)) return false;
  if (filter.maxPrice !== undefined && !(listing.price <= filter.maxPrice)) return false;
  if (filter.section !== undefined && !filter.section.matches(String(listing.section ?? ''))) return false;
  return true;
}

export function filterListings<T extends { quantity: number; price: number; section: string }>(
  filter: ListingFilter,
  listings: readonly T[],
): T[] {
  return isFiltering(filter) ? listings.filter((l) => matchesListing(filter, l)) : [...listings];
}

/** A price as typed: a non-negative decimal with at most two decimal places (no currency symbol). */
export function parseAmount(flag: string, raw: string): number {
  const text = raw.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) {
    throw new UsageError(`${flag} must be an amount such as 150 or 99.50 (no currency symbol), not '${printable(raw)}'`);
  }
  return Number(text);
}

export interface SectionPattern {
  pattern: string;
  matches(section: string): boolean;
}

function parseSectionPattern(raw: string): SectionPattern {
  const pattern = raw.trim();
  if (pattern === '') throw new UsageError("--section needs a pattern, such as '101' or 'floor*'");
  if (pattern.length > 200) throw new UsageError(`--section is ${pattern.length} characters long; at most 200 are allowed`);
  return { pattern, matches: sectionMatcher(pattern) };
}
