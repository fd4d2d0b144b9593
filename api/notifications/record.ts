import { sql } from 'drizzle-orm';
import type { IssueStatus } from '../../contract/issues';
import { queryRows } from '../db/query-rows';
import { forumFollows, forumPosts, issueReports, notifications } from '../db/schema';
import type { Transaction } from '../forum/write-limits';

/*
 * The writes that notify, each run inside the transaction of the write that causes it (a reply, a like, a
 * status change), so a notification exists exactly when its cause was committed. Each answers the users
 * whose unread count changed, for the caller to announce once the transaction has committed
 * (NotificationsService.changed).
 */

/** The user follows the thread (from now, or still); they start it or reply in it, or chose to. */
export async function followThread(tx: Transaction, threadId: number, userId: number): Promise<void> {
  await tx.insert(forumFollows).values({ threadId, userId }).onConflictDoNothing();
}

/**
 * A new post: the author of the post it answers (the thread's original post when it answers none) gets a
 * REPLY; every other follower of the thread a THREAD_REPLY, so no one hears of one post twice; the author
 * of the post, nothing. One statement, whatever the number of followers. The writer follows the thread from
 * now on (after the fan-out, so they are not told of their own post).
 */
export async function notifyNewPost(
  tx: Transaction,
  post: { threadId: number; postId: number; authorId: number; parentId: number | null },
): Promise<number[]> {
  // At most one row, whichever post is answered, so the recipients below need no deduplication.
  const answered = post.parentId
    ? sql`select ${forumPosts.authorId} from ${forumPosts} where ${forumPosts.id} = ${post.parentId}`
    : sql`select ${forumPosts.authorId} from ${forumPosts}
          where ${forumPosts.threadId} = ${post.threadId} and ${forumPosts.isOriginal} limit 1`;
  // The followers, then the answered author unless they follow: two disjoint sets, so `union all` spares
  // the sort a `union` of a thousand followers costs. A null author (a deleted account) matches nothing.
  // The constants are cast because a union cannot infer their type from the target columns. The recipients
  // come back as one array, not a row each: on the embedded engine a thousand result rows cost about a
  // millisecond more to hand over and parse.
  const [row] = await queryRows<{ ids: number[] }>(
    tx,
    sql`with answered(user_id) as (${answered}),
        inserted as (
          insert into ${notifications} (user_id, kind, actor_id, thread_id, post_id)
          select f.user_id,
                 (case when f.user_id = (select user_id from answered) then 'REPLY' else 'THREAD_REPLY' end)::notification_kind,
                 ${post.authorId}::int, ${post.threadId}::int, ${post.postId}::int
          from ${forumFollows} f
          where f.thread_id = ${post.threadId} and f.user_id <> ${post.authorId}
          union all
          select a.user_id, 'REPLY'::notification_kind, ${post.authorId}::int, ${post.threadId}::int, ${post.postId}::int
          from answered a
          where a.user_id <> ${post.authorId}
            and not exists (select 1 from ${forumFollows} f where f.thread_id = ${post.threadId} and f.user_id = a.user_id)
          returning user_id
        )
        select coalesce(array_agg(user_id), '{}') as ids from inserted`,
  );
  await followThread(tx, post.threadId, post.authorId);
  return (row?.ids ?? []).map(Number);
}

/**
 * A like: the post's author hears of it, in the post's unread LIKE group (made by the first like since
 * they last read it). The group's likers are read from the post's likes, so an unlike or a deleted account
 * leaves no stale name; the group's start moves back if a like from an earlier transaction joins it late.
 */
export async function notifyLike(
  tx: Transaction,
  like: { postId: number; likerId: number },
): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`insert into ${notifications} (user_id, kind, actor_id, thread_id, post_id)
        select ${forumPosts.authorId}, 'LIKE', ${like.likerId}, ${forumPosts.threadId}, ${forumPosts.id}
        from ${forumPosts}
        where ${forumPosts.id} = ${like.postId} and ${forumPosts.authorId} is not null
          and ${forumPosts.authorId} <> ${like.likerId}
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

/** A report's status changed: its signed-in reporter hears of it, unless they changed it themselves. */
export async function notifyReportStatus(
  tx: Transaction,
  change: { issueId: number; status: IssueStatus; adminId: number },
): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`insert into ${notifications} (user_id, kind, issue_id, issue_status)
        select ${issueReports.reporterId}, 'REPORT_STATUS', ${issueReports.id}, ${change.status}
        from ${issueReports}
        where ${issueReports.id} = ${change.issueId} and ${issueReports.reporterId} is not null
          and ${issueReports.reporterId} <> ${change.adminId}
        returning user_id`,
  );
  return rows.map((row) => Number(row.user_id));
}

/**
 * Before posts (or a thread) are deleted: who has unread notifications about them, which the posts' delete
 * trigger is about to take.
 */
export async function unreadAbout(
  tx: Transaction,
  about: { postIds: number[] } | { threadId: number },
): Promise<number[]> {
  const where =
    'threadId' in about
      ? sql`post_id in (select ${forumPosts.id} from ${forumPosts} where ${forumPosts.threadId} = ${about.threadId})`
      : sql`post_id in (${sql.join(
          about.postIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  if ('postIds' in about && about.postIds.length === 0) return [];
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`select distinct user_id from ${notifications} where read_at is null and ${where}`,
  );
  return rows.map((row) => Number(row.user_id));
}
