import { relations } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { forumPosts } from './forum-posts';
import { forumThreads } from './forum-threads';
import { users } from './users';

/**
 * Images uploaded into a thread (and, when the post existed, that post). The rows go with their thread or
 * post by cascade; the API reads their keys first and removes the files after the delete commits.
 */
export const forumMedia = pgTable(
  'forum_media',
  {
    id: serial('id').primaryKey(),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forum_media_thread_idx').on(t.threadId), index('forum_media_post_idx').on(t.postId)],
);

export const forumMediaRelations = relations(forumMedia, ({ one }) => ({
  thread: one(forumThreads, { fields: [forumMedia.threadId], references: [forumThreads.id] }),
  post: one(forumPosts, { fields: [forumMedia.postId], references: [forumPosts.id] }),
  uploader: one(users, { fields: [forumMedia.uploaderId], references: [users.id] }),
}));
