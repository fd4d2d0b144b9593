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

/** The token a stream was opened with: the stream lives as long as the token would open it again. */
export interface StreamSession {
  token: string;
  /** When the token expires, in epoch milliseconds: the stream ends then. */
  expiresAtMs: number;
}

/** One open stream: its token, and the timer that ends it when the token expires. */
interface OpenStream {
  token: string;
  expiry: NodeJS.Timeout | undefined;
}

/** What the streams of a user hear: their unread count, read once for all their streams. */
interface Listener {
  streams: Map<ServerResponse, OpenStream>;
  /** The count last sent, so an unchanged count is not sent again. */
  sent: number | undefined;
}

/** Most users recounted by one query (the size of its `in` list). */
const RECOUNT_BATCH = 1000;
/** setTimeout fires at once for delays above 2^31 - 1 ms (about 24.8 days); longer waits are chained. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

export type OpenOutcome = { kind: 'opened' } | { kind: 'user-limit' } | { kind: 'instance-limit' };

/**
 * The open notification streams of this instance (Server-Sent Events on the raw response): at most
 * `perUser` per user and `perInstance` in all, each sent an `unread` event when it opens and whenever its
 * user's count changes, and a comment line every `heartbeatMs` so proxies and the client see it alive.
 * A stream lives no longer than its token: it ends when the token expires, and when a change to its user
 * makes the token fail (`recheck`: a new token version, the account gone). The client then reconnects and
 * meets the 401 any other call would.
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
    private readonly now: () => number = Date.now,
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

  /**
   * Takes an admitted response whose event-stream headers were sent; it leaves when the client goes, and is
   * ended when the session's token expires.
   */
  add(userId: number, response: ServerResponse, session: StreamSession): void {
    let listener = this.listeners.get(userId);
    if (!listener) {
      listener = { streams: new Map(), sent: undefined };
      this.listeners.set(userId, listener);
    }
    const stream: OpenStream = { token: session.token, expiry: undefined };
    listener.streams.set(response, stream);
    this.open += 1;
    response.once('close', () => this.remove(userId, response));
    // The new stream needs the count even if the others have it.
    listener.sent = undefined;
    this.recount([userId]);
    this.endAt(userId, response, stream, session.expiresAtMs);
  }

  /** After a change to these users' notifications (null: anyone's): their streams hear the new count. */
  changed(userIds: number[] | null): void {
    this.recount(userIds ?? [...this.listeners.keys()]);
  }

  /** Ends the streams of these users here (their account is gone); they are refused if they come back. */
  end(userIds: number[]): void {
    for (const userId of userIds) {
      for (const response of [...(this.listeners.get(userId)?.streams.keys() ?? [])]) {
        this.endStream(userId, response);
      }
    }
  }

  /**
   * After a change to these users (null: anyone, after a gap in listening): ends each of their streams whose
   * token `stillValid` no longer accepts (its version was bumped by a sign-out everywhere, the account is
   * gone). Each distinct token is checked once, one check at a time.
   */
  async recheck(userIds: number[] | null, stillValid: (token: string) => Promise<boolean>): Promise<void> {
    for (const userId of userIds ?? [...this.listeners.keys()]) {
      const streams = this.listeners.get(userId)?.streams;
      if (!streams) continue;
      for (const token of new Set([...streams.values()].map((stream) => stream.token))) {
        if (await stillValid(token)) continue;
        for (const [response, stream] of [...(this.listeners.get(userId)?.streams ?? [])]) {
          if (stream.token === token) this.endStream(userId, response);
        }
      }
    }
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.open;
  }

  /** Ends every stream (the server is stopping): clients reconnect to another instance. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const [userId, listener] of [...this.listeners]) {
      for (const response of [...listener.streams.keys()]) this.endStream(userId, response);
    }
  }

  /** Ends the stream at `atMs`; a timer that fires early, or cannot wait that long, is set again. */
  private endAt(userId: number, response: ServerResponse, stream: OpenStream, atMs: number): void {
    const wait = atMs - this.now();
    if (wait <= 0) {
      this.endStream(userId, response);
      return;
    }
    stream.expiry = setTimeout(
      () => this.endAt(userId, response, stream, atMs),
      Math.min(wait, MAX_TIMER_DELAY_MS),
    );
    stream.expiry.unref();
  }

  /** Forgets one stream and ends its response (the client sees the stream end, and reconnects). */
  private endStream(userId: number, response: ServerResponse): void {
    if (!this.remove(userId, response)) return;
    response.end();
  }

  private remove(userId: number, response: ServerResponse): boolean {
    const listener = this.listeners.get(userId);
    const stream = listener?.streams.get(response);
    if (!listener || !stream) return false;
    clearTimeout(stream.expiry);
    listener.streams.delete(response);
    this.open -= 1;
    if (listener.streams.size === 0) this.listeners.delete(userId);
    return true;
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
    for (const stream of listener.streams.keys()) stream.write(event);
  }

  private beat(): void {
    for (const listener of this.listeners.values())
      for (const stream of listener.streams.keys()) stream.write(':\n\n');
  }
}
