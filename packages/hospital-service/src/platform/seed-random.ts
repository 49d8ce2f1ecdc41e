/**
 * The seed's randomness: deterministic, never Math.random, so that every developer and test gets the same
 * demo data for the same day. Each use draws from its own generator named after what it decides
 * (`catalogue:1000`, `schedules:1000:2025-03-10`), so the order in which domains seed does not matter.
 */

/** A small deterministic PRNG (mulberry32) seeded from a string. */
export function prng(seedText: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seedText.length; i++) {
    h ^= seedText.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of the list (one draw). */
export const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

/** A shuffled copy of the list (Fisher–Yates, length − 1 draws). */
export function shuffled<T>(rng: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
