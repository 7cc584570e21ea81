/** Joining agents, per-agent and whole-market rows, cheapest listings (pure). */
import { describe, expect, it } from 'vitest';
import { agentListings, cheapest, marketRows, marketTargets, wholeMarket, type AgentOutcome } from '../../src/market/event-market.js';

const listing = (price: number, quantity = 2, listingId = `L${price}`) => ({ section: '101', row: 'A', quantity, price, listingId });

describe('marketTargets', () => {
  it('asks the listed agents in the API order, overrides on top, and names the known agents left out', () => {
    const listed = new Map([
      ['SKYBOX', 's1'],
      ['TMUSA', 't1'],
      ['NEWAGENT', 'n1'],
    ]);
    const { targets, notListed } = marketTargets(
      listed,
      new Map([
        ['TMUSA', 't2'],
        ['VIVID', 'v1'],
      ]),
    );
    expect(targets).toEqual([
      { agent: 'TMUSA', eventId: 't2' },
      { agent: 'SKYBOX', eventId: 's1' },
      { agent: 'VIVID', eventId: 'v1' },
      { agent: 'NEWAGENT', eventId: 'n1' },
    ]);
    expect(notListed).toEqual(['STUBHUB', 'TICKETEVOLUTION', 'SEATGEEK', 'TICKPICK', 'TICKETNETWORK', 'GAMETIME']);
  });

  it('names every agent when nothing lists the event', () => {
    expect(marketTargets(new Map(), new Map()).targets).toEqual([]);
    expect(marketTargets(new Map(), new Map()).notListed).toHaveLength(9);
  });
});

describe('market rows', () => {
  const outcomes: AgentOutcome[] = [
    { agent: 'TMUSA', eventId: 't', ok: true, listings: [listing(120), listing(80, 4), listing(100)], timestamp: 'T1' },
    { agent: 'SKYBOX', eventId: 's', ok: false, error: 'HTTP 503' },
    { agent: 'VIVID', eventId: 'v', ok: true, listings: [], timestamp: 'T2' },
    { agent: 'STUBHUB', eventId: 'h', ok: true, listings: [listing(60), listing(90)], timestamp: 'T3' },
  ];

  it('sorts by minimum price, agents without listings next, failed agents last with their error', () => {
    expect(marketRows(outcomes)).toEqual([
      { agent: 'STUBHUB', eventId: 'h', listings: 2, tickets: 4, minPrice: 60, medianPrice: 75, maxPrice: 90, timestamp: 'T3' },
      { agent: 'TMUSA', eventId: 't', listings: 3, tickets: 8, minPrice: 80, medianPrice: 100, maxPrice: 120, timestamp: 'T1' },
      { agent: 'VIVID', eventId: 'v', listings: 0, tickets: 0, minPrice: null, medianPrice: null, maxPrice: null, timestamp: 'T2' },
      { agent: 'SKYBOX', eventId: 's', error: 'HTTP 503' },
    ]);
  });

  it('sums the whole market over the agents that answered', () => {
    expect(wholeMarket(outcomes)).toEqual({ listings: 5, tickets: 12, minPrice: 60, medianPrice: 90, maxPrice: 120 });
  });

  it('picks the n cheapest across agents, ties by agent then listing id', () => {
    const all = agentListings([
      { agent: 'TMUSA', eventId: 't', ok: true, listings: [listing(50, 2, 'b'), listing(70)], timestamp: 'T' },
      { agent: 'GAMETIME', eventId: 'g', ok: true, listings: [listing(50, 1, 'z'), listing(40)], timestamp: 'T' },
      { agent: 'SKYBOX', eventId: 's', ok: false, error: 'x' },
    ]);
    expect(all.map((l) => `${l.agent}:${l.eventId}:${l.price}`)).toEqual(['TMUSA:t:50', 'TMUSA:t:70', 'GAMETIME:g:50', 'GAMETIME:g:40']);
    expect(cheapest(all, 3)).toEqual([
      { agent: 'GAMETIME', section: '101', row: 'A', quantity: 2, price: 40, listingId: 'L40' },
      { agent: 'GAMETIME', section: '101', row: 'A', quantity: 1, price: 50, listingId: 'z' },
      { agent: 'TMUSA', section: '101', row: 'A', quantity: 2, price: 50, listingId: 'b' },
    ]);
    expect(cheapest(all, 0)).toEqual([]);
    expect(cheapest(all, 100)).toHaveLength(4);
  });
});
