interface Entry<V> {
  value: V;
  expires: number;
}

/**
 * A bounded in-memory map of values read from the database, each kept for a TTL, the oldest leaving first
 * once full. The TTL bounds only changes nobody announced: announced ones `forget` what they touched at
 * once. A read that ran while something was forgotten must not be kept (it may predate the write), so a
 * reader takes `generation` before reading and hands it to `set`, which drops the value if any `forget`
 * came in between. A TTL of 0 keeps nothing.
 */
export class GuardedTtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private forgets = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The value while it is younger than the TTL; an expired one is dropped. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Drops one value that is no longer of use (no write is implied: readers in flight may still store theirs). */
  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Take it before reading a value and pass it to `set`. */
  get generation(): number {
    return this.forgets;
  }

  set(key: K, value: V, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.forgets) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
  }

  /** After a write: drops these keys (null: every key) and any read in flight. */
  forget(keys: Iterable<K> | null): void {
    this.forgets += 1;
    if (!keys) this.entries.clear();
    else for (const key of keys) this.entries.delete(key);
  }

  /** After a write: drops the values it touched, found by their content, and any read in flight. */
  forgetWhere(touched: (value: V) => boolean): void {
    this.forgets += 1;
    for (const [key, entry] of this.entries) if (touched(entry.value)) this.entries.delete(key);
  }
}
