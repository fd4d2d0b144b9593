import { z } from 'zod';
import { USERNAME_PATTERN } from './accounts-values';
import { READING_STATUSES } from './reading-progress-values';
import { PROFILE_ERROR_CODES, PROFILE_TEXTS } from './profiles-values';

/*
 * Public profiles: GET /users/{username} and the avatar upload (PUT /auth/me/avatar). The values and texts
 * are in ./profiles-values, re-exported here.
 */

export * from './profiles-values';

const userNotFound = { detail: PROFILE_TEXTS.userNotFound, code: PROFILE_ERROR_CODES.userNotFound };

/**
 * A username in a path. Anything that cannot be a username (a slash, `..`, a look-alike letter from another
 * alphabet, too long) names no one: 404 "User not found" before any query, like an unknown name.
 */
export const usernameParamsSchema = z.object({
  username: z
    .string()
    .refine((value) => USERNAME_PATTERN.test(value), {
      message: userNotFound.detail,
      params: { notFound: userNotFound },
    })
    .describe('A username, any case (3 to 30 letters, digits, _ . or -)'),
});

export const publicListSchema = z.object({
  name: z.string(),
  share_token: z.string().describe('Opens the list at /reading-lists/public/{share_token}'),
  item_count: z.number().int(),
});
export type PublicList = z.infer<typeof publicListSchema>;

export const readingStatsSchema = z.object({
  status_counts: z
    .record(z.enum(READING_STATUSES), z.number().int())
    .describe('Series per reading status, each status present (0 when none)'),
  chapters_read: z.number().int(),
  score_distribution: z
    .array(z.number().int())
    .length(10)
    .describe('How many series the reader gave each personal score: index 0 is score 1, index 9 is 10'),
  top_genres: z.array(z.object({ genre: z.string(), count: z.number().int() })),
});
export type ReadingStats = z.infer<typeof readingStatsSchema>;

export const userProfileSchema = z.object({
  username: z.string(),
  joined_at: z.string().describe('ISO 8601'),
  avatar_url: z
    .string()
    .nullable()
    .describe('The uploaded avatar (256 px square WebP); null: none, the site draws a generated one'),
  counts: z.object({
    votes: z.number().int().describe('Series the user voted on (any category)'),
    reviews: z.number().int(),
    posts: z.number().int().describe('Forum posts, first posts of threads included'),
  }),
  public_lists: z.array(publicListSchema).describe('Shared lists only; private lists never appear'),
  stats: readingStatsSchema.nullable().describe('null when the owner hides their reading stats'),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const avatarResultSchema = z.object({ avatar_url: z.string() });
export type AvatarResult = z.infer<typeof avatarResultSchema>;
