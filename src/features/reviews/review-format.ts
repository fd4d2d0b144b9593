import type { Review } from '../../../contract/reviews';
import { formatCount } from '../catalogue/series-format';

/* What a review shows besides its body, the same pre-rendered and live. */

// Built once: `toLocaleDateString` with options builds a new formatter on every call.
const REVIEW_DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

export function reviewDate(iso: string): string {
  return REVIEW_DATE.format(new Date(iso));
}

export function reviewScoreText(review: Pick<Review, 'score'>): string | null {
  return review.score === null ? null : `Score ${review.score}/10`;
}

export function helpfulCountText(count: number): string {
  return count === 1 ? '1 reader found this helpful' : `${formatCount(count)} readers found this helpful`;
}

/** The address of a series' review list. */
export function seriesReviewsPath(seriesId: number): string {
  return `/series/${seriesId}/reviews`;
}
