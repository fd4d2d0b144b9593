import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * ALTCHA challenges whose solution was already accepted, so a solved captcha works once across every API
 * instance sharing this database. A row can go once its challenge has expired.
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    challengeId: text('challenge_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_solutions_expires_at_idx').on(t.expiresAt)],
);
