import { z } from 'zod';
import { EMAIL_DIGEST_CHOICES } from './digest-values';

/*
 * The daily digest's part of the contract: the account's preference (PUT /auth/me/preferences; GET
 * /auth/me carries it too) and the one-click unsubscribe of its e-mails (RFC 8058). The values and texts
 * are in ./digest-values, re-exported here.
 */

export * from './digest-values';

export const emailDigestSchema = z
  .enum(EMAIL_DIGEST_CHOICES)
  .describe('"daily": a digest of unread notifications at most once a day; "never" (the default): none');

export const preferencesBodySchema = z.object({ email_digest: emailDigestSchema });
export type PreferencesBody = z.infer<typeof preferencesBodySchema>;
export const preferencesSchema = z.object({ email_digest: emailDigestSchema });
export type Preferences = z.infer<typeof preferencesSchema>;

export const unsubscribeQuerySchema = z.object({
  token: z.string().max(512).optional().describe("The signed token of the digest's unsubscribe link"),
});
export const unsubscribeResultSchema = z.object({
  email_digest: z.literal('never'),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
