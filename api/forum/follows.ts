import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { forumFollows, forumThreads } from '../db/schema';
import { followThread } from '../notifications/record';

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
