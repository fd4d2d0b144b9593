import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { series } from './series';
import { users } from './users';

/**
 * The "Voided votes" log: an admin removed the votes of some accounts on one series (`series_id`) or on
 * every series (null), and why. Kept when the admin's account goes (`admin_username` stays readable).
 */
export const voteVoids = pgTable(
  'vote_voids',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminUsername: text('admin_username').notNull(),
    userIds: integer('user_ids').array().notNull(),
    seriesId: integer('series_id'),
    reason: text('reason').notNull(),
    voidedVotes: integer('voided_votes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vote_voids_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('vote_voids_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
  ],
);

/**
 * Accounts whose votes on a series were voided: they cannot vote on it again. One row per series and user,
 * pointing at the void that set it.
 */
export const voteBans = pgTable(
  'vote_bans',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voidId: integer('void_id')
      .notNull()
      .references(() => voteVoids.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] })],
);

export type VoteVoid = typeof voteVoids.$inferSelect;
