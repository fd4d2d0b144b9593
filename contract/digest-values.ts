/*
 * The daily digest of unread notifications: the choices of `email_digest`, the texts of its calls and of
 * the account page. Imports nothing, so browser code can use it without pulling zod into its bundle; the
 * schemas are in ./digest.ts, which re-exports all of this.
 */

/** `email_digest`: off by default. */
export const EMAIL_DIGEST_CHOICES = ['never', 'daily'] as const;
export type EmailDigest = (typeof EMAIL_DIGEST_CHOICES)[number];

/** At most one digest per user in this many hours, and only with unread notifications. */
export const DIGEST_MIN_HOURS_APART = 24;
/** The latest unread notifications a digest quotes (the count covers them all). */
export const DIGEST_LATEST_SHOWN = 5;
/** How long the unsubscribe link of a digest keeps working. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

export const DIGEST_API_TEXTS = {
  invalidUnsubscribeLink: 'Invalid or expired link.',
  unsubscribed:
    'You will no longer receive the daily digest. You can turn it back on from your account page.',
} as const;

export const DIGEST_ERROR_CODES = {
  invalidUnsubscribeLink: 'INVALID_UNSUBSCRIBE_LINK',
} as const;

export const DIGEST_TEXT = {
  checkbox: 'E-mail me a daily digest of unread notifications',
  saveFailed: "Couldn't save your e-mail preference. Please try again.",
} as const;
