import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { forumPostRevisions, forumPosts } from '../db/schema';
import type { Transaction } from '../db/transaction';

/**
 * Replaces the text of the post `where` selects (one post), inside the edit's transaction: when the text
 * changes, the text it replaces is kept as a revision with its own time (the post's creation or its last
 * edit) and the post's `edited_at` becomes now. An edit that leaves the text as it was keeps no revision
 * and does not mark the post edited. Answers the post's id and author, or undefined when there is none.
 */
export async function replacePostText(
  tx: Transaction,
  where: SQL,
  content: string,
): Promise<{ id: number; authorId: number | null } | undefined> {
  // The row lock orders concurrent edits of one post, so each keeps the text it really replaced.
  const [current] = await tx
    .select({
      id: forumPosts.id,
      authorId: forumPosts.authorId,
      content: forumPosts.contentMarkdown,
      createdAt: forumPosts.createdAt,
      editedAt: forumPosts.editedAt,
    })
    .from(forumPosts)
    .where(where)
    .limit(1)
    .for('update');
  if (!current) return undefined;
  const changed = current.content !== content;
  if (changed) {
    await tx.insert(forumPostRevisions).values({
      postId: current.id,
      contentMarkdown: current.content,
      editedAt: current.editedAt ?? current.createdAt,
    });
  }
  await tx
    .update(forumPosts)
    .set({
      contentMarkdown: content,
      updatedAt: sql`now()`,
      ...(changed ? { editedAt: sql`now()` } : {}),
    })
    .where(eq(forumPosts.id, current.id));
  return { id: current.id, authorId: current.authorId };
}

export interface PostRevisionRow {
  contentMarkdown: string;
  editedAt: Date;
}

/** A post's earlier versions, newest first. */
export async function postRevisions(db: Database, postId: number): Promise<PostRevisionRow[]> {
  return db
    .select({ contentMarkdown: forumPostRevisions.contentMarkdown, editedAt: forumPostRevisions.editedAt })
    .from(forumPostRevisions)
    .where(eq(forumPostRevisions.postId, postId))
    .orderBy(desc(forumPostRevisions.editedAt), desc(forumPostRevisions.id));
}
