import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { forumPosts } from './forum-posts';
import { users } from './users';

/** One row per user and liked post: the primary key makes a like unique however many requests race. */
export const forumLikes = pgTable(
  'forum_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('forum_likes_user_idx').on(t.userId)],
);
