import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { emailDigestEnum, userRoleEnum } from './enums';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** Null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    role: userRoleEnum('role').notNull().default('USER'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    googleSubject: text('google_subject'),
    /** Bumped to revoke every token issued before. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The daily digest of unread notifications: off until the user turns it on. */
    emailDigest: emailDigestEnum('email_digest').notNull().default('never'),
    /** When the last digest went out: the next waits DIGEST_MIN_HOURS_APART hours. */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    /** The uploaded avatar's media key (re-encoded to 256 px); null: the profile shows a generated one. */
    avatarKey: text('avatar_key'),
    /** "Show my reading stats on my profile": on until the user turns it off. */
    showReadingStats: boolean('show_reading_stats').notNull().default(true),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_subject_idx').on(t.googleSubject),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
