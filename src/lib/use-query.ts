import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { createFetcherStore, type FetcherStore } from './query';

/* The query cache's hook for islands; page scripts without React use lib/query.ts alone. */

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
