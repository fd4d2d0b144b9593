import { cachedJson, type CachedJson } from './http-cache';

/** A public answer, serialized once, with what the route sends beside the body (a list's total). */
export interface CachedAnswer extends CachedJson {
  total?: number;
}

interface Entry {
  answer: Promise<CachedAnswer>;
  expires: number;
  /** Body size once known, counted against the byte budget. */
  bytes: number;
}

export interface AnswerCacheOptions {
  /** How long an answer is served; bounds how late another instance's change shows. 0 turns caching off. */
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

/**
 * Public answers of a feature (the issue tracker's lists and counters, the forum's thread lists as
 * visitors see them), keyed by their normalized query. Identical requests share one database read until a
 * write in this process (`invalidate()`) or the TTL: the embedded database runs one query at a time, so a
 * popular search must not reach it on every request. Answers that differ by caller are never cached here.
 * Bounded by entry count and bytes, oldest out first.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(private readonly options: AnswerCacheOptions) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** The cached answer for `key`, or `load()`'s, serialized and kept. A failed load is not kept. */
  get(key: string, load: () => Promise<{ body: unknown; total?: number }>): Promise<CachedAnswer> {
    const serialize = () => load().then(({ body, total }) => ({ ...cachedJson(body), total }));
    if (this.options.ttlMs <= 0) return serialize();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.answer;
    if (hit) this.remove(key, hit);

    const entry: Entry = { answer: serialize(), expires: now + this.options.ttlMs, bytes: 0 };
    this.entries.set(key, entry);
    entry.answer.then(
      (answer) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = answer.body.length;
        this.bytes += entry.bytes;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key, entry);
      },
    );
    this.evict();
    return entry.answer;
  }

  /** After any write to the data: answers loaded before it are dropped (loads in flight included). */
  invalidate(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
      this.remove(key, entry);
    }
  }
}
