import { TICKET_AGENTS } from '../api/agents.js';
import type { InventoryListing } from '../api/types.js';
import { marketFigures, type MarketFigures } from './figures.js';

/**
 * One event across every marketplace (`tix events view`): which agents to ask, and the per-agent and
 * whole-market figures and cheapest listings once they have answered. Pure, so it is tested without HTTP.
 */

/** An agent to ask, under its own id for the event. */
export interface AgentTarget {
  agent: string;
  eventId: string;
}

export interface MarketTargets {
  targets: AgentTarget[];
  /** Known agents with no id for the event: reported as not listing it, never asked. */
  notListed: string[];
}

/**
 * The listing's agent ids with the user's `--id` overrides on top. Known agents come in the API's agent
 * order, then any agent the listing names that tix does not know yet (the list may grow).
 */
export function marketTargets(listed: ReadonlyMap<string, string>, overrides: ReadonlyMap<string, string>): MarketTargets {
  const ids = new Map([...listed, ...overrides]);
  const known = TICKET_AGENTS.map((a) => a.code);
  const targets: AgentTarget[] = [];
  for (const agent of [...known, ...[...ids.keys()].filter((code) => !known.includes(code))]) {
    const eventId = ids.get(agent);
    if (eventId !== undefined) targets.push({ agent, eventId });
  }
  return { targets, notListed: known.filter((code) => !ids.has(code)) };
}

/** What one agent answered: its listings (already filtered) or why it could not be asked. */
export type AgentOutcome =
  | (AgentTarget & { ok: true; listings: readonly InventoryListing[]; timestamp: string })
  | (AgentTarget & { ok: false; error: string });

export type MarketRow = AgentTarget & (({ timestamp: string } & MarketFigures) | { error: string });

/**
 * One row per agent: figures for those that answered, cheapest first (agents with no listings after
 * them), then the agents that failed, with their error instead of figures.
 */
export function marketRows(outcomes: readonly AgentOutcome[]): MarketRow[] {
  const answered = outcomes.flatMap((o) =>
    o.ok ? [{ agent: o.agent, eventId: o.eventId, ...marketFigures(o.listings), timestamp: o.timestamp }] : [],
  );
  answered.sort((a, b) => (a.minPrice ?? Infinity) - (b.minPrice ?? Infinity) || a.agent.localeCompare(b.agent));
  const failed = outcomes.flatMap((o) => (o.ok ? [] : [{ agent: o.agent, eventId: o.eventId, error: o.error }]));
  return [...answered, ...failed];
}

/** The figures of every listing of every agent that answered, taken together. */
export function wholeMarket(outcomes: readonly AgentOutcome[]): MarketFigures {
  return marketFigures(outcomes.flatMap((o) => (o.ok ? o.listings : [])));
}

/** A listing with the agent that lists it, `agent` first. */
export type AgentListing = { agent: string; eventId: string } & InventoryListing;

/** Every listing of every agent that answered, agent by agent in the order given, each in the API's order. */
export function agentListings(outcomes: readonly AgentOutcome[]): AgentListing[] {
  return outcomes.flatMap((o) => (o.ok ? o.listings.map((listing) => ({ agent: o.agent, eventId: o.eventId, ...listing })) : []));
}

export interface CheapListing {
  agent: string;
  section: string;
  row: string;
  quantity: number;
  price: number;
  listingId: string;
}

/** The n cheapest listings across agents; equal prices in agent, then listing id order, so runs agree. */
export function cheapest(listings: readonly AgentListing[], n: number): CheapListing[] {
  return [...listings]
    .filter((l) => Number.isFinite(l.price))
    .sort((a, b) => a.price - b.price || a.agent.localeCompare(b.agent) || String(a.listingId).localeCompare(String(b.listingId)))
    .slice(0, n)
    .map(({ agent, section, row, quantity, price, listingId }) => ({ agent, section, row, quantity, price, listingId }));
}
