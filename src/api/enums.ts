/**
 * The integer enums of event search (seed 4.1). Each value has the slug the CLI accepts; the numbers are
 * what goes on the wire. The sandbox validates against the same tables.
 */
export interface EnumValue {
  slug: string;
  value: number;
  label: string;
}

export type EnumTable = readonly EnumValue[];

export const EVENT_SEARCH_TYPE: EnumTable = [
  { slug: 'presale', value: 0, label: 'Presale Date' },
  { slug: 'public-sale', value: 1, label: 'Public Sale Date' },
  { slug: 'event', value: 2, label: 'Event Date' },
  { slug: 'presale-or-public-sale', value: 4, label: 'Presale or Public Sale Date' },
  { slug: 'post-sale', value: 5, label: 'Post Sales Date' },
  { slug: 'presale-or-post-sale', value: 14, label: 'Presale or Post Sale Date' },
  { slug: 'just-added', value: 17, label: 'Just Added Events' },
];

export const EVENT_CATEGORY: EnumTable = [
  { slug: 'all', value: 0, label: 'All' },
  { slug: 'concerts', value: 1, label: 'Concerts' },
  { slug: 'arts', value: 2, label: 'Arts' },
  { slug: 'family', value: 3, label: 'Family' },
  { slug: 'sports', value: 4, label: 'Sports' },
  { slug: 'misc', value: 5, label: 'Misc' },
];

export const EVENT_SEARCH_DATE: EnumTable = [
  { slug: 'today', value: 0, label: 'Today' },
  { slug: 'tomorrow', value: 1, label: 'Tomorrow' },
  { slug: 'yesterday', value: 2, label: 'Yesterday' },
  { slug: 'future-incl-today', value: 3, label: 'Future, including Today' },
  { slug: 'future', value: 19, label: 'Future' },
  { slug: 'next-3-days', value: 7, label: 'Next 3 Days' },
  { slug: 'next-7-days', value: 8, label: 'Next 7 Days' },
  { slug: 'next-10-days', value: 9, label: 'Next 10 Days' },
  { slug: 'next-2-weeks', value: 10, label: 'Next 2 Weeks' },
  { slug: 'next-30-days', value: 11, label: 'Next 30 Days' },
  { slug: 'past', value: 4, label: 'Past' },
  { slug: 'past-7-days', value: 12, label: 'Past 7 Days' },
  { slug: 'past-30-days', value: 5, label: 'Past 30 Days' },
  { slug: 'past-3-months', value: 16, label: 'Past 3 Months' },
  { slug: 'past-6-months', value: 17, label: 'Past 6 Months' },
  { slug: 'past-year', value: 18, label: 'Past Year' },
  { slug: 'specified-date', value: 6, label: 'Specified Date' },
  { slug: 'specified-date-range', value: 13, label: 'Specified Date Range' },
  { slug: 'this-week', value: 14, label: 'This Week (Sunday through Saturday)' },
];

export const SPECIFIED_DATE = 6;
export const SPECIFIED_DATE_RANGE = 13;

export const EVENT_SEARCH_SORT_BY: EnumTable = [
  { slug: 'presale-date', value: 0, label: 'Presale Date' },
  { slug: 'public-sale-date', value: 1, label: 'Public Sale Date' },
  { slug: 'event-date', value: 2, label: 'Event Date' },
  { slug: 'name', value: 3, label: 'Name' },
  { slug: 'venue', value: 4, label: 'Venue' },
  { slug: 'city', value: 5, label: 'City' },
  { slug: 'state', value: 6, label: 'State' },
  { slug: 'date-added', value: 8, label: 'DateAdded' },
];

export const SORT_DIRECTION: EnumTable = [
  { slug: 'asc', value: 0, label: 'Ascending' },
  { slug: 'desc', value: 1, label: 'Descending' },
];

export const PAGE_SIZE_DEFAULT = 1000;
export const PAGE_SIZE_MAX = 5000;
export const INVENTORY_IDS_MAX = 10;
