import type { ServerResponse } from 'node:http';
import type { NotificationPage } from '../../contract/notifications';
import type { DatabaseHandle } from '../db/client';
import { possibleSerialIds } from '../../contract/http';
import type { Transaction } from '../db/transaction';
import type { ChangeFeed } from '../plugins/change-feed';
import { toNotification } from './presenters';
import { countUnread, countUnreadOf, listNotifications, markRead } from './reads';
import {
  likeGroupsOf,
  likeRemoved,
  recordLike,
  recordPost,
  recordReportStatus,
  unreadAbout,
  type NewPostReaders,
} from './record';
import { NotificationStreams, type OpenOutcome, type StreamLimits, type StreamSession } from './stream';

/** The change-feed topic of notifications: the users whose unread count may have changed. */
export const NOTIFICATIONS_TOPIC = 'notifications';
/** The change-feed topic of users whose streams must end on every instance (their account is gone). */
export const STREAMS_ENDED_TOPIC = 'notification-streams-ended';

export interface NotificationsOptions {
  database: Pick<DatabaseHandle, 'db' | 'pglite'>;
  changeFeed: Pick<ChangeFeed, 'subscribe' | 'changed'>;
  streams: StreamLimits;
  onError: (error: unknown) => void;
}

/**
 * Notifications: the list, the unread count, marking read, and the live streams of unread counts. The
 * notifications themselves are recorded in the transaction of the write that causes them: the feature that
 * writes calls `record…` with its transaction and who is concerned (record.ts decides who is told and
 * writes only the notifications), then `changed` with the users told once it committed, and every
 * instance's streams of those users hear their new count.
 */
export class NotificationsService {
  private readonly streams: NotificationStreams;

  constructor(private readonly options: NotificationsOptions) {
    this.streams = new NotificationStreams(
      options.streams,
      (userIds) => countUnreadOf(options.database.db, userIds),
      options.onError,
    );
    options.changeFeed.subscribe(NOTIFICATIONS_TOPIC, ({ ids }) => this.streams.changed(ids));
    // After a gap in listening (ids null) nobody's streams are known to be stale: none is ended.
    options.changeFeed.subscribe(STREAMS_ENDED_TOPIC, ({ ids }) => this.streams.end(ids ?? []));
  }

  async page(
    userId: number,
    { page, pageSize }: { page: number; pageSize: number },
  ): Promise<NotificationPage> {
    const [rows, unread] = await Promise.all([
      listNotifications(this.options.database, userId, { page, pageSize }),
      countUnread(this.options.database, userId),
    ]);
    return {
      items: rows.slice(0, pageSize).map(toNotification),
      page,
      page_size: pageSize,
      has_more: rows.length > pageSize,
      unread,
    };
  }

  unread(userId: number): Promise<number> {
    return countUnread(this.options.database, userId);
  }

  /** Marks the user's own notifications of `ids` (or all) read; the unread count after it. */
  async markRead(userId: number, which: { ids: number[] } | { all: true }): Promise<number> {
    const chosen = 'ids' in which ? { ids: possibleSerialIds(which.ids) } : which;
    const marked = await markRead(this.options.database.db, userId, chosen);
    if (marked > 0) this.changed([userId]);
    return countUnread(this.options.database, userId);
  }

  /* Recording, in the transaction of the write that causes it; `changed` once that committed. */

  /** A new post, to the author of the post it answers and the thread's followers (not its own author). */
  recordPost(tx: Transaction, post: NewPostReaders): Promise<number[]> {
    return recordPost(tx, post);
  }

  /** A like, to the post's author (null: a deleted account), unless they liked their own post. */
  recordLike(
    tx: Transaction,
    like: { postId: number; threadId: number; authorId: number | null; likerId: number },
  ): Promise<number[]> {
    return recordLike(tx, like);
  }

  /** An unlike: who may have lost their unread LIKE group's last liker. */
  likeRemoved(tx: Transaction, like: { postId: number; likerId: number }): Promise<number[]> {
    return likeRemoved(tx, like);
  }

  /** Before these posts are deleted (their notifications go with them): who had unread ones about them. */
  /** Before an account's likes go, in its deletion's transaction: whose LIKE groups it is in (record.ts). */
  accountDeleting(tx: Transaction, userId: number): Promise<number[]> {
    return likeGroupsOf(tx, userId);
  }

  recordReportStatus(tx: Transaction, change: Parameters<typeof recordReportStatus>[1]): Promise<number[]> {
    return recordReportStatus(tx, change);
  }

  unreadAbout(tx: Transaction, postIds: readonly number[]): Promise<number[]> {
    return unreadAbout(tx, postIds);
  }

  /**
   * After a committed write changed these users' notifications (null: anyone's, such as an account
   * deletion taking likes from many groups): their streams here and on every instance hear the new count.
   */
  changed(userIds: number[] | null): void {
    if (userIds !== null && userIds.length === 0) return;
    void this.options.changeFeed.changed(NOTIFICATIONS_TOPIC, userIds && [...new Set(userIds)]);
  }

  /**
   * The account is gone: its open streams end at once, here and on every instance (its token no longer
   * opens new ones).
   */
  accountDeleted(userId: number): Promise<void> {
    return this.options.changeFeed.changed(STREAMS_ENDED_TOPIC, [userId]);
  }

  /** Whether the user may open one more stream here. */
  admitStream(userId: number): OpenOutcome {
    return this.streams.admit(userId);
  }

  /** An admitted stream whose headers were sent; it ends when the session's token expires. */
  addStream(userId: number, response: ServerResponse, session: StreamSession): void {
    this.streams.add(userId, response, session);
  }

  /**
   * After a change to these users (null: anyone's) was announced, here or on another instance: their
   * streams here whose token `stillValid` refuses now (signed out everywhere, the account gone) end.
   */
  sessionsChanged(userIds: number[] | null, stillValid: (token: string) => Promise<boolean>): void {
    this.streams.recheck(userIds, stillValid).catch(this.options.onError);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  closeStreams(): void {
    this.streams.close();
  }
}
