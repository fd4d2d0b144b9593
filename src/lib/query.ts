import { nanoquery, type FetcherStore } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { useMemo, useState } from 'react';

/**
 * The site's one data-fetching cache for islands and page scripts (@nanostores/query): stores keyed by
 * their inputs fetch when watched, share answers between watchers, and refetch when the tab regains focus.
 * Failed loads are not retried on a timer: the islands show the error with a Try again action instead.
 * Writes put the API's answer into the cache (`store.mutate`, `queryCache.mutateCache`) or invalidate the
 * keys they change, so every island showing the data follows.
 */
export const [createFetcherStore, createMutatorStore, queryCache] = nanoquery({
  dedupeTime: 2000,
  revalidateOnFocus: true,
  onErrorRetry: false,
  // An entry is kept until it is replaced or invalidated. nanoquery's own default (Infinity) covers only
  // answers it fetched: entries written by mutate() would expire after 8 s, and a store watched again
  // after that would drop its data.
  cacheLifetime: Infinity,
});

export type { FetcherStore };

/**
 * Stores made on demand, one per key part (a series id, a token), and kept: asking for the same part again
 * gives the same store, so every island on a page watches one store per key.
 */
export function storeFamily<Part extends string | number, Store>(
  make: (part: Part) => Store,
): (part: Part) => Store {
  const stores = new Map<Part, Store>();
  return (part) => {
    let store = stores.get(part);
    if (!store) {
      store = make(part);
      stores.set(part, store);
    }
    return store;
  };
}

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** No answer yet, or a newer one on its way. */
  loading: boolean;
  /** Forgets the answer (an error, usually) and asks again. */
  retry(): void;
  /** Asks again, showing the answer there is until the new one arrives. */
  refresh(): void;
}

/** The store of "nothing to read": watching it fetches nothing. */
const $noKey = atom<null>(null);
const nothingToRead = createFetcherStore<never>([$noKey], {
  fetcher: () => Promise.reject(new Error('no key')),
});

/**
 * A fetcher store's state in an island. `null` reads nothing: islands pass it until they are hydrated, as
 * reading a store fetches at once, and the build's server render must neither fetch nor differ from the
 * markup hydration expects.
 */
export function useQuery<T>(store: FetcherStore<T> | null): QueryState<T> {
  const watched = store ?? (nothingToRead as FetcherStore<T>);
  const { data, error, loading } = useStore(watched);
  return {
    data,
    error,
    loading: loading || (data === undefined && error === undefined),
    retry: () => watched.invalidate(),
    refresh: () => watched.revalidate(),
  };
}

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
  /** Changes every loaded page in the cache (a write's answer), as if the API had sent it. */
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
}

/**
 * The pages of `query` an island has asked for so far, from `firstPage` on. A new query starts again
 * from its first page. `null` reads nothing (before hydration, or when there is no query yet).
 */
export function usePagedQuery<Page>(
  read: PagedRead<Page>,
  query: string | null,
  { firstPage = 1, askFirst = true }: PagedOptions = {},
): PagedState<Page> {
  const start = askFirst ? 1 : 0;
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
        const page = pages[index];
        if (page !== undefined) store.mutate(change(page));
      });
    },
  };
}
