import { GuardedTtlCache } from '../guarded-ttl-cache';
import type { CachedJson } from '../http-cache';

/** The change-feed topic of reading lists: ids of lists written to (null: any list, say an account's). */
export const LISTS_TOPIC = 'reading-lists';

/** Most answers kept; the oldest goes first. */
const MAX_ENTRIES = 2000;

interface Entry {
  listId: number;
  /** The catalogue snapshot the answer's ranks and scores came from. */
  snapshot: object;
  answer: CachedJson;
}

/**
 * Serialized answers of a list's reads (`GET /reading-lists/public/{token}`, the owner's
 * `GET /reading-lists/{id}/items/paged`), so a popular shared link or an owner paging through their list is
 * served without a database read. An answer is used only while
 * - the catalogue snapshot it was built from is still the current one (a vote, an edit or a deleted series
 *   replaces the snapshot, so ranks, scores, filters, sorts and removed series show at once),
 * - no write to its list was heard of since (`forgetList`: items, sharing, deletion, through this instance
 *   or announced by another), and
 * - it is younger than the TTL (CACHE_TTL_MS): the longest a change nobody announced takes to show.
 */
export class ListAnswerCache {
  private readonly answers: GuardedTtlCache<string, Entry>;

  constructor(ttlMs: number, now?: () => number) {
    this.answers = new GuardedTtlCache(ttlMs, MAX_ENTRIES, now);
  }

  get(key: string, snapshot: object): CachedJson | undefined {
    const entry = this.answers.get(key);
    if (!entry || entry.snapshot === snapshot) return entry?.answer;
    this.answers.delete(key);
    return undefined;
  }

  /** Take it before reading an answer and pass it to `set`: a list write in between discards the answer. */
  get generation(): number {
    return this.answers.generation;
  }

  set(key: string, listId: number, generation: number, snapshot: object, answer: CachedJson): void {
    this.answers.set(key, { listId, snapshot, answer }, generation);
  }

  /** Drops every answer (another instance's changes may have been missed). */
  forgetAll(): void {
    this.answers.forget(null);
  }

  /** Drops every answer of a list; call it after any write to the list. */
  forgetList(listId: number): void {
    this.answers.forgetWhere((entry) => entry.listId === listId);
  }
}
