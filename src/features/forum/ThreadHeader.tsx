import { useStore } from '@nanostores/react';
import type { Thread } from '../../../contract/forum';
import { FORUM_TEXT } from '../../../contract/forum-values';
import { NOTIFICATION_TEXTS } from '../../../contract/notifications-values';
import { SITE_URL } from '../../lib/site-config';
import { showToast } from '../../ui/toast-store';
import { forumErrorMessage } from './forum-api';
import { $threadSetting, type ThreadSetting, type ThreadTarget } from './thread-queries';
import SeriesRefs from './SeriesRefs';
import styles from './ThreadView.module.css';

export interface ThreadHeaderProps {
  thread: Thread;
  target: ThreadTarget;
  /** Signed in: may follow the thread. */
  signedIn: boolean;
  /** May lock the thread and change its order. */
  admin: boolean;
}

/** The thread page's header: title, status badges, "Report issue", and Follow, Lock and the order. */
export default function ThreadHeader({ thread, target, signedIn, admin }: ThreadHeaderProps) {
  const { loading: busy = false } = useStore($threadSetting);
  const locked = thread.locked;
  const threadUrl = `${SITE_URL}/forum/${thread.id}`;

  const change = async (setting: ThreadSetting, failure: string) => {
    if (busy) return;
    const done = await $threadSetting.mutate({ target, setting });
    if (done === undefined) {
      const error = $threadSetting.get().error;
      showToast(FORUM_TEXT.actionFailedTitle, forumErrorMessage(error, failure), 'error');
    }
  };

  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{thread.title}</h1>
      <div className={styles.headerRow}>
        {(thread.pinned || locked || thread.latest_first) && (
          <ul className={styles.badges} aria-label="Thread status">
            {thread.pinned && <li className={styles.badge}>{FORUM_TEXT.pinned}</li>}
            {locked && <li className={`${styles.badge} ${styles.lockedBadge}`}>{FORUM_TEXT.locked}</li>}
            {thread.latest_first && <li className={styles.badge}>{FORUM_TEXT.latestFirst}</li>}
          </ul>
        )}
        <div className={styles.headerActions}>
          <a className={styles.report} href={`/report-issue?page_url=${encodeURIComponent(threadUrl)}`}>
            {FORUM_TEXT.reportIssue}
          </a>
          {signedIn && (
            <button
              type="button"
              className="button"
              aria-pressed={thread.viewer_following}
              aria-disabled={busy || undefined}
              onClick={() =>
                void change({ follow: !thread.viewer_following }, NOTIFICATION_TEXTS.followFailed)
              }
            >
              {thread.viewer_following ? NOTIFICATION_TEXTS.following : NOTIFICATION_TEXTS.follow}
            </button>
          )}
          {admin && (
            <>
              <button
                type="button"
                className="button"
                aria-disabled={busy || undefined}
                onClick={() => void change({ locked: !locked }, FORUM_TEXT.toggleLockFailed)}
              >
                {locked ? FORUM_TEXT.unlock : FORUM_TEXT.lock}
              </button>
              <button
                type="button"
                className="button"
                aria-disabled={busy || undefined}
                onClick={() => void change({ latestFirst: !thread.latest_first }, FORUM_TEXT.orderingFailed)}
              >
                {thread.latest_first ? FORUM_TEXT.oldestFirstButton : FORUM_TEXT.latestFirstButton}
              </button>
            </>
          )}
        </div>
      </div>
      <SeriesRefs refs={thread.series_refs} variant="cards" label="Series in this thread" />
    </header>
  );
}
