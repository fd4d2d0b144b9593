import { nanoquery } from '@nanostores/query';

/**
 * The site's one data-fetching cache for islands and page scripts (@nanostores/query): stores keyed by
 * their inputs fetch when watched, share answers between watchers, and refetch when the tab regains focus.
 * Failed loads are not retried on a timer: the islands show the error with a Try again action instead.
 */
export const [createFetcherStore, createMutatorStore, queryCache] = nanoquery({
  dedupeTime: 2000,
  revalidateOnFocus: true,
  onErrorRetry: false,
});
