import { nanoquery, type FetcherStore, type MutatorStore } from '@nanostores/query';

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

export type { FetcherStore, MutatorStore };

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
