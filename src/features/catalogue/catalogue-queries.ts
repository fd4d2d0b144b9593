import type { PagedRead } from '../../lib/paged-query';
import { createFetcherStore, queryCache, storeFamily } from '../../lib/query';
import { fetchRankingPage, fetchSearchResults } from './catalogue-api';
import { RANKING_PAGE_SIZE, type RankedSeries, type TypeFilter } from './catalogue-types';
import { takeRestoredAnswer } from './list-return';
import { viewOfKey } from './ranking-view';

/*
 * The ranked lists' reads, in the site's one query cache (lib/query.ts): each page of a list and each
 * search is its own entry, keyed by what it shows, so quick changes never mix their answers. A list left
 * for a series and come back to answers from what it kept (list-return.ts) rather than asking again.
 */

/** A list's query: `{type}|{view key}` for a ranked list (ranking-view.ts), `{type}|{term}` for a search. */
export const listQuery = (type: TypeFilter, viewOrTerm: string): string => `${type}|${viewOrTerm}`;

const RANKING_KEY = 'series/rankings?';
export const rankingPageKey = (query: string, page: number): string => `${RANKING_KEY}${query}&page=${page}`;

export const rankingPages: PagedRead<RankedSeries[]> = {
  key: rankingPageKey,
  fetchPage: (query, page) => {
    // A page the list had when it was left (Back to it) is not asked for again.
    const restored = takeRestoredAnswer<RankedSeries[]>(rankingPageKey(query, page));
    if (restored) return Promise.resolve(restored);
    const [type, view] = query.split(/\|(.*)/s) as [TypeFilter, string];
    return fetchRankingPage({ page, type, view: viewOfKey(view) });
  },
  hasMore: (items) => items.length === RANKING_PAGE_SIZE,
};

/** Page 1 of a list is asked for again: its cached pages are dropped first. */
export function dropRankedPages(query: string): void {
  const prefix = `${RANKING_KEY}${query}&page=`;
  queryCache.invalidateKeys((key) => key.startsWith(prefix));
}

export const searchKey = (query: string): string => `series/search?${query}`;

/** A search's results, one entry per type and term; asked once per page view. */
export const searchResults = storeFamily((query: string) => {
  const [type, term] = query.split(/\|(.*)/s) as [TypeFilter, string];
  return createFetcherStore<RankedSeries[]>(searchKey(query), {
    fetcher: () => {
      const restored = takeRestoredAnswer<RankedSeries[]>(searchKey(query));
      return restored ? Promise.resolve(restored) : fetchSearchResults(term, type);
    },
    dedupeTime: Infinity,
    revalidateOnFocus: false,
  });
});
