import type { ServerResponse } from 'node:http';
import { NOTIFICATIONS_UNREAD_EVENT } from '../../contract/notifications';

export interface StreamLimits {
  /** Open streams one user may hold on this instance (tabs, devices). */
  perUser: number;
  /** Open streams this instance holds in all. */
  perInstance: number;
  /** Time between two heartbeat comments, in milliseconds. */
  heartbeatMs: number;
}

/** What the streams of a user hear: their unread count, read once for all their streams. */
interface Listener {
  streams: Set<ServerResponse>;
  /** The count last sent, so an unchanged count is not sent again. */
  sent: number | undefined;
}

/** Most users recounted by one query (the size of its `in` list). */
const RECOUNT_BATCH = 1000;

export type OpenOutcome = { kind: 'opened' } | { kind: 'user-limit' } | { kind: 'instance-limit' };

/**
 * The open notification streams of this instance (Server-Sent Events on the raw response): at most
 * `perUser` per user and `perInstance` in all, each sent an `unread` event when it opens and whenever its
 * user's count changes, and a comment line every `heartbeatMs` so proxies and the client see it alive.
 */
export class NotificationStreams {
  private readonly listeners = new Map<number, Listener>();
  private open = 0;
  private readonly heartbeat: NodeJS.Timeout;
  /** Users to recount; one recount runs at a time and takes every user asked for meanwhile. */
  private readonly due = new Set<number>();
  private recounting = false;

  constructor(
    private readonly limits: StreamLimits,
    /** The unread counts of these users (a user with none may be left out). */
    private readonly countUnread: (userIds: number[]) => Promise<Map<number, number>>,
    private readonly onError: (error: unknown) => void,
  ) {
    this.heartbeat = setInterval(() => this.beat(), limits.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Whether one more stream of the user may open now. */
  admit(userId: number): OpenOutcome {
    if ((this.listeners.get(userId)?.streams.size ?? 0) >= this.limits.perUser) return { kind: 'user-limit' };
    if (this.open >= this.limits.perInstance) return { kind: 'instance-limit' };
    return { kind: 'opened' };
  }

  /** Takes an admitted response whose event-stream headers were sent; it leaves when the client goes. */
  add(userId: number, response: ServerResponse): void {
    let listener = this.listeners.get(userId);
    if (!listener) {
      listener = { streams: new Set(), sent: undefined };
      this.listeners.set(userId, listener);
    }
    listener.streams.add(response);
    this.open += 1;
    response.once('close', () => this.remove(userId, response));
    // The new stream needs the count even if the others have it.
    listener.sent = undefined;
    this.recount([userId]);
  }

  /** After a change to these users' notifications (null: anyone's): their streams hear the new count. */
  changed(userIds: number[] | null): void {
    this.recount(userIds ?? [...this.listeners.keys()]);
  }

  /** Ends the streams of these users here (their account is gone); they are refused if they come back. */
  end(userIds: number[]): void {
    for (const userId of userIds) {
      const listener = this.listeners.get(userId);
      if (!listener) continue;
      this.listeners.delete(userId);
      this.open -= listener.streams.size;
      for (const stream of listener.streams) stream.end();
    }
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.open;
  }

  /** Ends every stream (the server is stopping): clients reconnect to another instance. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const listener of this.listeners.values()) for (const stream of listener.streams) stream.end();
    this.listeners.clear();
    this.open = 0;
  }

  private remove(userId: number, response: ServerResponse): void {
    const listener = this.listeners.get(userId);
    if (!listener?.streams.delete(response)) return;
    this.open -= 1;
    if (listener.streams.size === 0) this.listeners.delete(userId);
  }

  /**
   * Recounts these users' unread notifications and sends the counts that changed. The users asked for
   * while a recount runs wait for it and go in the next, so a write that concerns thousands of open
   * streams costs a few grouped counts, not one query each.
   */
  private recount(userIds: Iterable<number>): void {
    for (const userId of userIds) if (this.listeners.has(userId)) this.due.add(userId);
    if (this.recounting || this.due.size === 0) return;
    this.recounting = true;
    const batch = [...this.due].slice(0, RECOUNT_BATCH);
    for (const userId of batch) this.due.delete(userId);
    this.countUnread(batch)
      .then((counts) => {
        for (const userId of batch) this.send(userId, counts.get(userId) ?? 0);
      })
      .catch(this.onError)
      .finally(() => {
        this.recounting = false;
        this.recount([]);
      });
  }

  private send(userId: number, unread: number): void {
    const listener = this.listeners.get(userId);
    if (!listener || unread === listener.sent) return;
    listener.sent = unread;
    const event = `event: ${NOTIFICATIONS_UNREAD_EVENT}\ndata: ${JSON.stringify({ unread })}\n\n`;
    for (const stream of listener.streams) stream.write(event);
  }

  private beat(): void {
    for (const listener of this.listeners.values())
      for (const stream of listener.streams) stream.write(':\n\n');
  }
}
