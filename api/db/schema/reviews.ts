import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { series } from './series';
import { users } from './users';

/**
 * A reader's written review of a series: at most one per reader and series (the unique index holds it
 * however many requests race). The body is markdown, stored as written and sanitized where it is rendered.
 * Deleting the account or the series deletes its reviews.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bodyMarkdown: text('body_markdown').notNull(),
    /** "Contains spoilers": the body is hidden until the reader asks for it. */
    spoiler: boolean('spoiler').notNull().default(false),
    /** Kept in the transaction of every helpful mark, so it always equals the review's mark rows. */
    helpfulCount: integer('helpful_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_series_user_idx').on(t.seriesId, t.userId),
    // The series' reviews, most helpful first and newest first (the two orders of its review list).
    index('reviews_series_helpful_idx').on(t.seriesId, t.helpfulCount.desc(), t.createdAt.desc(), t.id),
    index('reviews_series_newest_idx').on(t.seriesId, t.createdAt.desc(), t.id),
    // A profile's recent reviews.
    index('reviews_user_idx').on(t.userId, t.createdAt.desc()),
    check('reviews_helpful_count_not_negative', sql`${t.helpfulCount} >= 0`),
  ],
);

export type Review = typeof reviews.$inferSelect;
