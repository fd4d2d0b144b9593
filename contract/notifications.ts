import { z } from 'zod';
import { bodyId, pageQuery } from './http';
import {
  NOTIFICATION_KINDS,
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_MAX_READ_IDS,
  NOTIFICATIONS_PAGE_SIZE,
} from './notifications-values';

/*
 * Notifications' part of the contract: the list, the unread count, marking read, the live stream and
 * following threads. The kinds, limits and texts are in ./notifications-values, re-exported here.
 */

export * from './notifications-values';

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  created_at: z.string().describe('When it last happened (a LIKE group: its latest like), ISO 8601'),
  read_at: z.string().nullable(),
  actor_username: z
    .string()
    .nullable()
    .describe('Who did it (a LIKE group: the latest liker); null for REPORT_STATUS and deleted accounts'),
  actor_count: z.number().int().describe('People grouped in a LIKE; 1 for the other kinds'),
  thread_id: z.number().int().nullable(),
  thread_title: z.string().nullable(),
  post_id: z.number().int().nullable().describe('The reply (REPLY, THREAD_REPLY) or the liked post (LIKE)'),
  issue_id: z.number().int().nullable(),
  text: z.string().describe('The sentence the site shows'),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationListQuery = z.object({
  ...pageQuery(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE),
});

/** `{ids}` marks those (the caller's own; others' are ignored), `{all: true}` every one. */
export const markReadBody = z.union([
  z.strictObject({ ids: z.array(bodyId).max(NOTIFICATIONS_MAX_READ_IDS) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkReadBody = z.input<typeof markReadBody>;

export const followResultSchema = z.object({ following: z.boolean() });
export type FollowResult = z.infer<typeof followResultSchema>;

export const notificationStreamSchema = z
  .string()
  .describe(
    'text/event-stream: an `unread` event with data `{"unread": n}` at once and after every change, and a ' +
      'comment line as a heartbeat',
  );
