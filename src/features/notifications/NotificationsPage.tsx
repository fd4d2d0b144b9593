import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Notification } from '../../../contract/notifications';
import { NOTIFICATION_TEXTS as TEXTS } from '../../../contract/notifications-values';
import { useHydrated } from '../../ui/use-hydrated';
import { useSentinel } from '../../ui/use-sentinel';
import { $session, LOGIN_PATH } from '../accounts/session-store';
import { formatForumTime } from '../forum/forum-format';
import { UNREAD_CHANGED_EVENT } from '../accounts/session-keys';
import { fetchNotificationPage, markNotificationsRead, notificationHref } from './notifications-api';
import styles from './NotificationsPage.module.css';

type Phase = 'loading' | 'idle' | 'error';

/**
 * /notifications: the signed-in user's notifications, newest first, 20 a page with infinite scroll. Opening
 * one marks it read; "Mark all as read" marks them all. When the bell's count rises, the list reloads from
 * the top. Visitors are sent to log in.
 */
export default function NotificationsPage() {
  const hydrated = useHydrated();
  const session = useStore($session, { ssr: 'initial' });
  const signedIn = session.user !== null;
  const [items, setItems] = useState<Notification[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const [unread, setUnread] = useState(0);
  const [phase, setPhase] = useState<Phase>('loading');
  const latest = useRef(0);

  useEffect(() => {
    if (hydrated && !signedIn) {
      window.location.assign(`${LOGIN_PATH}?next=${encodeURIComponent('/notifications')}`);
    }
  }, [hydrated, signedIn]);

  /** Loads a page; page 1 starts the list afresh. Sets no state before the answer, so effects may call it. */
  function fetchPage(next: number) {
    const request = ++latest.current;
    fetchNotificationPage(next).then(
      (answer) => {
        if (request !== latest.current) return;
        setItems((shown) => {
          if (next === 1) return answer.items;
          const seen = new Set(shown.map((item) => item.id));
          return [...shown, ...answer.items.filter((item) => !seen.has(item.id))];
        });
        setPage(next);
        setHasMore(answer.has_more);
        setUnread(answer.unread);
        setPhase('idle');
      },
      () => {
        if (request !== latest.current) return;
        setPhase('error');
      },
    );
  }

  function loadPage(next: number) {
    setPhase('loading');
    fetchPage(next);
  }

  useEffect(() => {
    if (hydrated && signedIn) fetchPage(1);
  }, [hydrated, signedIn]);

  // New notifications (the bell's count rose) show at the top.
  const unreadChanged = useEffectEvent((count: number) => {
    if (count > unread) fetchPage(1);
    else setUnread(count);
  });
  useEffect(() => {
    const onChange = (event: Event) =>
      unreadChanged((event as CustomEvent<{ unread: number }>).detail.unread);
    window.addEventListener(UNREAD_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(UNREAD_CHANGED_EVENT, onChange);
  }, []);

  const sentinel = useSentinel<HTMLDivElement>(phase === 'idle' && hasMore && page > 0, () =>
    loadPage(page + 1),
  );

  function open(notification: Notification) {
    if (notification.read_at !== null) return;
    // Sent with keepalive: the link's navigation does not cancel it.
    void markNotificationsRead({ ids: [notification.id] }).catch(() => undefined);
  }

  async function markAll() {
    try {
      const answer = await markNotificationsRead({ all: true });
      const now = new Date().toISOString();
      setItems((shown) => shown.map((item) => (item.read_at ? item : { ...item, read_at: now })));
      setUnread(answer.unread);
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
            <li key={item.id}>
              <a
                className={styles.item}
                href={notificationHref(item)}
                data-unread={item.read_at === null ? '' : undefined}
                onClick={() => open(item)}
              >
                <span className={styles.text}>{item.text}</span>
                <time className={styles.time} dateTime={item.created_at}>
                  {formatForumTime(item.created_at, true)}
                </time>
                {item.read_at === null ? <span className="visually-hidden"> (unread)</span> : null}
              </a>
            </li>
          ))}
        </ol>
      ) : null}
      {phase === 'loading' ? <div className={styles.skeleton} aria-hidden="true" /> : null}
      {phase === 'error' ? (
        <p className={styles.error} role="alert">
          {TEXTS.loadFailed}{' '}
          <button type="button" className="button" onClick={() => loadPage(Math.max(page + 1, 1))}>
            Try again
          </button>
        </p>
      ) : null}
      <div ref={sentinel} />
    </section>
  );
}
