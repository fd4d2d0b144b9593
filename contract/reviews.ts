import { z } from 'zod';
import { pathId } from './http';

/*
 * Written reviews of a series (docs/features/reviews.md): the calls' bodies and answers, the limits and every
 * text and error code of the feature.
 */

/** A review's length, counted in characters after trimming. */
export const REVIEW_MIN_LENGTH = 100;
export const REVIEW_MAX_LENGTH = 10_000;
/** Reviews per page of a series' list. */
export const REVIEWS_PAGE_SIZE = 20;
/** Reviews a user may post per hour (REVIEW_RATE_LIMIT_MAX and _WINDOW change it). */
export const REVIEWS_PER_HOUR = 5;

export const REVIEW_SORTS = ['helpful', 'newest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Every text of the feature: the API's answers and the site's labels. */
export const REVIEW_TEXTS = {
  tooShort: `Reviews need at least ${REVIEW_MIN_LENGTH} characters.`,
  tooLong: `Reviews can be at most ${REVIEW_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  controlCharacters: 'Reviews cannot contain control characters.',
  alreadyReviewed: 'You have already reviewed this series.',
  notFound: 'Review not found',
  notYours: 'You can only edit or delete your own reviews.',
  ownHelpful: 'You cannot mark your own review as helpful.',
  tooFast: 'You have posted too many reviews. Please try again later.',
  spoilerLabel: 'Contains spoilers',
  showSpoilers: 'Show spoilers',
  helpful: 'Helpful',
} as const;

export const REVIEW_ERROR_CODES = {
  tooShort: 'REVIEW_TOO_SHORT',
  tooLong: 'REVIEW_TOO_LONG',
  controlCharacters: 'REVIEW_CONTROL_CHARACTERS',
  alreadyReviewed: 'REVIEW_EXISTS',
  notFound: 'REVIEW_NOT_FOUND',
  notYours: 'REVIEW_NOT_YOURS',
  ownHelpful: 'REVIEW_OWN_HELPFUL',
  rateLimited: 'RATE_LIMITED',
} as const;

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: nothing a reader types.
 * (NUL is refused for every body before this, as a 422.)
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** A review's length as the limits count it: characters (code points) after trimming. */
export function reviewLength(text: string): number {
  return Array.from(text.trim()).length;
}

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
