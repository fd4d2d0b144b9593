import { FORUM_API_TEXTS } from '../../../contract/forum-values';
import styles from './ThreadView.module.css';

/** Why no thread is shown yet: it does not exist, it failed to load, or it is loading. */
export type ThreadNoticeKind = 'missing' | 'failed' | 'loading';

/** What the thread page shows without a thread (the fallback page before its answer, or a failure). */
export default function ThreadNotice({ kind }: { kind: ThreadNoticeKind }) {
  return kind === 'missing' ? (
    <div className={styles.notice}>
      <h1>{FORUM_API_TEXTS.threadNotFound}</h1>
      <p>
        It may have been deleted. <a href="/forum">Back to the forum</a>
      </p>
    </div>
  ) : kind === 'failed' ? (
    <div className={styles.notice} role="alert">
      <h1>Forum thread</h1>
      <p>The thread could not be loaded. Check your connection and reload the page.</p>
    </div>
  ) : (
    <div className={styles.loading} aria-busy="true">
      <span className="visually-hidden">Loading the thread…</span>
    </div>
  );
}
