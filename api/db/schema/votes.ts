import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { voteCategoryEnum } from './enums';
import { series } from './series';
import { users } from './users';

export const votes = pgTable(
  'votes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    category: voteCategoryEnum('category').notNull(),
    score: smallint('score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('votes_user_series_category_idx').on(t.userId, t.seriesId, t.category),
    index('votes_series_idx').on(t.seriesId),
    // Recent votes, for the review of unusual voting (the last 24 hours).
    index('votes_created_idx').on(t.createdAt),
    check('votes_score_range', sql`${t.score} between 1 and 10`),
  ],
);

/** One row per (series, user) who voted at all: inserting it race-free is how voter_count stays exact. */
export const seriesVoters = pgTable(
  'series_voters',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] })],
);

export type Vote = typeof votes.$inferSelect;
