import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Media files no longer named by the database, removed from storage once `deleteAfter` has passed (a grace
 * period, so pre-rendered pages, CDN copies and other instances' caches stop naming them first). Any
 * instance sweeps due rows; a row is deleted in the same transaction that claims it.
 */
export const mediaDeletions = pgTable(
  'media_deletions',
  {
    key: text('key').primaryKey(),
    deleteAfter: timestamp('delete_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('media_deletions_due_idx').on(t.deleteAfter)],
);
