import { sql } from 'drizzle-orm';
import type { IssueStatus } from '../../contract/issues';
import type { NotificationKind } from '../../contract/notifications';
import type { Database, DatabaseHandle } from '../db/client';
import { queryRowsPrepared } from '../db/prepared-query';
import { executeCounting, queryRows } from '../db/query-rows';
import { forumLikes, forumThreads, issueReports, notifications, users } from '../db/schema';

/** A notification with what its sentence names, as the list reads it. */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  updated_at: Date | string;
  read_at: Date | string | null;
  actor_username: string | null;
  actor_count: number;
  thread_id: number | null;
  thread_title: string | null;
  post_id: number | null;
  issue_id: number | null;
  issue_title: string | null;
  issue_status: IssueStatus | null;
}

/**
 * A LIKE group's likers: the post's likes by others than its author since the group started, up to when it
 * was read. A group whose likes were all taken back (unliked, or their accounts deleted) is not shown.
 */
const likeGroupShown = sql`(n.kind <> 'LIKE' or exists (
  select 1 from ${forumLikes} h
  where h.post_id = n.post_id and h.user_id <> n.user_id and h.created_at >= n.created_at
    and (n.read_at is null or h.created_at <= n.read_at)))`;

/**
 * The reads of every page view (the list and the unread count) are prepared on the embedded engine, which
 * plans in the API's process: planning the list's joins took longer than running them.
 */
type Reader = Pick<DatabaseHandle, 'db' | 'pglite'>;

/** The user's unread notifications. */
export async function countUnread(database: Reader, userId: number): Promise<number> {
  const [row] = await queryRowsPrepared<{ unread: number }>(
    database,
    sql`select count(*)::int as unread from ${notifications} n
        where n.user_id = ${userId} and n.read_at is null and ${likeGroupShown}`,
  );
  return Number(row?.unread ?? 0);
}

/**
 * The unread counts of these users, by one grouped count; a user with none is left out. The ids go as one
 * array: PostgreSQL searches a list of a thousand parameters (`in ($1, …)`) row by row, and that made
 * counting for 2,000 streams take seconds.
 */
export async function countUnreadOf(db: Database, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ user_id: number; unread: number }>(
    db,
    sql`select n.user_id, count(*)::int as unread from ${notifications} n
        where n.user_id = any(${`{${userIds.join(',')}}`}::int[]) and n.read_at is null and ${likeGroupShown}
        group by n.user_id`,
  );
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.unread)]));
}

/** A page of the user's notifications, latest first; one row more than asked, to tell if more follow. */
export async function listNotifications(
  database: Reader,
  userId: number,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<NotificationRow[]> {
  // The page is chosen first, in the order of notifications_user_idx, so the likers are read for its rows
  // alone, and page 1 reads 21 index entries, not all of the user's notifications.
  return queryRowsPrepared<NotificationRow>(
    database,
    sql`with page as (
          select * from ${notifications} n
          where n.user_id = ${userId} and ${likeGroupShown}
          order by n.updated_at desc, n.id desc
          limit ${pageSize + 1} offset ${(page - 1) * pageSize}
        )
        select n.id, n.kind, n.updated_at, n.read_at, n.thread_id, n.post_id, n.issue_id, n.issue_status,
          t.title as thread_title, i.title as issue_title,
          case when n.kind = 'LIKE' then likers.latest else actor.username end as actor_username,
          case when n.kind = 'LIKE' then likers.count else 1 end as actor_count
        from page n
        left join ${users} actor on actor.id = n.actor_id
        left join ${forumThreads} t on t.id = n.thread_id
        left join ${issueReports} i on i.id = n.issue_id
        left join lateral (
          select count(*)::int as count,
                 (array_agg(u.username order by h.created_at desc, h.user_id desc))[1] as latest
          from ${forumLikes} h join ${users} u on u.id = h.user_id
          where n.kind = 'LIKE' and h.post_id = n.post_id and h.user_id <> n.user_id
            and h.created_at >= n.created_at and (n.read_at is null or h.created_at <= n.read_at)
        ) likers on true
        order by n.updated_at desc, n.id desc`,
  );
}

/** Marks the user's notifications read: those of `ids` that are theirs, or all. Others' ids are ignored. */
export async function markRead(db: Database, userId: number, which: { ids: number[] } | { all: true }) {
  if ('ids' in which && which.ids.length === 0) return 0;
  const chosen =
    'ids' in which
      ? sql`and id in (${sql.join(
          which.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  return executeCounting(
    db,
    sql`update ${notifications} set read_at = now()
        where user_id = ${userId} and read_at is null ${chosen}`,
  );
}
