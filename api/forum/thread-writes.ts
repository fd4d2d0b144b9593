import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { MAX_THREADS_PER_USER } from '../../contract/forum';
import type { Database } from '../db/client';
import { possibleSerialIds } from '../../contract/http';
import {
  forumMedia,
  forumPosts,
  forumPostSeries,
  forumThreads,
  forumThreadSeries,
  series,
} from '../db/schema';
import type { Queryable, Transaction } from '../db/transaction';
import type { NotificationsService } from '../notifications/service';
import { followThread } from './follows';
import { replacePostText } from './post-revisions';
import { claimShownUploads } from './unclaimed-media';
import { lockWriter, recordWrite, secondsUntilAllowed, type WriteLimit } from './write-limits';

/** The per-user write limits, and how long accepted writes are kept to apply them. */
export interface ForumWriteLimits {
  thread: WriteLimit;
  post: WriteLimit;
}

export function writeLogKeepSeconds(limits: ForumWriteLimits): number {
  return Math.max(limits.thread.windowSeconds, limits.post.windowSeconds);
}

/** The ids that name existing series, in the order given, without repeats. */
export async function existingSeriesIds(db: Queryable, ids: number[]): Promise<number[]> {
  // Ids past the integer column name no series, like any unknown id (and would fail the query).
  const unique = possibleSerialIds([...new Set(ids)]);
  if (unique.length === 0) return [];
  const rows = await db.select({ id: series.id }).from(series).where(inArray(series.id, unique));
  const found = new Set(rows.map((row) => row.id));
  return unique.filter((id) => found.has(id));
}

export async function replaceThreadSeries(
  tx: Transaction,
  threadId: number,
  seriesIds: number[],
): Promise<void> {
  await tx.delete(forumThreadSeries).where(eq(forumThreadSeries.threadId, threadId));
  if (seriesIds.length === 0) return;
  await tx
    .insert(forumThreadSeries)
    .values(seriesIds.map((seriesId, position) => ({ threadId, seriesId, position })))
    .onConflictDoNothing();
}

export async function replacePostMentions(
  tx: Transaction,
  postId: number,
  seriesIds: number[],
): Promise<void> {
  await tx.delete(forumPostSeries).where(eq(forumPostSeries.postId, postId));
  if (seriesIds.length === 0) return;
  await tx
    .insert(forumPostSeries)
    .values(seriesIds.map((seriesId, position) => ({ postId, seriesId, position })))
    .onConflictDoNothing();
}

export interface NewThread {
  authorId: number;
  title: string;
  content: string;
  /** Existing series, in order. */
  seriesIds: number[];
  mentionIds: number[];
  urlOf: (key: string) => string;
}

export type CreateThreadOutcome =
  | { kind: 'created'; threadId: number }
  | { kind: 'thread-limit' }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

/**
 * Creates a thread with its original post, its series references and its post's mentions, in one
 * transaction under the author's write lock: the cap of MAX_THREADS_PER_USER threads and the rate limit hold
 * however many requests race, and only accepted threads count towards the limit.
 */
export async function createThread(
  db: Database,
  thread: NewThread,
  limits: ForumWriteLimits,
): Promise<CreateThreadOutcome> {
  return db.transaction(async (tx) => {
    await lockWriter(tx, thread.authorId);
    const [owned] = await tx
      .select({ threads: count() })
      .from(forumThreads)
      .where(eq(forumThreads.authorId, thread.authorId));
    if ((owned?.threads ?? 0) >= MAX_THREADS_PER_USER) return { kind: 'thread-limit' } as const;
    const wait = await secondsUntilAllowed(tx, thread.authorId, 'thread', limits.thread);
    if (wait !== undefined) return { kind: 'rate-limited', retryAfterSeconds: wait } as const;

    const [created] = await tx
      .insert(forumThreads)
      .values({ authorId: thread.authorId, title: thread.title, postCount: 1 })
      .returning({ id: forumThreads.id });
    const threadId = created!.id;
    const [post] = await tx
      .insert(forumPosts)
      .values({ threadId, authorId: thread.authorId, contentMarkdown: thread.content, isOriginal: true })
      .returning({ id: forumPosts.id });
    await replaceThreadSeries(tx, threadId, thread.seriesIds);
    await replacePostMentions(tx, post!.id, thread.mentionIds);
    await claimShownUploads(tx, {
      threadId,
      postId: post!.id,
      authorId: thread.authorId,
      writerId: thread.authorId,
      content: thread.content,
      urlOf: thread.urlOf,
    });
    await followThread(tx, threadId, thread.authorId);
    await recordWrite(tx, thread.authorId, 'thread', writeLogKeepSeconds(limits));
    return { kind: 'created', threadId } as const;
  });
}

export interface ThreadChanges {
  title?: string | undefined;
  content?: string | undefined;
  /** Existing series, in order; undefined leaves the references as they are. */
  seriesIds?: number[] | undefined;
  /** The original post's mentions, when the content changes. */
  mentionIds?: number[] | undefined;
  editorId: number;
  urlOf: (key: string) => string;
}

/** Changes a thread's title, original post and references together; false when the thread is gone. */
export async function updateThread(db: Database, threadId: number, changes: ThreadChanges): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .update(forumThreads)
      .set({ ...(changes.title !== undefined ? { title: changes.title } : {}), updatedAt: sql`now()` })
      .where(eq(forumThreads.id, threadId))
      .returning({ id: forumThreads.id, authorId: forumThreads.authorId });
    if (!thread) return false;
    if (changes.content !== undefined) {
      const original = await replacePostText(
        tx,
        and(eq(forumPosts.threadId, threadId), eq(forumPosts.isOriginal, true))!,
        changes.content,
      );
      if (original) {
        await replacePostMentions(tx, original.id, changes.mentionIds ?? []);
        await claimShownUploads(tx, {
          threadId,
          postId: original.id,
          authorId: original.authorId,
          writerId: changes.editorId,
          content: changes.content,
          urlOf: changes.urlOf,
        });
      }
    }
    if (changes.seriesIds !== undefined) await replaceThreadSeries(tx, threadId, changes.seriesIds);
    return true;
  });
}

/**
 * Deletes a thread with its posts, likes, references, follows and media rows (by cascade) and the posts'
 * notifications (by the posts' delete trigger).
 * Answers the storage keys of its images, for the caller to remove once the rows are gone, and who lost
 * unread notifications; undefined when there was no thread.
 */
export async function deleteThread(
  db: Database,
  threadId: number,
  notifications: Pick<NotificationsService, 'unreadAbout'>,
): Promise<{ keys: string[]; notified: number[] } | undefined> {
  return db.transaction(async (tx) => {
    const posts = await tx
      .select({ id: forumPosts.id })
      .from(forumPosts)
      .where(eq(forumPosts.threadId, threadId));
    const notified = await notifications.unreadAbout(
      tx,
      posts.map((post) => post.id),
    );
    const media = await tx
      .select({ key: forumMedia.storageKey })
      .from(forumMedia)
      .where(eq(forumMedia.threadId, threadId));
    const deleted = await tx
      .delete(forumThreads)
      .where(eq(forumThreads.id, threadId))
      .returning({ id: forumThreads.id });
    return deleted.length > 0 ? { keys: media.map((row) => row.key), notified } : undefined;
  });
}

export type ThreadFlag = 'locked' | 'latestFirst' | 'pinned';

/** Sets an admin flag; false when the thread is gone. Flags are not activity: updated_at stays. */
export async function setThreadFlag(
  db: Database,
  threadId: number,
  flag: ThreadFlag,
  value: boolean,
): Promise<boolean> {
  const changed = await db
    .update(forumThreads)
    .set({ [flag]: value })
    .where(eq(forumThreads.id, threadId))
    .returning({ id: forumThreads.id });
  return changed.length > 0;
}
