import { sql } from 'drizzle-orm';
import { ISSUE_STATUS_LABELS, type IssueStatus } from '../../contract/issues-values';
import { notificationText, type NotificationKind } from '../../contract/notifications-values';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import type { UnreadNotification, UnreadNotifications } from './digest-job';

interface Row {
  user_id: number;
  unread: number | string;
  kind: NotificationKind;
  thread_id: number | null;
  post_id: number | null;
  thread_title: string | null;
  issue_title: string | null;
  issue_status: IssueStatus | null;
  actor_username: string | null;
  actor_count: number | string;
}

/**
 * The digest's view of the notifications table: per user, the unread count and the latest few, newest
 * first, each with the sentence the site shows (notificationText). A LIKE group's actors are the post's
 * likes since the group began, other than the recipient's own, as on the notifications page.
 */
export function unreadNotificationsIn(db: Database): UnreadNotifications {
  return {
    async unreadFor(userIds, latest) {
      const found = new Map<number, { count: number; latest: UnreadNotification[] }>();
      if (userIds.length === 0) return found;
      const rows = await queryRows<Row>(
        db,
        sql`with unread as (
              select n.*,
                     count(*) over (partition by n.user_id) as unread,
                     row_number() over (partition by n.user_id order by n.updated_at desc, n.id desc) as place
              from notifications n
              where n.read_at is null
                and n.user_id in (${sql.join(
                  userIds.map((id) => sql`${id}`),
                  sql`, `,
                )})
            )
            select u.user_id, u.unread, u.kind, u.thread_id, u.post_id, u.issue_status,
                   t.title as thread_title, i.title as issue_title,
                   case when u.kind = 'LIKE' then likes.latest_liker else actor.username end as actor_username,
                   case when u.kind = 'LIKE' then greatest(likes.likers, 1) else 1 end as actor_count
            from unread u
            left join users actor on actor.id = u.actor_id
            left join forum_threads t on t.id = u.thread_id
            left join issue_reports i on i.id = u.issue_id
            left join lateral (
              select count(*)::int as likers,
                     (select liker.username from forum_likes h2 join users liker on liker.id = h2.user_id
                      where h2.post_id = u.post_id and h2.user_id <> u.user_id and h2.created_at >= u.created_at
                      order by h2.created_at desc limit 1) as latest_liker
              from forum_likes h
              where h.post_id = u.post_id and h.user_id <> u.user_id and h.created_at >= u.created_at
            ) likes on u.kind = 'LIKE'
            where u.place <= ${latest}
            order by u.user_id, u.place`,
      );
      for (const row of rows) {
        const userId = Number(row.user_id);
        let entry = found.get(userId);
        if (!entry) found.set(userId, (entry = { count: Number(row.unread), latest: [] }));
        entry.latest.push({
          text: notificationText({
            kind: row.kind,
            actor_username: row.actor_username,
            actor_count: Number(row.actor_count),
            thread_title: row.thread_title,
            issue_title: row.issue_title,
            issue_status_label: row.issue_status ? ISSUE_STATUS_LABELS[row.issue_status] : null,
          }),
          path:
            row.kind === 'REPORT_STATUS'
              ? '/issues'
              : row.thread_id !== null
                ? `/forum/${row.thread_id}${row.post_id !== null ? `#post-${row.post_id}` : ''}`
                : '/notifications',
        });
      }
      return found;
    },
  };
}
