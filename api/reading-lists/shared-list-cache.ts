import type { CachedJson } from '../http-cache';

/** Most answers kept; the oldest goes first. */
const MAX_ENTRIES = 2000;

interface Entry {
  listId: number;
  /** The catalogue snapshot the answer's ranks and scores came from. */
  snapshot: object;
  storedAt: number;
  answer: CachedJson;
}

/**
 * Serialized answers of `GET /reading-lists/public/{token}`, so a popular shared link is served without a
 * database read. An answer is used only while
 * - the catalogue snapshot it was built from is still the current one (a vote, an edit or a deleted series
 *   replaces the snapshot, so ranks, scores and removed series show at once),
 * - no write to its list went through this instance since (`forgetList`: items, sharing, deletion), and
 * - it is younger than the TTL (CACHE_TTL_MS): the longest a change made through another instance, such as
 *   an unshare, takes to show here, the same bound as the catalogue's.
 */
export class SharedListCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every forgetList, so an answer read while any list changed is not stored. */
  private writes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(key: string, snapshot: object): CachedJson | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.snapshot !== snapshot || this.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  /** Take it before reading an answer and pass it to `set`: a list write in between discards the answer. */
  get generation(): number {
    return this.writes;
  }

  set(key: string, listId: number, generation: number, snapshot: object, answer: CachedJson): void {
    if (this.ttlMs <= 0 || generation !== this.writes) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { listId, snapshot, storedAt: this.now(), answer });
  }

  /** Drops every answer (another instance's changes may have been missed). */
  forgetAll(): void {
    this.writes += 1;
    this.entries.clear();
  }

  /** Drops every answer of a list; call it after any write to the list. */
  forgetList(listId: number): void {
    this.writes += 1;
    for (const [key, entry] of this.entries) {
      if (entry.listId === listId) this.entries.delete(key);
    }
  }
}
