import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { forumFollows, forumPosts, forumThreads } from '../db/schema';
import type { Transaction } from '../db/transaction';

/*
 * Thread follows (`forum_follows`): a follower hears of every new post in the thread. Writing a thread or a
 * reply follows it; anyone may follow or stop following.
 */

/** The user follows the thread (from now, or still); they start it or reply in it, or chose to. */
export async function followThread(tx: Transaction, threadId: number, userId: number): Promise<void> {
  await tx.insert(forumFollows).values({ threadId, userId }).onConflictDoNothing();
}

/**
 * Who reads a new post, inside its transaction: the author of the post it answers (the thread's original
 * post when it answers none; null for a deleted account) and the thread's followers, in one statement. The
 * followers come back as one array, not a row each: on the embedded engine a thousand result rows cost
 * about a millisecond more to hand over and parse.
 */
export async function newPostReaders(
  tx: Transaction,
  post: { threadId: number; parentId: number | null },
): Promise<{ answeredAuthorId: number | null; followerIds: number[] }> {
  const answered = post.parentId
    ? sql`select ${forumPosts.authorId} from ${forumPosts} where ${forumPosts.id} = ${post.parentId}`
    : sql`select ${forumPosts.authorId} from ${forumPosts}
          where ${forumPosts.threadId} = ${post.threadId} and ${forumPosts.isOriginal} limit 1`;
  const [row] = await queryRows<{ answered: number | null; followers: number[] }>(
    tx,
    sql`select (${answered}) as answered,
          coalesce((select array_agg(f.user_id) from ${forumFollows} f where f.thread_id = ${post.threadId}), '{}') as followers`,
  );
  return {
    answeredAuthorId: row?.answered == null ? null : Number(row.answered),
    followerIds: (row?.followers ?? []).map(Number),
  };
}

/**
 * Follows or stops following a thread; false when there is no thread. The thread's row is locked first, so
 * a follow never outlives a thread deleted meanwhile.
 */
export async function setFollowing(
  db: Database,
  { threadId, userId, following }: { threadId: number; userId: number; following: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ id: forumThreads.id })
      .from(forumThreads)
      .where(eq(forumThreads.id, threadId))
      .for('share');
    if (!thread) return false;
    if (following) await followThread(tx, threadId, userId);
    else
      await tx
        .delete(forumFollows)
        .where(and(eq(forumFollows.threadId, threadId), eq(forumFollows.userId, userId)));
    return true;
  });
}

/** Who follows the thread, for the thread's answer to each of them (`viewer_following`). */
export async function threadFollowers(db: Database, threadId: number): Promise<Set<number>> {
  const rows = await db
    .select({ userId: forumFollows.userId })
    .from(forumFollows)
    .where(eq(forumFollows.threadId, threadId));
  return new Set(rows.map((row) => row.userId));
}

/** Which of these threads the user follows, for a list's answer to them (`viewer_following`). */
export async function followedAmong(db: Database, userId: number, threadIds: number[]): Promise<Set<number>> {
  if (threadIds.length === 0) return new Set();
  const rows = await db
    .select({ threadId: forumFollows.threadId })
    .from(forumFollows)
    .where(and(eq(forumFollows.userId, userId), inArray(forumFollows.threadId, threadIds)));
  return new Set(rows.map((row) => row.threadId));
}
