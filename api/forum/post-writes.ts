import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isPossibleSerialId } from '../../contract/http';
import { queryRows } from '../db/query-rows';
import { forumMedia, forumPosts, forumThreads } from '../db/schema';
import type { NotificationsService } from '../notifications/service';
import { followThread, newPostReaders } from './follows';
import { replacePostText } from './post-revisions';
import { replacePostMentions, writeLogKeepSeconds, type ForumWriteLimits } from './thread-writes';
import { claimShownUploads } from './unclaimed-media';
import { lockWriter, recordWrite, secondsUntilAllowed } from './write-limits';

export interface NewPost {
  threadId: number;
  authorId: number;
  parentId?: number | undefined;
  content: string;
  /** Existing series, in order. */
  mentionIds: number[];
  urlOf: (key: string) => string;
}

export type CreatePostOutcome =
  | { kind: 'created'; postId: number; notified: number[] }
  | { kind: 'thread-not-found' }
  | { kind: 'parent-not-found' }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

/**
 * Writes a reply, its mentions, the thread's post count and activity times, and the notifications of the
 * post's readers (the author of the post it answers, the thread's followers) in one transaction, under the
 * author's write lock so the rate limit counts only accepted replies, exactly. The writer follows the thread
 * from now on.
 */
export async function createPost(
  db: Database,
  post: NewPost,
  limits: ForumWriteLimits,
  notifications: Pick<NotificationsService, 'recordPost'>,
): Promise<CreatePostOutcome> {
  return db.transaction(async (tx) => {
    await lockWriter(tx, post.authorId);
    const wait = await secondsUntilAllowed(tx, post.authorId, 'post', limits.post);
    if (wait !== undefined) return { kind: 'rate-limited', retryAfterSeconds: wait } as const;
    if (post.parentId !== undefined) {
      if (!isPossibleSerialId(post.parentId)) return { kind: 'parent-not-found' } as const;
      const [parent] = await tx
        .select({ id: forumPosts.id })
        .from(forumPosts)
        .where(and(eq(forumPosts.id, post.parentId), eq(forumPosts.threadId, post.threadId)))
        .limit(1);
      if (!parent) return { kind: 'parent-not-found' } as const;
    }
    // Takes the thread's row lock: a thread deleted meanwhile is seen here, before the insert.
    const [thread] = await tx
      .update(forumThreads)
      .set({
        postCount: sql`${forumThreads.postCount} + 1`,
        lastPostAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(forumThreads.id, post.threadId))
      .returning({ id: forumThreads.id });
    if (!thread) return { kind: 'thread-not-found' } as const;
    const [created] = await tx
      .insert(forumPosts)
      .values({
        threadId: post.threadId,
        parentId: post.parentId ?? null,
        authorId: post.authorId,
        contentMarkdown: post.content,
      })
      .returning({ id: forumPosts.id });
    const postId = created!.id;
    await replacePostMentions(tx, postId, post.mentionIds);
    await claimShownUploads(tx, { ...post, postId, writerId: post.authorId });
    const readers = await newPostReaders(tx, { threadId: post.threadId, parentId: post.parentId ?? null });
    const notified = await notifications.recordPost(tx, {
      actorId: post.authorId,
      threadId: post.threadId,
      postId,
      ...readers,
    });
    await followThread(tx, post.threadId, post.authorId);
    await recordWrite(tx, post.authorId, 'post', writeLogKeepSeconds(limits));
    return { kind: 'created', postId, notified } as const;
  });
}

/**
 * Replaces a post's text and mentions, keeping the text it replaces as a revision; the thread counts the
 * edit as a change (updated_at).
 */
export async function updatePost(
  db: Database,
  post: {
    threadId: number;
    postId: number;
    /** The author, or an admin editing the post. */
    editorId: number;
    content: string;
    mentionIds: number[];
    urlOf: (key: string) => string;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await replacePostText(
      tx,
      and(eq(forumPosts.id, post.postId), eq(forumPosts.threadId, post.threadId))!,
      post.content,
    );
    if (!updated) return false;
    await replacePostMentions(tx, post.postId, post.mentionIds);
    await claimShownUploads(tx, { ...post, authorId: updated.authorId, writerId: post.editorId });
    await tx
      .update(forumThreads)
      .set({ updatedAt: sql`now()` })
      .where(eq(forumThreads.id, post.threadId));
    return true;
  });
}

/**
 * Deletes a reply with every reply under it (by cascade; their notifications by trigger), keeping the thread's
 * post count and last activity right. Answers the storage keys of the images tied to the deleted posts, for
 * the caller to remove once the rows are gone, and who lost unread notifications; undefined when the post
 * was not in the thread.
 */
export async function deletePost(
  db: Database,
  threadId: number,
  postId: number,
  notifications: Pick<NotificationsService, 'unreadAbout'>,
): Promise<{ keys: string[]; notified: number[] } | undefined> {
  return db.transaction(async (tx) => {
    const subtree = await queryRows<{ id: number }>(
      tx,
      sql`with recursive subtree(id) as (
            select ${forumPosts.id} from ${forumPosts}
            where ${forumPosts.id} = ${postId} and ${forumPosts.threadId} = ${threadId}
            union all
            select p.id from ${forumPosts} p join subtree on p.parent_id = subtree.id
          )
          select id from subtree`,
    );
    if (subtree.length === 0) return undefined;
    const ids = subtree.map((row) => Number(row.id));
    const media = await queryRows<{ key: string }>(
      tx,
      sql`select ${forumMedia.storageKey} as key from ${forumMedia}
          where ${forumMedia.postId} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const notified = await notifications.unreadAbout(tx, ids);
    await tx.delete(forumPosts).where(eq(forumPosts.id, postId));
    await tx
      .update(forumThreads)
      .set({
        postCount: sql`greatest(${forumThreads.postCount} - ${ids.length}, 0)`,
        updatedAt: sql`now()`,
        lastPostAt: sql`coalesce((select max(${forumPosts.createdAt}) from ${forumPosts} where ${forumPosts.threadId} = ${threadId}), ${forumThreads.createdAt})`,
      })
      .where(eq(forumThreads.id, threadId));
    return { keys: media.map((row) => row.key), notified };
  });
}
