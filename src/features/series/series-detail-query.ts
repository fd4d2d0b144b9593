import { createFetcherStore, queryCache, storeFamily, type FetcherStore } from '../../lib/query';
import { $session, type SessionUser } from '../accounts/session-store';
import { fetchSeriesDetail } from '../catalogue/catalogue-api';
import type { SeriesDetail } from '../catalogue/catalogue-types';

/*
 * The live detail of a series, one cache entry per series and viewer: the series page, its vote panel and
 * its admin editor on one page, and the compare page's cards, all read it from here, so a series page
 * asks for its detail once, and a vote's or an edit's answer shows in every island at once.
 */

/** Whose view of a detail: `vote_scores` holds the caller's own scores, so each user has an entry of their own. */
function viewerOf(user: SessionUser | null): string {
  return user ? `user-${user.id}` : 'visitor';
}

/** The cache key of a series' detail as `user` sees it (a write's optimistic update goes there). */
export function seriesDetailKey(id: number, user: SessionUser | null): string {
  return `series-details/${id}|${viewerOf(user)}`;
}

const stores = storeFamily((key: string) => {
  const id = Number(/^series-details\/(\d+)\|/.exec(key)![1]);
  return createFetcherStore<SeriesDetail>(key, { fetcher: () => fetchSeriesDetail(id) });
});

/** The detail as `user` (the session's user, or null for a visitor) sees it. */
export function seriesDetailStore(id: number, user: SessionUser | null): FetcherStore<SeriesDetail> {
  return stores(seriesDetailKey(id, user));
}

/** Puts a newer detail (a vote's or an admin edit's answer, seen by the current user) in the cache. */
export function publishSeriesDetail(detail: SeriesDetail): void {
  queryCache.mutateCache(seriesDetailKey(detail.series_id, $session.get().user), detail);
}
