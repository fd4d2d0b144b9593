/*
 * Public profiles' values in the contract: limits, texts and error codes. Imports nothing but the forum's
 * image limits (an avatar is refused exactly as a forum image is), so browser code can use them without
 * pulling zod into its bundle; the schemas are in ./profiles.ts, which re-exports all of this.
 */
import { FORUM_IMAGE_MAX_BYTES, FORUM_IMAGE_MAX_SIDE } from './forum-values';

/** An uploaded avatar: PNG, JPEG or WebP of at most this many bytes and pixels a side (the forum's limits). */
export const AVATAR_MAX_BYTES = FORUM_IMAGE_MAX_BYTES;
export const AVATAR_MAX_SIDE = FORUM_IMAGE_MAX_SIDE;
/** What an avatar is stored as: a square WebP of this side, cropped to the centre. */
export const AVATAR_SIZE = 256;

/** How many genres a profile's reading stats name, most read first. */
export const PROFILE_TOP_GENRES = 5;

/** Texts of the contract, shown verbatim by clients. */
export const PROFILE_TEXTS = {
  userNotFound: 'User not found',
  showReadingStats: 'Show my reading stats on my profile',
} as const;

/** Codes of the profiles' errors, next to `detail` (see contract/http.ts). */
export const PROFILE_ERROR_CODES = {
  userNotFound: 'USER_NOT_FOUND',
} as const;
