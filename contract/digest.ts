import { z } from 'zod';
import { EMAIL_DIGEST_CHOICES } from './digest-values';

/*
 * The daily digest's part of the contract: the account's preferences (PUT /auth/me/preferences, which also
 * sets the profile's "Show my reading stats"; GET /auth/me carries both) and the one-click unsubscribe of its e-mails (RFC 8058). The values and texts
 * are in ./digest-values, re-exported here.
 */

export * from './digest-values';

export const emailDigestSchema = z
  .enum(EMAIL_DIGEST_CHOICES)
  .describe('"daily": a digest of unread notifications at most once a day; "never" (the default): none');

export const showReadingStatsSchema = z
  .boolean()
  .describe('"Show my reading stats on my profile": true (the default) or false');

/** Either preference or both; a field left out is kept. A body with neither is 422. */
export const preferencesBodySchema = z
  .object({
    email_digest: emailDigestSchema.optional(),
    show_reading_stats: showReadingStatsSchema.optional(),
  })
  .refine((body) => body.email_digest !== undefined || body.show_reading_stats !== undefined, {
    message: 'is required: email_digest or show_reading_stats',
    path: ['email_digest'],
  });
export type PreferencesBody = z.infer<typeof preferencesBodySchema>;
export const preferencesSchema = z.object({
  email_digest: emailDigestSchema,
  show_reading_stats: showReadingStatsSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const unsubscribeQuerySchema = z.object({
  token: z.string().max(512).optional().describe("The signed token of the digest's unsubscribe link"),
});
export const unsubscribeResultSchema = z.object({
  email_digest: z.literal('never'),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
