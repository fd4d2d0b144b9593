/*
 * Notifications, the values of the contract: kinds, page sizes, stream limits and every text the API and
 * the site show. Imports nothing, so browser code (the header bell) can use it without pulling zod into its
 * bundle; the schemas are in ./notifications.ts, which re-exports all of this.
 */

/**
 * REPLY: someone replied to the user's post; THREAD_REPLY: someone posted in a thread they follow; LIKE:
 * people liked their post (grouped per post while unread); REPORT_STATUS: an admin moved an issue they
 * reported while signed in.
 */
export const NOTIFICATION_KINDS = ['REPLY', 'THREAD_REPLY', 'LIKE', 'REPORT_STATUS'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
/** Ids one "mark as read" call may name. */
export const NOTIFICATIONS_MAX_READ_IDS = 1000;

/** The stream's one event: the caller's unread count, `{"unread": n}`. */
export const NOTIFICATIONS_UNREAD_EVENT = 'unread';

/** Every text of the feature, verbatim where the product rules give it. */
export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  empty: 'No notifications yet.',
  markAllRead: 'Mark all as read',
  loadFailed: 'Could not load your notifications.',
  tryAgain: 'Try again',
  bellLabel: 'Notifications',
  follow: 'Follow',
  following: 'Following',
  followFailed: 'Could not change whether you follow this thread.',
  tooManyStreams: 'Too many open notification streams. Close another tab and try again.',
  streamsBusy: 'The server is handling too many notification streams. Please try again shortly.',
  anonymous: 'Anonymous',
} as const;

/** The bell's accessible name, with the count the badge shows. */
export function bellLabel(unread: number): string {
  return unread === 0 ? NOTIFICATION_TEXTS.bellLabel : `${NOTIFICATION_TEXTS.bellLabel} (${unread} unread)`;
}

/** The sentence a notification shows; `actor` is null once the actor deleted their account. */
export function notificationText(notification: {
  kind: NotificationKind;
  actor_username: string | null;
  actor_count: number;
  thread_title: string | null;
  issue_title?: string | null;
  issue_status_label?: string | null;
}): string {
  const actor = notification.actor_username ?? NOTIFICATION_TEXTS.anonymous;
  const thread = notification.thread_title ?? '';
  switch (notification.kind) {
    case 'REPLY':
      return `${actor} replied to your post in “${thread}”`;
    case 'THREAD_REPLY':
      return `${actor} posted in “${thread}”`;
    case 'LIKE': {
      const others = notification.actor_count - 1;
      if (others <= 0) return `${actor} liked your post`;
      return `${actor} and ${others} ${others === 1 ? 'other' : 'others'} liked your post`;
    }
    case 'REPORT_STATUS':
      return `Your report “${notification.issue_title ?? ''}” is now ${notification.issue_status_label ?? ''}`;
  }
}

/** Error codes of the feature, next to `detail`. */
export const NOTIFICATION_ERROR_CODES = {
  tooManyStreams: 'TOO_MANY_STREAMS',
  streamsBusy: 'STREAMS_BUSY',
} as const;
