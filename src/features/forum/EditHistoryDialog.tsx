import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import { FORUM_TEXT } from '../../../contract/forum-values';
import { createFetcherStore } from '../../lib/query';
import Dialog from '../../ui/Dialog';
import { fetchPostRevisions } from './forum-api';
import { formatForumTime } from './forum-format';
import { renderMarkdownOffThread } from './render-markdown';
import styles from './EditHistoryDialog.module.css';
import threadStyles from './ThreadView.module.css';

/** An earlier version as the dialog shows it: its time and its body as safe HTML. */
interface ShownRevision {
  editedAt: string;
  html: string;
}

/** `{thread}/{post}@{edited_at}`: a new edit is a new key, so the dialog never shows an older history. */
const $historyOf = atom<string | null>(null);
const $history = createFetcherStore<ShownRevision[]>(['forum-revisions/', $historyOf], {
  fetcher: async (_prefix, key) => {
    const [, threadId, postId] = /^(\d+)\/(\d+)@/.exec(String(key)) ?? [];
    const revisions = await fetchPostRevisions(Number(threadId), Number(postId));
    // The forum's one sanitizing renderer, as for the posts themselves.
    return Promise.all(
      revisions.map(async (revision) => ({
        editedAt: revision.edited_at,
        html: await renderMarkdownOffThread(revision.content_markdown),
      })),
    );
  },
});

export interface EditHistoryDialogProps {
  threadId: number;
  postId: number;
  /** The post's last edit, which names the history asked for. */
  editedAt: string;
  label: string;
  onClose: () => void;
}

/** "Edit history": every earlier version of a post with its time, newest first (its author and admins). */
export default function EditHistoryDialog({
  threadId,
  postId,
  editedAt,
  label,
  onClose,
}: EditHistoryDialogProps) {
  useEffect(() => {
    $historyOf.set(`${threadId}/${postId}@${editedAt}`);
    return () => $historyOf.set(null);
  }, [threadId, postId, editedAt]);
  const history = useStore($history);

  return (
    <Dialog title={FORUM_TEXT.editHistory} onClose={onClose}>
      <p className={styles.subject}>{label}</p>
      {history.error && !history.data ? (
        <div role="alert" className={styles.status}>
          <p>{FORUM_TEXT.historyFailed}</p>
          <button type="button" className="button" onClick={() => $history.revalidate()}>
            {FORUM_TEXT.tryAgain}
          </button>
        </div>
      ) : !history.data ? (
        <div className={styles.loading} aria-busy="true">
          <span className="visually-hidden">Loading the edit history…</span>
        </div>
      ) : history.data.length === 0 ? (
        <p className={styles.status}>{FORUM_TEXT.noEarlierVersions}</p>
      ) : (
        <ol className={styles.versions} data-edit-history>
          {history.data.map((revision, index) => (
            <li key={`${revision.editedAt}-${index}`} className={styles.version}>
              <time className={styles.time} dateTime={revision.editedAt}>
                {formatForumTime(revision.editedAt, true)}
              </time>
              <div className={threadStyles.body} dangerouslySetInnerHTML={{ __html: revision.html }} />
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
