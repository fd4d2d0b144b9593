import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetcherStore, queryCache } from '../../src/lib/query';

/** Lets the fetcher's promise and nanoquery's handling of it settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the query cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps an answer written by a write (mutate) for a store watched again much later', async () => {
    const fetcher = vi.fn(async () => 'from the API');
    const store = createFetcherStore<string>('test/kept-after-mutate', {
      fetcher,
      dedupeTime: Infinity,
      revalidateOnFocus: false,
    });
    const stopWatching = store.listen(() => {});
    await settle();
    expect(store.get().data).toBe('from the API');

    store.mutate('changed by a write');
    stopWatching();
    // Unwatched (nanostores unmounts a store 1 s after its last listener), then watched again later.
    await vi.advanceTimersByTimeAsync(60_000);
    store.listen(() => {});
    await settle();

    expect(store.get().data).toBe('changed by a write');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('asks again for an invalidated key, and shares one answer between stores of one key', async () => {
    let answers = 0;
    const fetcher = vi.fn(async () => `answer ${++answers}`);
    const first = createFetcherStore<string>('test/shared', { fetcher });
    const second = createFetcherStore<string>('test/shared', { fetcher });
    first.listen(() => {});
    second.listen(() => {});
    await settle();
    expect([first.get().data, second.get().data]).toEqual(['answer 1', 'answer 1']);
    expect(fetcher).toHaveBeenCalledTimes(1);

    queryCache.invalidateKeys('test/shared');
    await settle();
    expect([first.get().data, second.get().data]).toEqual(['answer 2', 'answer 2']);
  });
});
