import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { forumPosts } from './forum-posts';

/**
 * Earlier versions of a post, one row per edit that changed its text, written in the edit's transaction.
 * `edited_at` is the version's own time, when it became the post's text: the post's creation for the
 * first version, the edit that wrote it for later ones (the current text's time is the post's
 * `edited_at`). Deleting a post deletes its revisions by cascade.
 */
export const forumPostRevisions = pgTable(
  'post_revisions',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    contentMarkdown: text('content_markdown').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('post_revisions_post_idx').on(t.postId, t.editedAt, t.id)],
);

export type ForumPostRevision = typeof forumPostRevisions.$inferSelect;
