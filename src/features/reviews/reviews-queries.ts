import type { ReviewList, ReviewSort } from '../../../contract/reviews';
import { createFetcherStore, queryCache, storeFamily, type FetcherStore } from '../../lib/query';
import {
  createReview,
  deleteReview,
  fetchReviews,
  reviewsPath,
  setHelpful,
  updateReview,
  type ReviewFields,
} from './reviews-api';

/*
 * The reviews' reads and writes. A page of a series' reviews is one cache entry per sort, page and reader
 * (each carries the reader's own helpful marks); every write answers with what the API confirmed and
 * invalidates the series' entries, so each list shown refetches what changed. A failure is thrown to the
 * caller, whose form keeps what the reader typed and shows the API's text.
 */

export interface ReviewsPageKey {
  seriesId: number;
  sort: ReviewSort;
  page: number;
  /** The reader, or null for a visitor. */
  userId: number | null;
}

const KEY = /^\/series\/(\d+)\/reviews\?sort=(helpful|newest)&page=(\d+)\|/;

function pageKey({ seriesId, sort, page, userId }: ReviewsPageKey): string {
  return `${reviewsPath(seriesId)}?sort=${sort}&page=${page}|${userId === null ? 'visitor' : `user-${userId}`}`;
}

const stores = storeFamily((key: string) => {
  const [, seriesId, sort, page] = KEY.exec(key)!;
  return createFetcherStore<ReviewList>(key, {
    fetcher: () => fetchReviews(Number(seriesId), sort as ReviewSort, Number(page)),
  });
});

/** A page of a series' reviews as `key.userId` sees it. */
export function reviewsPageStore(key: ReviewsPageKey): FetcherStore<ReviewList> {
  return stores(pageKey(key));
}

function invalidateSeries(seriesId: number): void {
  const prefix = `${reviewsPath(seriesId)}?`;
  queryCache.invalidateKeys((key) => key.startsWith(prefix));
}

export async function postReview(seriesId: number, fields: ReviewFields) {
  const review = await createReview(seriesId, fields);
  invalidateSeries(seriesId);
  return review;
}

export async function editReview(seriesId: number, reviewId: number, fields: ReviewFields) {
  const review = await updateReview(reviewId, fields);
  invalidateSeries(seriesId);
  return review;
}

export async function removeReview(seriesId: number, reviewId: number): Promise<void> {
  await deleteReview(reviewId);
  invalidateSeries(seriesId);
}

export async function markHelpful(seriesId: number, reviewId: number, helpful: boolean) {
  const result = await setHelpful(reviewId, helpful);
  invalidateSeries(seriesId);
  return result;
}
