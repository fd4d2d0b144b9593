import type { NotificationPage, UnreadCount } from '../../../contract/notifications';
import { NOTIFICATIONS_PAGE_SIZE } from '../../../contract/notifications-values';
import { api } from '../../lib/api-client';

/** The notification calls of the site (the bell's stream is in bell-worker.ts). */

export function fetchNotificationPage(page: number): Promise<NotificationPage> {
  return api<NotificationPage>('/notifications', { query: { page, page_size: NOTIFICATIONS_PAGE_SIZE } });
}

/** Marks notifications read; survives the page being left (opening one navigates away at once). */
export function markNotificationsRead(which: { ids: number[] } | { all: true }): Promise<UnreadCount> {
  return api<UnreadCount>('/notifications/read', { method: 'POST', body: which, keepalive: true });
}

/** Where a notification leads: its post in its thread, or the tracker for a report. */
export function notificationHref(notification: {
  thread_id: number | null;
  post_id: number | null;
  issue_id: number | null;
}): string {
  if (notification.thread_id !== null) {
    const anchor = notification.post_id !== null ? `#post-${notification.post_id}` : '';
    return `/forum/${notification.thread_id}${anchor}`;
  }
  return '/issues';
}
