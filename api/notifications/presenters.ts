import { ISSUE_STATUS_LABELS } from '../../contract/issues';
import { notificationText, type Notification } from '../../contract/notifications';
import type { NotificationRow } from './reads';

export function toNotification(row: NotificationRow): Notification {
  const actorCount = Number(row.actor_count);
  return {
    id: Number(row.id),
    kind: row.kind,
    created_at: new Date(row.updated_at).toISOString(),
    read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
    actor_username: row.kind === 'REPORT_STATUS' ? null : row.actor_username,
    actor_count: actorCount,
    thread_id: row.thread_id === null ? null : Number(row.thread_id),
    thread_title: row.thread_title,
    post_id: row.post_id === null ? null : Number(row.post_id),
    issue_id: row.issue_id === null ? null : Number(row.issue_id),
    text: notificationText({
      kind: row.kind,
      actor_username: row.actor_username,
      actor_count: actorCount,
      thread_title: row.thread_title,
      issue_title: row.issue_title,
      issue_status_label: row.issue_status && ISSUE_STATUS_LABELS[row.issue_status],
    }),
  };
}
