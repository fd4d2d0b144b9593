import type { FetcherStore } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { useMemo, useState } from 'react';
import { createFetcherStore } from './query';

/*
 * Paged reads (infinite lists): each page is its own cache entry, fetched once and kept, so asking for the
 * next page never asks again for the ones before it, and a retry asks only for the page that failed.
 */

export interface PagedRead<Page> {
  /** The cache key of one page of one query; `query` says everything but the page. */
  key(query: string, page: number): string;
  fetchPage(query: string, page: number): Promise<Page>;
  /** Whether more pages follow this one. */
  hasMore(page: Page): boolean;
}

export interface PagedState<Page> {
  /** The pages loaded, in order, up to the first one not loaded. */
  pages: Page[];
  /** The next page asked for is on its way (also before the first answer). */
  loading: boolean;
  /** Why the next page failed; `retry` asks for it again. */
  error: unknown;
  /** The last page loaded says more follow (true before the first answer). */
  hasMore: boolean;
  /** Asks for one page more, once the pages asked for so far are loaded and more follow. */
  more(): void;
  retry(): void;
  /**
   * Changes every loaded page in the cache (a write's answer), as if the API had sent it. Each change
   * applies to the page as the cache holds it when called, so changes made before a render compose.
   */
  update(change: (page: Page) => Page): void;
}

const pageStores = new WeakMap<PagedRead<unknown>, Map<string, FetcherStore<unknown>>>();

function pageStoreOf<Page>(read: PagedRead<Page>, query: string, page: number): FetcherStore<Page> {
  let stores = pageStores.get(read as PagedRead<unknown>);
  if (!stores) {
    stores = new Map();
    pageStores.set(read as PagedRead<unknown>, stores);
  }
  const key = read.key(query, page);
  let store = stores.get(key);
  if (!store) {
    store = createFetcherStore<Page>(key, {
      fetcher: () => read.fetchPage(query, page),
      // A page once loaded stays as it is; writes change it in place (update()).
      dedupeTime: Infinity,
      revalidateOnFocus: false,
    }) as FetcherStore<unknown>;
    stores.set(key, store);
  }
  return store as FetcherStore<Page>;
}

export interface PagedOptions {
  /** The page to start from (a list whose first pages the build rendered goes on after them). */
  firstPage?: number;
  /** False: nothing is asked for until more() (the build's page is on screen already). */
  askFirst?: boolean;
  /** Asks at once for this many pages of `query` (a list coming back to the pages it had). */
  resume?: { query: string; pages: number };
}

/**
 * The pages of `query` an island has asked for so far, from `firstPage` on. A new query starts again
 * from its first page. `null` reads nothing (before hydration, or when there is no query yet).
 */
export function usePagedQuery<Page>(
  read: PagedRead<Page>,
  query: string | null,
  { firstPage = 1, askFirst = true, resume }: PagedOptions = {},
): PagedState<Page> {
  const start = Math.max(askFirst ? 1 : 0, resume?.query === query ? resume.pages : 0);
  const askedFor = query === null ? null : `${firstPage}:${query}`;
  const [asked, setAsked] = useState<{ for: string | null; count: number }>({ for: askedFor, count: start });
  const count = asked.for === askedFor ? asked.count : start;
  const stores = useMemo(
    () =>
      query === null
        ? []
        : Array.from({ length: count }, (_, index) => pageStoreOf(read, query, firstPage + index)),
    [read, query, count, firstPage],
  );
  const $pages = useMemo(
    (): ReadableAtom<Array<{ data?: Page; error?: unknown }>> =>
      stores.length ? computed(stores, (...values) => values) : atom([]),
    [stores],
  );
  const values = useStore($pages);

  const pages = useMemo(() => {
    const loaded: Page[] = [];
    for (const value of values) {
      if (value.data === undefined) break;
      loaded.push(value.data);
    }
    return loaded;
  }, [values]);
  const next = values[pages.length];
  const error = next?.error;
  const loading = (query === null && askFirst) || (next !== undefined && error === undefined);
  const last = pages.at(-1);
  const hasMore = last === undefined || read.hasMore(last);
  return {
    pages,
    loading,
    error,
    hasMore,
    more() {
      if (query === null || loading || error !== undefined || !hasMore || pages.length < count) return;
      setAsked({ for: askedFor, count: count + 1 });
    },
    retry() {
      stores[pages.length]?.invalidate();
    },
    update(change) {
      stores.forEach((store, index) => {
        // What the cache holds now (a change made since this render included), not what it rendered.
        const page = store.value?.data ?? pages[index];
        if (page !== undefined) store.mutate(change(page));
      });
    },
  };
}
