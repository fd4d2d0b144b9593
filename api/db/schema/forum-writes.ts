import { index, integer, pgEnum, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const FORUM_WRITE_KINDS = ['thread', 'post'] as const;
export type ForumWriteKind = (typeof FORUM_WRITE_KINDS)[number];
export const forumWriteKindEnum = pgEnum('forum_write_kind', FORUM_WRITE_KINDS);

/**
 * Accepted forum writes (a thread or a post created), counted by the per-user rate limits. A log apart
 * from the threads and posts, so deleting what one wrote does not give the writes back, and shared by every
 * instance. Rows older than the longest window are pruned as new ones are written.
 */
export const forumWrites = pgTable(
  'forum_writes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: forumWriteKindEnum('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forum_writes_user_idx').on(t.userId, t.kind, t.createdAt)],
);
