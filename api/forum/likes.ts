import { and, eq, sql } from 'drizzle-orm';
import type { LikeResult } from '../../contract/forum';
import type { Database } from '../db/client';
import type { Transaction } from '../db/transaction';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/postgres-errors';
import { forumLikes, forumPosts } from '../db/schema';
import type { NotificationsService } from '../notifications/service';

/**
 * Toggles the user's like of a post and answers the new count, with the users whose notifications changed
 * (a like joins the author's unread LIKE group in the same transaction); undefined when the post is not in
 * the thread.
 *
 * Exact under any concurrency: the like row's primary key (post, user) decides whether a like exists, and
 * the count moves by one only when this transaction actually inserted or deleted that row, in a single
 * UPDATE that takes the post's row lock and re-reads the committed count. Two toggles by one user racing
 * each other end with one row at most and a count that matches it.
 */
export async function toggleLike(
  db: Database,
  { threadId, postId, userId }: { threadId: number; postId: number; userId: number },
  notifications: Pick<NotificationsService, 'recordLike' | 'likeRemoved'>,
): Promise<(LikeResult & { notified: number[] }) | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [post] = await tx
        .select({ id: forumPosts.id })
        .from(forumPosts)
        .where(and(eq(forumPosts.id, postId), eq(forumPosts.threadId, threadId)))
        .limit(1);
      if (!post) return undefined;
      const removed = await tx
        .delete(forumLikes)
        .where(and(eq(forumLikes.postId, postId), eq(forumLikes.userId, userId)))
        .returning({ postId: forumLikes.postId });
      const liked = removed.length === 0;
      const added = liked
        ? await tx
            .insert(forumLikes)
            .values({ postId, userId })
            .onConflictDoNothing()
            .returning({ postId: forumLikes.postId })
        : [];
      const delta = liked ? added.length : -1;
      // The post's author is read under its row lock, so an account deleted meanwhile is seen.
      const [counted] = await tx
        .update(forumPosts)
        .set({ likeCount: sql`greatest(${forumPosts.likeCount} + ${delta}, 0)` })
        .where(eq(forumPosts.id, postId))
        .returning({ count: forumPosts.likeCount, authorId: forumPosts.authorId });
      if (!counted) return undefined;
      const like = { postId, threadId, authorId: counted.authorId, likerId: userId };
      const notified = !liked
        ? await notifications.likeRemoved(tx, like)
        : added.length > 0
          ? await notifications.recordLike(tx, like)
          : [];
      return { count: counted.count, hearted: liked, notified };
    });
  } catch (error) {
    // The post was deleted between the check and the insert.
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) return undefined;
    throw error;
  }
}

/**
 * An account's likes go with it (in the account deletion's transaction), each taking one off its post's
 * count as an unlike would: the like row first, then the post, the order a like toggle takes them in.
 */
export async function deleteLikesOf(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(
    sql`with unliked as (
        delete from ${forumLikes} where ${forumLikes.userId} = ${userId} returning ${forumLikes.postId} as post_id
      )
      update ${forumPosts} set like_count = greatest(${forumPosts.likeCount} - 1, 0)
      where ${forumPosts.id} in (select post_id from unliked)`,
  );
}
