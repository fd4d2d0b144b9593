/*
 * Written reviews, the values of the contract: limits, sorts, every text and error code the API and the site
 * use (docs/features/reviews.md). Imports nothing, so browser code can use it without pulling zod into its
 * bundle; the schemas are in ./reviews.ts, which re-exports all of this.
 */

/** A review's length, counted in characters after trimming. */
export const REVIEW_MIN_LENGTH = 100;
export const REVIEW_MAX_LENGTH = 10_000;
/** Reviews per page of a series' list. */
export const REVIEWS_PAGE_SIZE = 20;
/** Reviews a user may post per hour (REVIEW_RATE_LIMIT_MAX and _WINDOW change it). */
export const REVIEWS_PER_HOUR = 5;
/** The most helpful reviews a series page shows (pre-rendered). */
export const REVIEWS_ON_SERIES_PAGE = 3;
/** Most series one page of GET /series/top-reviews holds. */
export const TOP_REVIEWS_MAX_PAGE_SIZE = 1000;

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
  heading: 'Reviews',
  allReviews: 'All reviews',
  write: 'Write a review',
  sortHelpful: 'Most helpful',
  sortNewest: 'Newest',
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
