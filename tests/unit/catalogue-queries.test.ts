import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as catalogueApi from '../../src/features/catalogue/catalogue-api';
import {
  dropRankedPages,
  listQuery,
  rankingPageKey,
  rankingPages,
  searchKey,
  searchResults,
} from '../../src/features/catalogue/catalogue-queries';
import { restoreAnswers } from '../../src/features/catalogue/list-return';
import { createFetcherStore } from '../../src/lib/query';
import { rankedSeries } from './series-fixture';

// The catalogue's HTTP calls, answered here: what is tested is what the list reads through the cache.
vi.mock('../../src/features/catalogue/catalogue-api', async (original) => ({
  ...(await original<typeof catalogueApi>()),
  fetchRankingPage: vi.fn(),
  fetchSearchResults: vi.fn(),
}));
const api = vi.mocked(catalogueApi);

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => rankedSeries(from + index));
let stop: Array<() => void> = [];

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  stop.forEach((unlisten) => unlisten());
  stop = [];
});

describe('the ranked pages', () => {
  it('ask for the page of the type and view in the query', async () => {
    api.fetchRankingPage.mockResolvedValue(page(26, 25));
    const query = listQuery('MANHWA', 'sort=popular&genre=Drama');
    expect(await rankingPages.fetchPage(query, 2)).toHaveLength(25);
    expect(api.fetchRankingPage).toHaveBeenCalledWith({
      page: 2,
      type: 'MANHWA',
      view: { sort: 'popular', status: undefined, genres: ['Drama'], not: [] },
    });
    expect(rankingPages.key(query, 2)).toBe('series/rankings?MANHWA|sort=popular&genre=Drama&page=2');
  });

  it('a page kept for Back is answered from what was kept, once', async () => {
    const kept = page(26, 25);
    restoreAnswers([[rankingPageKey('ALL|ALL', 2), kept]]);
    expect(await rankingPages.fetchPage('ALL|ALL', 2)).toBe(kept);
    expect(api.fetchRankingPage).not.toHaveBeenCalled();
    api.fetchRankingPage.mockResolvedValue(page(26, 25));
    await rankingPages.fetchPage('ALL|ALL', 2);
    expect(api.fetchRankingPage).toHaveBeenCalledTimes(1);
  });

  it('more follow a full page only', () => {
    expect(rankingPages.hasMore(page(1, 25))).toBe(true);
    expect(rankingPages.hasMore(page(1, 24))).toBe(false);
  });

  it('a view read again drops its own cached pages, not another list’s', async () => {
    const watch = async (key: string) => {
      let calls = 0;
      const store = createFetcherStore<number>(key, { fetcher: async () => ++calls, dedupeTime: Infinity });
      stop.push(store.listen(() => {}));
      await vi.waitFor(() => expect(store.get().data).toBe(1));
      return () => store.get().data;
    };
    const drama = await watch(rankingPageKey('ALL|genre=Drama', 1));
    const dramaTwo = await watch(rankingPageKey('ALL|genre=Drama', 2));
    const dramaTypePage = await watch(rankingPageKey('MANHWA|genre=Drama', 1));
    const dramatic = await watch(rankingPageKey('ALL|genre=Dramatic', 1));
    // A view whose key starts with this one's: its own list, kept.
    const ongoingDrama = await watch(rankingPageKey('ALL|genre=Drama&status=ONGOING', 1));

    dropRankedPages(listQuery('ALL', 'genre=Drama'));
    await vi.waitFor(() => expect([drama(), dramaTwo()]).toEqual([2, 2]));
    expect([dramaTypePage(), dramatic(), ongoingDrama()]).toEqual([1, 1, 1]);
  });
});

describe('a search', () => {
  it('asks for its term within the type, terms with a | included', async () => {
    const found = page(1, 3).map((series) => ({ ...series, matched_title: null }));
    api.fetchSearchResults.mockResolvedValue(found);
    const store = searchResults(listQuery('MANGA', 'a|b'));
    stop.push(store.listen(() => {}));
    await vi.waitFor(() => expect(store.get().data).toBe(found));
    expect(api.fetchSearchResults).toHaveBeenCalledWith('a|b', 'MANGA');
    expect(store.key).toBe('series/search?MANGA|a|b');
  });

  it('kept for Back is answered from what was kept', async () => {
    const kept = page(7, 2);
    restoreAnswers([[searchKey('ALL|kept'), kept]]);
    const store = searchResults(listQuery('ALL', 'kept'));
    stop.push(store.listen(() => {}));
    await vi.waitFor(() => expect(store.get().data).toBe(kept));
    expect(api.fetchSearchResults).not.toHaveBeenCalled();
  });
});
