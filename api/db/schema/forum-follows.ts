import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { forumThreads } from './forum-threads';
import { users } from './users';

/**
 * Who follows which thread: its author and everyone who replied in it, and whoever chose to follow it. A
 * new post notifies the followers (THREAD_REPLY).
 */
export const forumFollows = pgTable(
  'forum_follows',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('forum_follows_user_idx').on(t.userId)],
);
