import type { HelpfulResult, Review, ReviewList, ReviewSort } from '../../../contract/reviews';
import { api } from '../../lib/api-client';

/** The review calls of the islands (docs/api.md, Reviews). */

export function reviewsPath(seriesId: number): string {
  return `/series/${seriesId}/reviews`;
}

export function fetchReviews(seriesId: number, sort: ReviewSort, page: number): Promise<ReviewList> {
  return api<ReviewList>(reviewsPath(seriesId), { query: { sort, page } });
}

export interface ReviewFields {
  body_markdown: string;
  spoiler: boolean;
}

export function createReview(seriesId: number, fields: ReviewFields): Promise<Review> {
  return api<Review>(reviewsPath(seriesId), { method: 'POST', body: fields });
}

export function updateReview(reviewId: number, fields: ReviewFields): Promise<Review> {
  return api<Review>(`/reviews/${reviewId}`, { method: 'PATCH', body: fields });
}

export function deleteReview(reviewId: number): Promise<void> {
  return api(`/reviews/${reviewId}`, { method: 'DELETE' });
}

export function setHelpful(reviewId: number, helpful: boolean): Promise<HelpfulResult> {
  return api<HelpfulResult>(`/reviews/${reviewId}/helpful`, { method: helpful ? 'POST' : 'DELETE' });
}
