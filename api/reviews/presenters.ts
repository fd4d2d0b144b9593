import type { Review } from '../../contract/reviews';
import type { ReviewRow } from './repository';

const isoTime = (value: Date | string) => new Date(value).toISOString();

/** A review row as the contract answers it. */
export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    series_id: row.series_id,
    author_username: row.author_username,
    body_markdown: row.body_markdown,
    spoiler: row.spoiler,
    score: row.score === null ? null : Number(row.score),
    helpful_count: Number(row.helpful_count),
    viewer_found_helpful: Boolean(row.viewer_found_helpful),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}
