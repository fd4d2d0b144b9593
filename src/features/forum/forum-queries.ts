import type { MentionResult } from '../../../contract/forum';
import { createFetcherStore, storeFamily, type FetcherStore } from '../../lib/query';
import type { SessionUser } from '../accounts/session-store';
import { fetchThread, searchSeriesForMention } from './forum-api';
import type { ShownThread } from './thread-state';

/*
 * The forum's shared reads, in the site's one query cache (lib/query.ts): a thread as the thread page, the
 * thread form and the writes of thread-queries.ts see it, and the editor's series search. The thread
 * page's writes are in thread-queries.ts, which only that page loads.
 */

/** How often an open, visible thread asks for new replies (with its ETag: a 304 costs next to nothing). */
export const THREAD_POLL_MS = 15_000;

/** The ETag of the last full answer per key: a poll sends it, and a 304 means the thread shown still holds. */
const etags = new Map<string, string | null>();

function keyOf(id: number, user: SessionUser | null): string {
  // Answers differ per viewer (their likes): a sign-in or sign-out reads another entry.
  return `forum/threads/${id}|${user ? `user-${user.id}` : 'visitor'}`;
}

const stores = storeFamily((key: string): FetcherStore<ShownThread> => {
  const id = Number(/^forum\/threads\/(\d+)\|/.exec(key)![1]);
  const store: FetcherStore<ShownThread> = createFetcherStore<ShownThread>(key, {
    fetcher: async () => {
      const shown = store.get().data;
      const { detail, etag } = await fetchThread(id, shown ? etags.get(key) : null);
      if (detail) {
        etags.set(key, etag);
        return detail;
      }
      // 304: what is shown (with the page's own changes since) is current.
      if (shown) return shown;
      throw new Error(`GET /forum/threads/${id} answered 304 to a request without an ETag`);
    },
    // Polled while the tab is visible (nanoquery skips hidden tabs), and at once when it comes back.
    revalidateInterval: THREAD_POLL_MS,
    revalidateOnFocus: true,
  });
  return store;
});

/** The live thread as `user` (or a visitor) sees it; the thread page and the edit dialog read it. */
export function threadStore(id: number, user: SessionUser | null): FetcherStore<ShownThread> {
  return stores(keyOf(id, user));
}

/** The series matching a mention being typed in the editor, one entry per text and page view. */
export const mentionSearch = storeFamily((q: string) =>
  createFetcherStore<MentionResult[]>(['forum/series-search?q=', q], {
    fetcher: () => searchSeriesForMention(q),
    dedupeTime: Infinity,
    revalidateOnFocus: false,
  }),
);
