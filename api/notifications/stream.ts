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

/** What a stream of a user hears: their unread count, read once for all their streams. */
interface Listener {
  streams: Set<ServerResponse>;
  /** The count last sent, so an unchanged count is not sent again. */
  sent: number | undefined;
  /** A recount is under way; `again` asks for one more after it (a change arrived meanwhile). */
  counting: boolean;
  again: boolean;
}

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

  constructor(
    private readonly limits: StreamLimits,
    private readonly countUnread: (userId: number) => Promise<number>,
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
      listener = { streams: new Set(), sent: undefined, counting: false, again: false };
      this.listeners.set(userId, listener);
    }
    listener.streams.add(response);
    this.open += 1;
    response.once('close', () => this.remove(userId, response));
    // The new stream needs the count even if the others have it.
    listener.sent = undefined;
    this.recount(userId);
  }

  /** After a change to these users' notifications (null: anyone's): their streams hear the new count. */
  changed(userIds: number[] | null): void {
    for (const userId of userIds ?? [...this.listeners.keys()]) {
      if (this.listeners.has(userId)) this.recount(userId);
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

  private recount(userId: number): void {
    const listener = this.listeners.get(userId);
    if (!listener) return;
    if (listener.counting) {
      listener.again = true;
      return;
    }
    listener.counting = true;
    listener.again = false;
    this.countUnread(userId)
      .then((unread) => {
        if (unread === listener.sent) return;
        listener.sent = unread;
        const event = `event: ${NOTIFICATIONS_UNREAD_EVENT}\ndata: ${JSON.stringify({ unread })}\n\n`;
        for (const stream of listener.streams) stream.write(event);
      })
      .catch(this.onError)
      .finally(() => {
        listener.counting = false;
        if (listener.again) this.recount(userId);
      });
  }

  private beat(): void {
    for (const listener of this.listeners.values())
      for (const stream of listener.streams) stream.write(':\n\n');
  }
}
