import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { reviews } from './reviews';
import { users } from './users';

/** One row per reader who found a review helpful: the primary key makes a mark unique however many race. */
export const reviewHelpfulMarks = pgTable(
  'review_helpful_marks',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index('review_helpful_marks_user_idx').on(t.userId),
  ],
);
