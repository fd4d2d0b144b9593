/**
 * Small seeded pseudo-random helpers for generated demo content: the same seed always gives the same
 * sequence, on every platform. Not for anything secret.
 */

export type RandomSource = () => number;

/** mulberry32: a 32-bit state generator returning floats in [0, 1). */
export function mulberry32(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: turns any string (a title, a seed phrase) into a 32-bit seed. */
export function hashString(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** Convenience draws over one random source. */
export class SeededRandom {
  readonly next: RandomSource;

  constructor(seed: number | string) {
    this.next = mulberry32(typeof seed === 'number' ? seed : hashString(seed));
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let target = this.next() * total;
    for (const [value, weight] of entries) {
      target -= weight;
      if (target < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const take = Math.min(count, copy.length);
    for (let index = 0; index < take; index += 1) {
      const other = index + Math.floor(this.next() * (copy.length - index));
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy.slice(0, take);
  }

  /** Standard normal draw (Box-Muller). */
  normal(mean = 0, deviation = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
