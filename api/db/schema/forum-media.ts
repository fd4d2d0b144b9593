import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { forumPosts } from './forum-posts';
import { forumThreads } from './forum-threads';
import { users } from './users';

/**
 * Images uploaded into a thread (and, when the post existed, that post). The rows go with their thread or
 * post by cascade; the API reads their keys first and removes the files after the delete commits.
 *
 * An image uploaded while its thread is being written has no thread yet: it belongs to its uploader until a
 * thread or post of theirs that shows it claims it (thread_id and post_id set), and is swept when nothing
 * claimed it within FORUM_UNCLAIMED_MEDIA_GRACE, or with its uploader's account.
 */
export const forumMedia = pgTable(
  'forum_media',
  {
    id: serial('id').primaryKey(),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    /** null while unclaimed: uploaded before its thread existed, and not yet shown by a post. */
    threadId: integer('thread_id').references(() => forumThreads.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forum_media_thread_idx').on(t.threadId),
    index('forum_media_post_idx').on(t.postId),
    // The unclaimed images, by uploader (claims, account deletion) and by age (the sweep).
    index('forum_media_unclaimed_uploader_idx')
      .on(t.uploaderId)
      .where(sql`${t.threadId} is null`),
    index('forum_media_unclaimed_age_idx')
      .on(t.createdAt)
      .where(sql`${t.threadId} is null`),
  ],
);
