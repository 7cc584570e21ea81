/**
 * Agent-specific event ids. Each agent writes its ids its own way (Ticketmaster: `vvG1VZKS3n1Aso`,
 * StubHub: `157158329`, Gametime: a 24-digit hex object id, the others: plain numbers). Every id carries a
 * keyed permutation of the event's index, so an id decodes straight back to its event: lookups need no
 * index tables, which keeps a 400,000-event sandbox small and quick to start. A decoded id is only
 * accepted if encoding that event again gives the very same text.
 */
import { TICKET_AGENTS } from '../../api/agents.js';
import { Permutation, hash, hashString, mix32 } from '../random.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PERMUTED_LIMIT = 1 << 24;

interface IdFormat {
  encode(permuted: number, noise: number, noise2: number): string;
  /** The permuted index an id carries, or -1 when the text cannot be one of this agent's ids. */
  decode(id: string): number;
}

/** Decimal ids: base + permuted * spread + a little noise, so consecutive events do not get consecutive ids. */
function numeric(base: number, spread: number): IdFormat {
  return {
    encode: (permuted, noise) => String(base + permuted * spread + (noise % spread)),
    decode: (id) => {
      if (!/^[1-9]\d{0,11}$/.test(id)) return -1;
      const value = Number(id) - base;
      if (value < 0) return -1;
      const permuted = Math.floor(value / spread);
      return permuted < PERMUTED_LIMIT ? permuted : -1;
    },
  };
}

function base62(value: number, width: number): string {
  let text = '';
  for (let i = 0; i < width; i++) {
    text = BASE62[value % 62] + text;
    value = Math.floor(value / 62);
  }
  return text;
}

function unbase62(text: string): number {
  let value = 0;
  for (const char of text) {
    const digit = BASE62.indexOf(char);
    if (digit < 0) return -1;
    value = value * 62 + digit;
  }
  return value;
}

/** Ticketmaster Discovery-style ids: a family prefix, then base62, 14 characters in all. */
const TM_PREFIXES = ['vvG1', 'G5v', 'Z7r9jZ1A', 'vv1A'];
const ticketmaster: IdFormat = {
  encode: (permuted, noise, noise2) => {
    const prefix = TM_PREFIXES[noise % TM_PREFIXES.length] as string;
    // 62^5 > 2^24 * 54: five characters carry the index, mixed with noise so they do not look sequential.
    const head = base62(permuted * 54 + (noise2 % 54), 5);
    const tailLength = 9 - prefix.length;
    const tail = base62(noise2, Math.min(tailLength, 5)) + (tailLength > 5 ? base62(noise, tailLength - 5) : '');
    return prefix + head + tail;
  },
  decode: (id) => {
    if (id.length !== 14) return -1;
    const prefix = TM_PREFIXES.find((p) => id.startsWith(p));
    if (!prefix) return -1;
    const head = unbase62(id.slice(prefix.length, prefix.length + 5));
    if (head < 0) return -1;
    const permuted = Math.floor(head / 54);
    return permuted < PERMUTED_LIMIT ? permuted : -1;
  },
};

function hex(value: number, width: number): string {
  return (value >>> 0).toString(16).padStart(width, '0').slice(-width);
}

/** Gametime-style 24-hex-digit object ids: a plausible creation-time prefix, the index, noise. */
const gametime: IdFormat = {
  encode: (permuted, noise, noise2) => `6${hex(noise >>> 4, 7)}${hex(permuted, 6)}${hex(noise2, 8)}${hex(noise & 255, 2)}`,
  decode: (id) => (/^[0-9a-f]{24}$/.test(id) ? Number.parseInt(id.slice(8, 14), 16) : -1),
};

const FORMATS: Readonly<Record<string, IdFormat>> = {
  TMUSA: ticketmaster,
  STUBHUB: numeric(100_000_000, 5),
  SKYBOX: numeric(30_000_000, 2),
  TICKETEVOLUTION: numeric(1_500_000, 1),
  SEATGEEK: numeric(5_000_000, 1),
  VIVID: numeric(3_000_000, 1),
  TICKPICK: numeric(7_000_000, 1),
  TICKETNETWORK: numeric(6_000_000, 1),
  GAMETIME: gametime,
};

/** How likely an event is to be listed by each agent. StubHub lists every event: sales live there. */
export const AGENT_COVERAGE: Readonly<Record<string, number>> = {
  TMUSA: 0.65,
  STUBHUB: 1,
  SKYBOX: 0.55,
  TICKETEVOLUTION: 0.6,
  SEATGEEK: 0.75,
  VIVID: 0.8,
  TICKPICK: 0.5,
  TICKETNETWORK: 0.6,
  GAMETIME: 0.45,
};

export const STUBHUB_AGENT = TICKET_AGENTS.findIndex((agent) => agent.code === 'STUBHUB');

/** Encodes and decodes the agent ids of one seed. Agents are referred to by their index in TICKET_AGENTS. */
export class AgentIdCodec {
  private readonly permutations: Permutation[];
  private readonly formats: IdFormat[];
  private readonly keys: number[];

  constructor(seed: number) {
    const salts = TICKET_AGENTS.map((agent) => hashString(agent.code));
    this.keys = salts.map((salt) => hash(seed, 0x4015e, salt));
    this.permutations = salts.map((salt) => new Permutation(hash(seed, 0xa9e17, salt)));
    this.formats = TICKET_AGENTS.map((agent) => FORMATS[agent.code] ?? numeric(10_000_000, 1));
  }

  encode(agent: number, index: number): string {
    // Listings carry up to nine ids each, so this is hot: two cheap mixes instead of the general hash.
    const noise = mix32((this.keys[agent] as number) ^ index);
    const noise2 = mix32(noise ^ 0x9e3779b9);
    return (this.formats[agent] as IdFormat).encode((this.permutations[agent] as Permutation).forward(index), noise, noise2);
  }

  /** The event index an id would belong to, or -1. The caller must still check encode(index) === id. */
  decode(agent: number, id: string): number {
    const permuted = (this.formats[agent] as IdFormat).decode(id);
    return permuted < 0 ? -1 : (this.permutations[agent] as Permutation).backward(permuted);
  }
}
