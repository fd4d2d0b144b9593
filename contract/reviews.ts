import { z } from 'zod';
import { cursorId, pathId } from './http';
import {
  REVIEW_ERROR_CODES,
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
  REVIEW_SORTS,
  REVIEW_TEXTS,
  REVIEWS_ON_SERIES_PAGE,
  TOP_REVIEWS_MAX_PAGE_SIZE,
} from './reviews-values';

/*
 * Written reviews of a series (docs/features/reviews.md): the calls' bodies and answers, with the values they
 * use (./reviews-values.ts, re-exported here so the API imports one module).
 */

export * from './reviews-values';

export const reviewSchema = z.object({
  id: z.number().int(),
  series_id: z.number().int(),
  author_username: z.string(),
  body_markdown: z.string().describe('Markdown as written (trimmed); clients sanitize it when rendering'),
  spoiler: z.boolean().describe('"Contains spoilers": the body is hidden until the reader asks for it'),
  score: z
    .number()
    .int()
    .nullable()
    .describe("The author's personal score of the series from their reading lists, when set"),
  helpful_count: z.number().int(),
  viewer_found_helpful: z.boolean().describe('Whether the caller marked it helpful (false for visitors)'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.object({
  items: z.array(reviewSchema),
  total: z.number().int(),
  has_more: z.boolean(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

export const reviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS).default('helpful'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/** The body is checked by the API (trimmed length, control characters) so each rule has its own answer. */
const bodyMarkdown = z
  .string()
  .describe(`Markdown, ${REVIEW_MIN_LENGTH}–${REVIEW_MAX_LENGTH} characters after trimming`);

export const reviewCreateSchema = z.object({
  body_markdown: bodyMarkdown,
  spoiler: z.boolean().default(false),
});
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;

export const reviewUpdateSchema = z.object({
  body_markdown: bodyMarkdown.optional(),
  spoiler: z.boolean().optional(),
});
export type ReviewUpdate = z.infer<typeof reviewUpdateSchema>;

export const reviewIdParams = z.object({
  id: pathId({ detail: REVIEW_TEXTS.notFound, code: REVIEW_ERROR_CODES.notFound }),
});

export const helpfulResultSchema = z.object({
  helpful_count: z.number().int(),
  viewer_found_helpful: z.boolean(),
});
export type HelpfulResult = z.infer<typeof helpfulResultSchema>;

/** GET /series/top-reviews (for static builds): each series' most helpful reviews, paged by series id. */
export const topReviewsQuerySchema = z.object({
  after_id: cursorId.default(0).describe('Start after this series id (the last one of the previous page)'),
  page_size: z.coerce.number().int().min(1).max(TOP_REVIEWS_MAX_PAGE_SIZE).default(TOP_REVIEWS_MAX_PAGE_SIZE),
});
export const topReviewsSchema = z.object({
  items: z
    .array(
      z.object({
        series_id: z.number().int(),
        total: z.number().int().describe("The series' review count"),
        top: z
          .array(reviewSchema)
          .max(REVIEWS_ON_SERIES_PAGE)
          .describe('Most helpful first (as `sort=helpful`), as a visitor sees them'),
      }),
    )
    .describe('Series that have reviews, in id order; a series without one is left out'),
  has_more: z.boolean(),
});
export type TopReviews = z.infer<typeof topReviewsSchema>;
