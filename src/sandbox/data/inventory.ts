/**
 * Inventory listings of one agent's event. Listings are a pure function of (seed, agent, agent event id,
 * 15-minute slot of the clock), so they change every 15 minutes yet any request can be replayed. Each
 * potential listing lives for a few slots under one listing id, so successive snapshots overlap the way a
 * real market does rather than being reshuffled wholesale. While it is listed, some of its tickets may sell
 * a few at a time (partial sales, as real listings sell), so its quantity goes down but never below 1.
 */
import { TICKET_AGENTS } from '../../api/agents.js';
import type { InventoryListing } from '../../api/types.js';
import { Lru } from '../lru.js';
import { Rng, hash, hashString, unit } from '../random.js';
import { DAY, MINUTE, dayString } from '../time.js';
import type { SandboxEvent } from './events.js';
import { type Section, pickRow, sectionsFor } from './seating.js';

/** Listings are refreshed every 15 minutes of the sandbox clock. */
export const REFRESH_MS = 15 * MINUTE;

export function refreshSlot(now: number): number {
  return Math.floor(now / REFRESH_MS);
}

const QUANTITIES = [1, 2, 2, 2, 2, 3, 4, 4, 4, 6, 8];
/** The share of listings that sell part of their tickets, and the chance that one does in a given refresh. */
const PARTIAL_SELLERS = 0.5;
const PARTIAL_SALE_PER_REFRESH = 0.3;

type Extra = (listing: InventoryListing, rng: Rng, event: SandboxEvent) => void;

/** The fields some agents add of their own: the contract warns that fields vary by agent. */
const EXTRAS: Readonly<Record<string, Extra>> = {
  TMUSA: (listing, rng) => {
    listing.offerType = rng.chance(0.7) ? 'standard' : 'resale';
  },
  STUBHUB: (listing, rng) => {
    listing.deliveryMethod = rng.chance(0.8) ? 'Mobile Transfer' : 'Electronic';
  },
  SKYBOX: (listing, rng, event) => {
    listing.inHandDate = dayString(Math.floor((event.eventTime - rng.between(1, 10) * DAY) / DAY));
  },
  TICKETEVOLUTION: (listing, rng) => {
    listing.wholesalePrice = Math.round(listing.price * (80 + rng.int(10))) / 100;
  },
  SEATGEEK: (listing, rng) => {
    listing.dealScore = rng.between(1, 10);
  },
  VIVID: (listing) => {
    const splits: number[] = [];
    for (let q = listing.quantity; q >= 1; q--) if (q === listing.quantity || q % 2 === 0) splits.push(q);
    listing.splits = splits.reverse();
  },
  TICKPICK: (listing) => {
    listing.allInPrice = listing.price; // no-fee marketplace: the price is the price
  },
  TICKETNETWORK: (listing, rng) => {
    listing.notes = rng.chance(0.15) ? 'Obstructed view' : rng.chance(0.1) ? 'Aisle seats' : '';
  },
  GAMETIME: (listing, rng) => {
    listing.zone =
      listing.section.startsWith('Floor') || listing.section.includes('Pit') ? 'Floor' : rng.chance(0.5) ? 'Lower Level' : 'Upper Level';
  },
};

function listingId(code: string, h: number, h2: number): string {
  switch (code) {
    case 'GAMETIME':
      return h.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
    case 'TMUSA':
      return `${h.toString(36).toUpperCase()}${(h2 % 1296).toString(36).toUpperCase()}`;
    default:
      return String(1_000_000_000 + (h % 3_000_000_000));
  }
}

export class InventoryGenerator {
  private readonly cache = new Lru<string, InventoryListing[]>(2_000);
  private readonly salts = TICKET_AGENTS.map((agent) => hashString(agent.code));

  constructor(private readonly seed: number) {}

  /** Listings of `event` at `agent` (index into TICKET_AGENTS) under `agentEventId` during `slot`. */
  listings(event: SandboxEvent, agent: number, agentEventId: string, slot: number): InventoryListing[] {
    const code = (TICKET_AGENTS[agent] as { code: string }).code;
    const now = slot * REFRESH_MS;
    // Nothing on sale before sales open (presale on the primary platform, public sale elsewhere) or after the event.
    const opens = code === 'TMUSA' ? event.presaleTime : event.publicSaleTime;
    if (now < opens || now >= event.eventTime) return [];

    const key = `${agent}|${agentEventId}|${slot}`;
    const cached = this.cache.get(key);
    if (cached) return cached;

    const salt = this.salts[agent] as number;
    const idHash = hashString(agentEventId);
    const sections = sectionsFor(event.place.kind, event.categoryId);
    const poolSize = 6 + Math.floor(event.popularity * 50) + (hash(this.seed, salt, idHash) % 12);
    const extra = EXTRAS[code];
    const listings: InventoryListing[] = [];

    for (let k = 0; k < poolSize; k++) {
      const stable = new Rng(hash(this.seed, salt, idHash, k));
      const seat: Section = stable.pick(sections);
      const row = pickRow(stable, seat);
      const life = stable.between(2, 16);
      const phase = stable.int(life);
      const basePrice = event.basePrice * seat.tier * (0.85 + stable.next() * 0.5);

      // A listing keeps its id for `life` slots; then it is sold or withdrawn and another may take its place.
      const epoch = Math.floor((slot + phase) / life);
      const live = new Rng(hash(this.seed, salt, idHash, k, epoch));
      if (!live.chance(0.72)) continue;
      const sales = partialSales(hash(this.seed, salt, idHash, k, epoch, 3), (slot + phase) % life);
      const quantity = Math.max(1, live.pick(QUANTITIES) - sales);
      const drift = 1 + 0.06 * (unit(hash(this.seed, salt, idHash, k, slot, 7)) - 0.5);
      const listing: InventoryListing = {
        section: seat.name,
        row,
        quantity,
        price: Math.max(5, Math.round(basePrice * drift * 100) / 100),
        listingId: listingId(code, hash(this.seed, salt, idHash, k, epoch, 1), hash(this.seed, salt, idHash, k, epoch, 2)),
      };
      extra?.(listing, live, event);
      listings.push(listing);
    }
    this.cache.set(key, listings);
    return listings;
  }
}

/**
 * Tickets a listing has sold `refreshes` refreshes after it appeared: each refresh of a listing that sells
 * in parts (`listing` keys it) sells 1 to 3 tickets with some chance. A pure function of its arguments, so
 * a listing's quantity only goes down while its id lasts, and any slot can be replayed alone.
 */
function partialSales(listing: number, refreshes: number): number {
  if (unit(hash(listing, 0)) >= PARTIAL_SELLERS) return 0;
  let sold = 0;
  for (let r = 1; r <= refreshes; r++) {
    const draw = hash(listing, r);
    if (unit(draw) < PARTIAL_SALE_PER_REFRESH) sold += 1 + (hash(draw, 1) % 3);
  }
  return sold;
}
