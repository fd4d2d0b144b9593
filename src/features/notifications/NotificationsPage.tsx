import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { Notification, NotificationPage } from '../../../contract/notifications';
import { NOTIFICATION_TEXTS as TEXTS } from '../../../contract/notifications-values';
import { usePagedQuery, type PagedRead } from '../../lib/paged-query';
import { useHydrated } from '../../ui/use-hydrated';
import { useSentinel } from '../../ui/use-sentinel';
import { $session, LOGIN_PATH } from '../accounts/session-store';
import { formatForumTime } from '../forum/forum-format';
import { UNREAD_CHANGED_EVENT } from '../accounts/session-keys';
import { fetchNotificationPage, markNotificationsRead, notificationHref } from './notifications-api';
import styles from './NotificationsPage.module.css';

/**
 * The actor whose name starts the notification's sentence, linked to their profile (/u/{name}, written
 * here rather than through profiles' UserLink: this module shares a chunk with pages that show no names);
 * null for none.
 */
function actorOf(item: Notification): string | null {
  const actor = item.actor_username;
  return actor !== null && item.kind !== 'REPORT_STATUS' && item.text.startsWith(actor) ? actor : null;
}

/**
 * The user's notifications, 20 a page; one cache entry per page. `query` is the user and the list's
 * generation: a new generation starts again from the first page (new notifications came).
 */
const notificationPages: PagedRead<NotificationPage> = {
  key: (query, page) => `notifications?page=${page}|${query}`,
  fetchPage: (_query, page) => fetchNotificationPage(page),
  hasMore: (page) => page.has_more,
};

/**
 * /notifications: the signed-in user's notifications, newest first, 20 a page with infinite scroll. Opening
 * one marks it read; "Mark all as read" marks them all. When the bell's count rises, the list reloads from
 * the top. Visitors are sent to log in.
 */
export default function NotificationsPage() {
  const hydrated = useHydrated();
  const session = useStore($session, { ssr: 'initial' });
  const signedIn = session.user !== null;
  const [generation, setGeneration] = useState(0);
  const paged = usePagedQuery(
    notificationPages,
    hydrated && session.user ? `user-${session.user.id}-${generation}` : null,
  );
  // A notification that moved up between two pages' reads (a like joined its group) is shown once.
  const items = useMemo(() => {
    const seen = new Set<number>();
    return paged.pages
      .flatMap((page) => page.items)
      .filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  }, [paged.pages]);
  const phase = paged.loading ? 'loading' : paged.error !== undefined ? 'error' : 'idle';
  /** The unread count the bell or a write told since the first page came, which is newer than the page's. */
  const [toldUnread, setToldUnread] = useState<{ generation: number; unread: number }>();
  const unread = toldUnread?.generation === generation ? toldUnread.unread : (paged.pages[0]?.unread ?? 0);

  useEffect(() => {
    if (hydrated && !signedIn) {
      window.location.assign(`${LOGIN_PATH}?next=${encodeURIComponent('/notifications')}`);
    }
  }, [hydrated, signedIn]);

  // New notifications (the bell's count rose) show at the top: the list starts again.
  const unreadChanged = useEffectEvent((count: number) => {
    if (count > unread) setGeneration((current) => current + 1);
    else setToldUnread({ generation, unread: count });
  });
  useEffect(() => {
    const onChange = (event: Event) =>
      unreadChanged((event as CustomEvent<{ unread: number }>).detail.unread);
    window.addEventListener(UNREAD_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(UNREAD_CHANGED_EVENT, onChange);
  }, []);

  const sentinel = useSentinel<HTMLDivElement>(phase === 'idle' && paged.hasMore, paged.more);

  /** Shows these notifications read in every loaded page, as the API now has them. */
  function showRead(read: (item: Notification) => boolean, unreadNow?: number) {
    const now = new Date().toISOString();
    paged.update((page) => ({
      ...page,
      unread: unreadNow ?? page.unread,
      items: page.items.map((item) =>
        item.read_at === null && read(item) ? { ...item, read_at: now } : item,
      ),
    }));
    if (unreadNow !== undefined) setToldUnread({ generation, unread: unreadNow });
  }

  function open(notification: Notification) {
    if (notification.read_at !== null) return;
    // Sent with keepalive: the link's navigation does not cancel it.
    void markNotificationsRead({ ids: [notification.id] }).then(
      (answer) => showRead((item) => item.id === notification.id, answer.unread),
      () => undefined,
    );
  }

  async function markAll() {
    try {
      const answer = await markNotificationsRead({ all: true });
      showRead(() => true, answer.unread);
    } catch {
      // The list stays as it was; the bell still shows the true count.
    }
  }

  if (!hydrated || !signedIn) return <h1 className={styles.title}>{TEXTS.title}</h1>;

  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <div className={styles.header}>
        <h1 className={styles.title} id="notifications-title">
          {TEXTS.title}
        </h1>
        <button type="button" className="button" onClick={markAll} disabled={unread === 0}>
          {TEXTS.markAllRead}
        </button>
      </div>
      {items.length === 0 && phase === 'idle' ? <p className={styles.empty}>{TEXTS.empty}</p> : null}
      {items.length > 0 ? (
        <ol className={styles.list} role="list">
          {items.map((item) => (
            <li key={item.id} className={styles.item} data-unread={item.read_at === null ? '' : undefined}>
              <span className={styles.text}>
                {actorOf(item) && (
                  <>
                    <a className={styles.actor} href={`/u/${encodeURIComponent(actorOf(item)!)}`}>
                      {actorOf(item)}
                    </a>{' '}
                  </>
                )}
                <a className={styles.open} href={notificationHref(item)} onClick={() => open(item)}>
                  {actorOf(item) ? item.text.slice(actorOf(item)!.length).trimStart() : item.text}
                  {item.read_at === null ? <span className="visually-hidden"> (unread)</span> : null}
                </a>
              </span>
              <time className={styles.time} dateTime={item.created_at}>
                {formatForumTime(item.created_at, true)}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
      {phase === 'loading' ? <div className={styles.skeleton} aria-hidden="true" /> : null}
      {phase === 'error' ? (
        <p className={styles.error} role="alert">
          {TEXTS.loadFailed}{' '}
          <button type="button" className="button" onClick={paged.retry}>
            {TEXTS.tryAgain}
          </button>
        </p>
      ) : null}
      <div ref={sentinel} />
    </section>
  );
}
