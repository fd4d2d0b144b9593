import { bellLabel, NOTIFICATIONS_UNREAD_EVENT } from '../../../contract/notifications-values';
import { API_URL } from '../../lib/api-client';

/**
 * The header bell's live unread count, loaded by the header only when a session is stored (visitors never
 * download it). It reads GET /notifications/stream with `fetch` (the token goes in a header, which
 * EventSource cannot send) and reconnects with exponential backoff, or after the server's Retry-After.
 */

/** Dispatched on `window` with the latest count, for the notifications page. */
export const UNREAD_CHANGED_EVENT = 'panelrank:unread-changed';

const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 60_000;

let current: AbortController | null = null;

function render(unread: number): void {
  for (const bell of document.querySelectorAll<HTMLElement>('[data-notification-bell]')) {
    bell.setAttribute('aria-label', bellLabel(unread));
    const badge = bell.querySelector<HTMLElement>('[data-unread-count]');
    if (badge) {
      badge.textContent = unread > 99 ? '99+' : String(unread);
      badge.hidden = unread === 0;
    }
  }
  window.dispatchEvent(new CustomEvent(UNREAD_CHANGED_EVENT, { detail: { unread } }));
}

/**
 * Reads one stream until it ends. Answers null to stop (the session ended), the server's Retry-After in
 * milliseconds, or undefined to retry after the backoff.
 */
async function readStream(
  token: string,
  signal: AbortSignal,
  opened: () => void,
): Promise<number | null | undefined> {
  const response = await fetch(`${API_URL}/notifications/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal,
  });
  // The session ended: the rest of the site signs out on its next call.
  if (response.status === 401) return null;
  if (!response.ok || !response.body) {
    const retryAfter = Number(response.headers.get('retry-after'));
    return Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined;
  }
  opened();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return undefined;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      if (!lines.includes(`event: ${NOTIFICATIONS_UNREAD_EVENT}`)) continue;
      const data = lines.find((line) => line.startsWith('data:'));
      if (!data) continue;
      const { unread } = JSON.parse(data.slice(5)) as { unread: number };
      render(unread);
    }
  }
}

/** Keeps the bell live for this token until `stopBell` (sign-out) or a 401. */
export function startBell(token: string): void {
  stopBell();
  const controller = new AbortController();
  current = controller;
  let delay = FIRST_RETRY_MS;
  void (async () => {
    while (!controller.signal.aborted) {
      let wait: number | null | undefined;
      try {
        wait = await readStream(token, controller.signal, () => (delay = FIRST_RETRY_MS));
      } catch {
        wait = undefined;
      }
      if (wait === null || controller.signal.aborted) return;
      // Jittered, so the clients of a stopped instance do not all come back at once.
      const pause = wait ?? delay * (0.5 + Math.random() / 2);
      delay = Math.min(delay * 2, LONGEST_RETRY_MS);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  })();
}

export function stopBell(): void {
  current?.abort();
  current = null;
}
