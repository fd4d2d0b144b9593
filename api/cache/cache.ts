import { LRUCache } from 'lru-cache';

export interface CacheOptions<V> {
  /** Most entries kept; the least recently used leaves first. */
  max: number;
  /**
   * How long an entry is served. With announced changes dropping entries at once, this bounds only the
   * changes nobody announced (SQL by hand, a lost notification). 0 keeps nothing.
   */
  ttlMs: number;
  /** Budget of the entries' sizes (bytes, say) with `sizeOf`; unset bounds by count alone. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** The clock, for tests. */
  now?: () => number;
}

/** Something a change feed can call back: a topic's changed ids, or null for "anything may have changed". */
export interface ChangeSource {
  subscribe(topic: string, handler: (change: { ids: number[] | null }) => void): void;
}

/**
 * The API's one in-memory cache: bounded (count, and optionally size) and expiring, on lru-cache, with the
 * write guard every cached read needs. A read that ran while a write dropped entries may have seen the data
 * from before the write, so it must not be kept: a reader takes `generation` before reading and hands it to
 * `set`, which discards the value if anything was forgotten in between (`load` does both). Writes call
 * `forget`/`forgetWhere` (or the change feed does, through `forgetOn`), which also discards reads in flight.
 */
export class Cache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, V>;
  private readonly inFlight = new Map<K, { generation: number; value: Promise<V | undefined> }>();
  private forgets = 0;
  readonly enabled: boolean;

  constructor(options: CacheOptions<V>) {
    this.enabled = options.ttlMs > 0 && options.max > 0;
    const perf = options.now ? { now: options.now } : undefined;
    this.entries = new LRUCache<K, V>({
      max: Math.max(1, options.max),
      ttl: Math.max(1, options.ttlMs),
      // Expiry is checked on every read against the clock, not a cached "now".
      ttlResolution: 0,
      ...(perf ? { perf } : {}),
      ...(options.maxSize && options.sizeOf
        ? { maxSize: options.maxSize, sizeCalculation: (value: V) => Math.max(1, options.sizeOf!(value)) }
        : {}),
    });
  }

  /** The value while it is fresh; undefined when missing or expired. Synchronous, for hot paths. */
  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Take it before reading a value from the database and pass it to `set`. */
  get generation(): number {
    return this.forgets;
  }

  /** Keeps a value read at `generation`, unless a write dropped entries since (the value may predate it). */
  set(key: K, value: V, generation: number): void {
    if (!this.enabled || generation !== this.forgets) return;
    this.entries.set(key, value);
  }

  /**
   * The cached value, or `read()`'s, kept when it is defined and no write intervened. Concurrent misses of one
   * key share one read. A failed read is not kept.
   */
  load(key: K, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    if (!this.enabled) return read();
    const pending = this.inFlight.get(key);
    if (pending && pending.generation === this.forgets) return pending.value;
    const generation = this.forgets;
    const value = read().then(
      (loaded) => {
        if (this.inFlight.get(key)?.value === value) this.inFlight.delete(key);
        if (loaded !== undefined) this.set(key, loaded, generation);
        return loaded;
      },
      (error: unknown) => {
        if (this.inFlight.get(key)?.value === value) this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, { generation, value });
    return value;
  }

  /** Drops one value that is of no further use (no write implied: reads in flight may still keep theirs). */
  delete(key: K): void {
    this.entries.delete(key);
  }

  /** After a write: drops these keys (null: every key) and discards every read in flight. */
  forget(keys: Iterable<K> | null): void {
    this.forgets += 1;
    this.inFlight.clear();
    if (!keys) this.entries.clear();
    else for (const key of keys) this.entries.delete(key);
  }

  /** After a write: drops the values it touched, found by key or content, and every read in flight. */
  forgetWhere(touched: (value: V, key: K) => boolean): void {
    this.forgets += 1;
    this.inFlight.clear();
    const drop: K[] = [];
    for (const [key, value] of this.entries.entries()) if (touched(value, key)) drop.push(key);
    for (const key of drop) this.entries.delete(key);
  }

  /**
   * Lets the change feed drop what another instance's write changed: `keysOf` maps the topic's changed ids
   * to this cache's keys; "anything may have changed" (null ids, or no `keysOf`) drops everything.
   */
  forgetOn(feed: ChangeSource, topic: string, keysOf?: (ids: number[]) => Iterable<K>): void {
    feed.subscribe(topic, ({ ids }) => this.forget(ids && keysOf ? keysOf(ids) : null));
  }

  get size(): number {
    return this.entries.size;
  }
}
