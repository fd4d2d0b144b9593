import { expect } from 'vitest';
import type { Notification, NotificationPage } from '../../contract/notifications';
import type { TestServer } from './harness';

/** The notification calls, as a client makes them. */
export function notificationCalls(server: TestServer) {
  return {
    list: (token: string | undefined, query = '') => server.request(`/notifications${query}`, { token }),
    unreadCount: (token: string | undefined) => server.request('/notifications/unread-count', { token }),
    read: (token: string | undefined, body: unknown) =>
      server.request('/notifications/read', { method: 'POST', token, json: body }),
    follow: (token: string | undefined, threadId: number | string) =>
      server.request(`/forum/threads/${threadId}/follow`, { method: 'POST', token }),
    unfollow: (token: string | undefined, threadId: number | string) =>
      server.request(`/forum/threads/${threadId}/follow`, { method: 'DELETE', token }),
  };
}

export async function notificationPage(
  server: TestServer,
  token: string,
  query = '',
): Promise<NotificationPage> {
  const response = await notificationCalls(server).list(token, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as NotificationPage;
}

export async function notificationsOf(server: TestServer, token: string): Promise<Notification[]> {
  return (await notificationPage(server, token, '?page_size=100')).items;
}

export async function unreadOf(server: TestServer, token: string): Promise<number> {
  const response = await notificationCalls(server).unreadCount(token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { unread: number }).unread;
}

class StreamEnded extends Error {
  constructor() {
    super('the stream ended');
  }
}

/** One parsed Server-Sent Event, or a comment line (`comment`). */
export type StreamMessage = { event: string; data: string } | { comment: string };

/**
 * An open notification stream read as the site reads it (fetch, bearer header): `next(predicate)` waits for
 * the next message that matches, `close()` ends it.
 */
export async function openStream(server: Pick<TestServer, 'url'>, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/notifications/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pending: StreamMessage[] = [];
  async function nextMessage(): Promise<StreamMessage> {
    for (;;) {
      if (pending.length > 0) return pending.shift()!;
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) {
          pending.push({ comment: block.slice(1) });
        } else {
          const fields = Object.fromEntries(
            block
              .split('\n')
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          pending.push({ event: fields.event ?? 'message', data: fields.data ?? '' });
        }
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new StreamEnded();
      buffer += value;
    }
  }
  return {
    response,
    async next(matches: (message: StreamMessage) => boolean = () => true): Promise<StreamMessage> {
      for (;;) {
        const message = await nextMessage();
        if (matches(message)) return message;
      }
    },
    /** The next `unread` event's count. */
    async nextUnread(): Promise<number> {
      const message = await this.next((m) => 'event' in m && m.event === 'unread');
      return (JSON.parse((message as { data: string }).data) as { unread: number }).unread;
    },
    /** Resolves once the server ended the stream (the messages before the end are skipped). */
    async ended(): Promise<void> {
      try {
        for (;;) await nextMessage();
      } catch (error) {
        if (!(error instanceof StreamEnded)) throw error;
      }
    },
    close() {
      controller.abort();
    },
  };
}
