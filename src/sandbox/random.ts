/**
 * Deterministic randomness. Every generated thing is keyed by (seed, what, index...) through a hash, never
 * by a shared stream, so event i is the same whatever the total number of events, and inventory or sales of
 * one event do not depend on which other events were asked for first.
 */

/** A good 32-bit integer finaliser (Chris Wellons' "lowbias32"). */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Hashes any number of 32-bit integers into one. Order matters. */
export function hash(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) h = mix32((h ^ mix32(part | 0)) + 0x632be5ab);
  return h;
}

/** FNV-1a over UTF-16 code units: turns strings (agent codes, agent event ids) into hash inputs. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform fraction in [0, 1) from a hash. */
export function unit(h: number): number {
  return (h >>> 0) / 4294967296;
}

/** mulberry32: a tiny, fast PRNG for the handful of draws one generated thing needs. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max], both inclusive. */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Roughly normal (mean 0, sd 1): the sum of four uniforms, rescaled. Cheap and bounded. */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * 1.7320508;
  }

  /** A count with mean `mean`: Poisson-like for small means, normal approximation for large ones. */
  count(mean: number): number {
    if (mean <= 0) return 0;
    if (mean < 30) {
      // Knuth's method; fine for small means.
      const limit = Math.exp(-mean);
      let k = 0;
      let p = this.next();
      while (p > limit) {
        k++;
        p *= this.next();
      }
      return k;
    }
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
  }
}

const BITS = 24;
const MASK = (1 << BITS) - 1;
/** Largest number of events the id scheme can tell apart (ids carry a 24-bit permuted index). */
export const MAX_INDEX = 1 << BITS;

function inverseOdd(a: number): number {
  // Newton's iteration for the inverse of an odd number modulo 2^24.
  let x = a;
  for (let i = 0; i < 5; i++) x = Math.imul(x, 2 - Math.imul(a, x)) & MASK;
  return x & MASK;
}

/**
 * A keyed bijection on [0, 2^24). Ids carry permute(index), so they look random yet decode back to the
 * index in O(1): no lookup table is needed even for 400,000 events.
 */
export class Permutation {
  private readonly k1: number;
  private readonly k2: number;
  private readonly m1: number;
  private readonly m2: number;
  private readonly inv1: number;
  private readonly inv2: number;

  constructor(key: number) {
    this.k1 = hash(key, 1) & MASK;
    this.k2 = hash(key, 2) & MASK;
    this.m1 = (hash(key, 3) | 1) & MASK;
    this.m2 = (hash(key, 4) | 1) & MASK;
    this.inv1 = inverseOdd(this.m1);
    this.inv2 = inverseOdd(this.m2);
  }

  forward(x: number): number {
    x = (x ^ this.k1) & MASK;
    x = Math.imul(x, this.m1) & MASK;
    x ^= x >>> 12;
    x = Math.imul(x, this.m2) & MASK;
    x ^= x >>> 12;
    return (x + this.k2) & MASK;
  }

  backward(x: number): number {
    x = (x - this.k2) & MASK;
    x ^= x >>> 12; // a 12-bit xorshift on 24 bits is its own inverse
    x = Math.imul(x, this.inv2) & MASK;
    x ^= x >>> 12;
    x = Math.imul(x, this.inv1) & MASK;
    return (x ^ this.k1) & MASK;
  }
}
