/**
 * A small seeded pseudo-random generator (mulberry32) with the draws the token generator
 * needs. Same seed, same sequence, on every machine: nothing here reads the clock or
 * Math.random, so generated tokens are reproducible in tests, demos and bug reports.
 */

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** Log-uniform in [min, max): as many values between 1k and 10k as between 10k and 100k. */
  logBetween(min: number, max: number): number;
};

/** A 32-bit seed from any string or number (FNV-1a over the decimal or string form). */
export function hashSeed(seed: string | number): number {
  const text = typeof seed === "number" ? `n:${seed}` : `s:${seed}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRandom(seed: string | number): Random {
  const next = mulberry32(hashSeed(seed));
  const random: Random = {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(items.length * next())]!,
    weighted: (entries) => {
      const total = entries.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, weight] of entries) {
        r -= weight;
        if (r < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    normal: () => {
      // 1 - next() is in (0, 1], so the logarithm is finite.
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    logBetween: (min, max) => Math.exp(random.between(Math.log(min), Math.log(max))),
  };
  return random;
}
