import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { issueStatusEnum, notificationKindEnum } from './enums';

/**
 * What a user is told about: written in the transaction of the write that causes it. A deleted post,
 * thread, report or recipient takes its notifications with it: not by foreign keys, which would cost each
 * of a fan-out's thousand rows a trigger call per key, but by one statement-level trigger per deletion of
 * users, posts or reports (migration 0014; docs/decisions/notification-fan-out-keys.md).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    /** The recipient; their account's deletion takes the row (trigger on `users`). */
    userId: integer('user_id').notNull(),
    kind: notificationKindEnum('kind').notNull(),
    /**
     * Who did it. No foreign key: a reply to a thread with a thousand followers writes a thousand rows, and
     * each key costs every row a trigger call (docs/decisions/notification-fan-out-keys.md). An
     * actor whose account is gone finds no user, so the readers' left join shows "Anonymous", as a null
     * would; ids are never reused. A LIKE's actors are read from the post's likes instead (see
     * `created_at`), so a liker's account deletion or unlike is seen.
     */
    actorId: integer('actor_id'),
    /**
     * The post's thread, for its title and link. Nothing needed when the thread goes: every notification
     * with a thread has its post, whose deletion takes it, and a thread's deletion takes its posts.
     */
    threadId: integer('thread_id'),
    /** The reply (REPLY, THREAD_REPLY) or the liked post (LIKE); its deletion takes the row (trigger). */
    postId: integer('post_id'),
    /** REPORT_STATUS: the report; its deletion takes the row (trigger on `issue_reports`). */
    issueId: integer('issue_id'),
    /** REPORT_STATUS: the status the report was moved to. */
    issueStatus: issueStatusEnum('issue_status'),
    /**
     * When it happened; a LIKE group's likes are those of the post since this time (until `read_at`), and
     * a new like in an unread group moves it to `updated_at` for ordering.
     */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest event of the notification (a LIKE group's latest like): the list's order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // NULLS FIRST is what a plain `desc` in ORDER BY means: with the NULLS LAST drizzle-kit writes by
    // default, the list could not read a page in index order and sorted all of the user's notifications.
    index('notifications_user_idx').on(t.userId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // One unread LIKE group per post and recipient: a new like joins it with ON CONFLICT.
    uniqueIndex('notifications_unread_like_idx')
      .on(t.userId, t.postId)
      .where(sql`${t.kind} = 'LIKE' and ${t.readAt} is null`),
    // What lets `thread_id` go without a key: a notification about a thread is about one of its posts.
    check('notifications_thread_has_post', sql`${t.threadId} is null or ${t.postId} is not null`),
    // What the deletion triggers and the unread-about lookups find rows by. Only report notifications have
    // an issue, so the others are left out of its index rather than each adding a null entry.
    index('notifications_post_idx').on(t.postId),
    index('notifications_issue_idx')
      .on(t.issueId)
      .where(sql`${t.issueId} is not null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
