/**
 * Payload types. They name the documented fields (seed section 2); every object also admits fields the
 * contract does not list, because "the available fields may vary by ticket agent", and tix passes such
 * fields through untouched.
 */
type Open = { [field: string]: unknown };

/** Seed 2.1: only id and name are documented; the sandbox adds more, and tix only displays them. */
export interface EventListing extends Open {
  id: string;
  name: string;
}

export interface EventsResponse extends Open {
  events: EventListing[];
}

export interface InventoryListing extends Open {
  section: string;
  row: string;
  quantity: number;
  price: number;
  listingId: string;
}

export interface InventoryEvent extends Open {
  eventId: string;
  ticketAgent: string;
  sections: InventoryListing[];
}

export interface InventoryResponse extends Open {
  data: InventoryEvent[];
  timestamp: string;
}

/** Seed 2.6 */
export interface RequestEcho extends Open {
  requestedStartDate: string;
  requestedEndDate: string;
  requestTimestamp: string;
}

/** Seed 2.3 */
export interface EventHeader extends Open {
  marketplaceId: string;
  marketplace: string;
  name: string;
  venue: string;
  eventDate: string;
  date: string;
  city: string;
  state: string;
  country: string;
  minimumSalesDataDate: string;
  maximumSalesDataDate: string;
  _request: RequestEcho;
}

/** Seed 2.4 */
export interface DailySales extends Open {
  date: string;
  totalTickets: number;
  totalSales: number;
  minSoldPrice: number;
  maxSoldPrice: number;
  avgSoldPrice: number;
}

export interface SalesSummaryResponse extends EventHeader {
  salesData: DailySales[];
}

/** Seed 2.5 */
export interface SoldTicket extends Open {
  sectionName: string;
  row: string;
  seats: string;
  quantity: number;
  price: number;
  priceFormatted: string;
  soldDate: string;
}

export interface DailySalesDetails extends DailySales {
  soldTickets: SoldTicket[];
  minimumSalesDataDate: string;
  maximumSalesDataDate: string;
}

export interface SalesDetailsResponse extends EventHeader {
  salesDetails: DailySalesDetails[];
}

/** The body the sandbox (and, we assume, the real API) sends with an error status. Shape not in the contract. */
export interface ErrorBody extends Open {
  status?: number;
  error?: string;
  message?: string;
}
