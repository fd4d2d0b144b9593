import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { forumThreads } from './forum-threads';
import { users } from './users';

/** Posts of a thread, nested by parent: deleting a post deletes its replies (and theirs) by cascade. */
export const forumPosts = pgTable(
  'forum_posts',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => forumPosts.id, { onDelete: 'cascade' }),
    /** The thread's first post, which only goes with its thread. */
    isOriginal: boolean('is_original').notNull().default(false),
    /** null once the author deleted their account: the post stays, shown as "Anonymous". */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    contentMarkdown: text('content_markdown').notNull(),
    /** Kept in the transaction of every like toggle, so it always equals the post's like rows. */
    likeCount: integer('like_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its text last changed; null until the first edit. Earlier texts are in post_revisions. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('forum_posts_thread_idx').on(t.threadId, t.createdAt, t.id),
    index('forum_posts_parent_idx').on(t.parentId),
    index('forum_posts_author_idx').on(t.authorId),
  ],
);

export type ForumPost = typeof forumPosts.$inferSelect;
