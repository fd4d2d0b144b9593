import type { Review } from '../../../contract/reviews';

/* What a review shows besides its body, the same pre-rendered and live. */

export function reviewDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function reviewScoreText(review: Pick<Review, 'score'>): string | null {
  return review.score === null ? null : `Score ${review.score}/10`;
}

export function helpfulCountText(count: number): string {
  return count === 1
    ? '1 reader found this helpful'
    : `${count.toLocaleString('en-US')} readers found this helpful`;
}

/** The address of a series' review list. */
export function seriesReviewsPath(seriesId: number): string {
  return `/series/${seriesId}/reviews`;
}
