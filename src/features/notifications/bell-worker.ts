/// <reference lib="webworker" />
import { bellLabel, NOTIFICATIONS_UNREAD_EVENT } from '../../../contract/notifications-values';

/**
 * The header bell's live unread count, in a worker the header starts only when a session is stored (so
 * visitors download none of it, and the page's own bundle gains no loader). It reads
 * GET /notifications/stream with `fetch` (the token goes in a header, which EventSource cannot send) and
 * reconnects with exponential backoff, or after the server's Retry-After. Messages in: `{apiUrl, token}`
 * (token null: stop). Messages out: `{unread, label, badge}`, and `{ended: true}` after a 401.
 */

export interface BellStart {
  apiUrl: string;
  token: string | null;
}

/** `badge`: the badge's text, empty when there is nothing unread. */
export type BellMessage = { unread: number; label: string; badge: string } | { ended: true };

const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 60_000;

const scope = self as unknown as DedicatedWorkerGlobalScope;
let current: AbortController | null = null;

/**
 * Reads one stream until it ends. Answers null to stop (the session ended), the server's Retry-After in
 * milliseconds, or undefined to retry after the backoff.
 */
async function readStream(
  { apiUrl, token }: { apiUrl: string; token: string },
  signal: AbortSignal,
  opened: () => void,
): Promise<number | null | undefined> {
  const response = await fetch(`${apiUrl}/notifications/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal,
  });
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
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const data = lines.find((line) => line.startsWith('data:'));
      if (!lines.includes(`event: ${NOTIFICATIONS_UNREAD_EVENT}`) || !data) continue;
      const { unread } = JSON.parse(data.slice(5)) as { unread: number };
      const badge = unread === 0 ? '' : unread > 99 ? '99+' : String(unread);
      scope.postMessage({ unread, label: bellLabel(unread), badge } satisfies BellMessage);
    }
  }
}

function start(apiUrl: string, token: string): void {
  const controller = new AbortController();
  current = controller;
  let delay = FIRST_RETRY_MS;
  void (async () => {
    while (!controller.signal.aborted) {
      let wait: number | null | undefined;
      try {
        wait = await readStream({ apiUrl, token }, controller.signal, () => (delay = FIRST_RETRY_MS));
      } catch {
        wait = undefined;
      }
      if (controller.signal.aborted) return;
      if (wait === null) {
        scope.postMessage({ ended: true } satisfies BellMessage);
        return;
      }
      // Jittered, so the clients of a stopped instance do not all come back at once.
      const pause = wait ?? delay * (0.5 + Math.random() / 2);
      delay = Math.min(delay * 2, LONGEST_RETRY_MS);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  })();
}

scope.addEventListener('message', (event: MessageEvent<BellStart>) => {
  current?.abort();
  current = null;
  if (event.data.token) start(event.data.apiUrl, event.data.token);
});
