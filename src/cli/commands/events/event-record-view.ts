import type { RecordView } from '../../kit/present.js';

/**
 * Event listings. The contract documents only id and name; the rest (category, venue, dates, agentIds)
 * is what the API happens to send, shown when present and never relied on.
 */
export const EVENT_VIEW: RecordView = {
  documented: ['id', 'name'],
  tableDefaults: ['id', 'name', 'eventDate', 'venue', 'city', 'category'],
  columnTypes: { eventDate: 'datetime', presaleDate: 'datetime', publicSaleDate: 'datetime', dateAdded: 'datetime' },
  fit: { identifiers: ['id'], dropOrder: ['venue', 'city', 'category', 'eventDate'] },
};
