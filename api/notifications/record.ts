import { sql } from 'drizzle-orm';
import type { IssueStatus } from '../../contract/issues';
import { queryRows } from '../db/query-rows';
import { forumLikes, notifications } from '../db/schema';
import type { Transaction } from '../db/transaction';

/*
 * The writes that notify, each run inside the transaction of the write that causes it (a reply, a like, a
 * status change), so a notification exists exactly when its cause was committed. The feature that writes
 * says who is concerned (a thread's followers, a post's author); these decide who is told and how, and
 * write only the notifications. Nobody is told of their own act. Each answers the users whose unread count
 * changed, for the caller to announce once the transaction has committed (NotificationsService.changed).
 */

/** A new post and who reads it: the author of the post it answers, and the thread's followers. */
export interface NewPostReaders {
  actorId: number;
  threadId: number;
  postId: number;
  /** The author of the post it answers (the thread's original post when it answers none); null: none. */
  answeredAuthorId: number | null;
  followerIds: readonly number[];
}

/**
 * A new post: the author of the post it answers gets a REPLY; every other follower of the thread a
 * THREAD_REPLY, so no one hears of one post twice; its author, nothing. One statement, whatever the number
 * of followers: the recipients go as one array parameter.
 */
export async function recordPost(tx: Transaction, post: NewPostReaders): Promise<number[]> {
  const recipients = new Set(post.followerIds.map(Number));
  if (post.answeredAuthorId !== null) recipients.add(post.answeredAuthorId);
  recipients.delete(post.actorId);
  if (recipients.size === 0) return [];
  const userIds = [...recipients];
  await tx.execute(
    sql`insert into ${notifications} (user_id, kind, actor_id, thread_id, post_id)
        select r.user_id,
               (case when r.user_id = ${post.answeredAuthorId}::int then 'REPLY' else 'THREAD_REPLY' end)::notification_kind,
               ${post.actorId}::int, ${post.threadId}::int, ${post.postId}::int
        from unnest(${sql.param(userIds)}::int4[]) as r(user_id)`,
  );
  return userIds;
}

/**
 * A like: the post's author hears of it, in the post's unread LIKE group (made by the first like since
 * they last read it). The group's likers are read from the post's likes, so an unlike or a deleted account
 * leaves no stale name; the group's start moves back if a like from an earlier transaction joins it late.
 */
export async function recordLike(
  tx: Transaction,
  like: { postId: number; threadId: number; authorId: number | null; likerId: number },
): Promise<number[]> {
  if (like.authorId === null || like.authorId === like.likerId) return [];
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`insert into ${notifications} (user_id, kind, actor_id, thread_id, post_id)
        values (${like.authorId}, 'LIKE', ${like.likerId}, ${like.threadId}, ${like.postId})
        on conflict (user_id, post_id) where kind = 'LIKE' and read_at is null
        do update set actor_id = excluded.actor_id, updated_at = now(),
          created_at = least(${notifications.createdAt}, excluded.created_at)
        returning user_id`,
  );
  return rows.map((row) => Number(row.user_id));
}

/** An unlike: the post's author, whose unread LIKE group may have lost its last liker. */
export async function likeRemoved(
  tx: Transaction,
  like: { postId: number; likerId: number },
): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`select user_id from ${notifications}
        where post_id = ${like.postId} and kind = 'LIKE' and read_at is null and user_id <> ${like.likerId}`,
  );
  return rows.map((row) => Number(row.user_id));
}

/**
 * A report's status changed: its signed-in reporter (`reporterId`, null for a visitor's report) hears of
 * it, unless they changed it themselves.
 */
export async function recordReportStatus(
  tx: Transaction,
  change: { issueId: number; reporterId: number | null; status: IssueStatus; adminId: number },
): Promise<number[]> {
  if (change.reporterId === null || change.reporterId === change.adminId) return [];
  await tx.insert(notifications).values({
    userId: change.reporterId,
    kind: 'REPORT_STATUS',
    issueId: change.issueId,
    issueStatus: change.status,
  });
  return [change.reporterId];
}

/**
 * Before posts are deleted (a thread's included): who has unread notifications about them, which the
 * posts' delete trigger is about to take.
 */
export async function unreadAbout(tx: Transaction, postIds: readonly number[]): Promise<number[]> {
  if (postIds.length === 0) return [];
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`select distinct user_id from ${notifications}
        where read_at is null and post_id = any(${sql.param([...postIds])}::int4[])`,
  );
  return rows.map((row) => Number(row.user_id));
}

/**
 * Before an account's likes go (in its deletion's transaction): the users whose unread LIKE groups it is
 * in. Those groups read their likers from the likes, so they lose its name and count with them, and their
 * recipients' unread counts may drop (a group left with no liker is not shown).
 */
export async function likeGroupsOf(tx: Transaction, userId: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`select distinct n.user_id from ${notifications} n
        join ${forumLikes} h on h.post_id = n.post_id and h.user_id = ${userId}
        where n.kind = 'LIKE' and n.read_at is null`,
  );
  return rows.map((row) => Number(row.user_id));
}
