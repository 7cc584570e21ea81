/**
 * The ticket agents and sales providers the API knows. This is the one list: commands, validation,
 * completions, `tix agents` and the sandbox all read it.
 */
export interface TicketAgent {
  /** Upper-case code used by /inventory/{ticketAgent}/... */
  code: string;
  /** Agent type name used by /events/{agent}/... (matched case-insensitively, as is the code). */
  name: string;
  platform: string;
  kind: string;
}

export const TICKET_AGENTS: readonly TicketAgent[] = [
  { code: 'TMUSA', name: 'ticketMaster', platform: 'Ticketmaster (USA)', kind: 'primary ticketing platform in the USA' },
  { code: 'STUBHUB', name: 'stubHub', platform: 'StubHub', kind: 'large resale marketplace' },
  { code: 'SKYBOX', name: 'skyBox', platform: 'SkyBox', kind: 'broker inventory platform' },
  { code: 'TICKETEVOLUTION', name: 'ticketEvolution', platform: 'Ticket Evolution', kind: 'ticket brokerage software platform' },
  { code: 'SEATGEEK', name: 'seatGeek', platform: 'SeatGeek', kind: 'aggregator marketplace' },
  { code: 'VIVID', name: 'vividSeats', platform: 'Vivid Seats', kind: 'second large resale marketplace' },
  { code: 'TICKPICK', name: 'tickPick', platform: 'TickPick', kind: 'no-fee resale marketplace' },
  { code: 'TICKETNETWORK', name: 'ticketNetwork', platform: 'TicketNetwork', kind: 'resale marketplace' },
  { code: 'GAMETIME', name: 'gameTime', platform: 'Gametime', kind: 'last-minute mobile marketplace' },
];

export const AGENT_CODES: readonly string[] = TICKET_AGENTS.map((a) => a.code);

export interface SalesProvider {
  code: string;
  platform: string;
}

/** The contract names exactly one sales provider (seed 4.6). */
export const SALES_PROVIDERS: readonly SalesProvider[] = [{ code: 'stubhub', platform: 'StubHub' }];
export const DEFAULT_PROVIDER = 'stubhub';

/** Finds an agent by code or agent type name, ignoring case (the sandbox's decision; the contract is silent). */
export function findAgent(nameOrCode: string): TicketAgent | undefined {
  const wanted = nameOrCode.toLowerCase();
  return TICKET_AGENTS.find((a) => a.code.toLowerCase() === wanted || a.name.toLowerCase() === wanted);
}
