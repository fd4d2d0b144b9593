import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { Thread } from '../../../contract/forum';
import {
  FORUM_API_TEXTS,
  FORUM_ERROR_CODES,
  FORUM_TEXT,
  FORUM_TITLE_MAX_LENGTH,
  MAX_SERIES_MENTIONS,
  MAX_THREAD_SERIES_REFS,
  mentionedSeriesIds,
} from '../../../contract/forum-values';
import { useQuery } from '../../lib/use-query';
import Dialog from '../../ui/Dialog';
import Toaster from '../../ui/Toaster';
import { showToast } from '../../ui/toast-store';
import { $session } from '../accounts/session-store';
import PostEditor from './editor/PostEditor';
import { createThread, errorCode, forumErrorMessage, updateThread } from './forum-api';
import { threadStore } from './forum-queries';
import styles from './ThreadList.module.css';

export type ThreadFormTarget = { kind: 'create' } | { kind: 'edit'; thread: Thread };

export interface ThreadFormDialogProps {
  target: ThreadFormTarget;
  onClose: () => void;
  onSaved: (thread: Thread) => void;
}

/**
 * "+ New Thread" and a thread's Edit: the title and the original post in the editor. The series
 * the body mentions are sent as the thread's referenced series.
 */
export default function ThreadFormDialog({ target, onClose, onSaved }: ThreadFormDialogProps) {
  const editing = target.kind === 'edit' ? target.thread : null;
  const [title, setTitle] = useState(editing?.title ?? '');
  const { user } = useStore($session);
  // Editing needs the original post's markdown, which the list does not carry: the thread as the thread
  // page reads it.
  const original = useQuery(editing ? threadStore(editing.id, user) : null);
  const [typed, setTyped] = useState<string | null>(null);
  // The editor starts from the first answer; later polls of the thread do not change what it shows.
  const [loaded, setLoaded] = useState<string | null>(null);
  if (loaded === null && original.data) setLoaded(original.data.posts[0]?.content_markdown ?? '');
  const body = typed ?? (editing ? loaded : '');
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const loadError = editing && original.data === undefined ? original.error : undefined;
  useEffect(() => {
    if (loadError === undefined) return;
    showToast(
      FORUM_TEXT.saveFailedTitle,
      forumErrorMessage(loadError, FORUM_TEXT.updateThreadFallback),
      'error',
    );
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure; onClose is a new function each render
  }, [loadError]);

  const submit = async () => {
    if (busy || body === null) return;
    const cleanTitle = title.trim();
    const content = body.trim();
    if (!cleanTitle || !content) {
      showToast(FORUM_TEXT.missingInfo, FORUM_API_TEXTS.titleAndContentRequired, 'warning');
      return;
    }
    const seriesIds = mentionedSeriesIds(content);
    if (seriesIds.length > MAX_SERIES_MENTIONS) {
      showToast(FORUM_TEXT.mentionsCap, FORUM_API_TEXTS.tooManyMentions, 'warning');
      return;
    }
    if (seriesIds.length > MAX_THREAD_SERIES_REFS) {
      showToast(FORUM_TEXT.limitReached, FORUM_API_TEXTS.tooManyRefs, 'warning');
      return;
    }
    setBusy(true);
    const input = { title: cleanTitle, first_post_markdown: content, series_ids: seriesIds };
    try {
      const saved = editing ? await updateThread(editing.id, input) : await createThread(input);
      // The cached thread has the old post; the next reader asks again.
      if (editing) threadStore(editing.id, user).invalidate();
      showToast(editing ? FORUM_TEXT.threadUpdated : FORUM_TEXT.threadCreated, saved.title, 'success');
      onSaved(saved);
    } catch (error) {
      if (!editing && errorCode(error) === FORUM_ERROR_CODES.threadLimit) {
        showToast(FORUM_TEXT.threadLimitTitle, FORUM_TEXT.threadLimitBody, 'warning');
      } else if (editing) {
        showToast(FORUM_TEXT.saveFailedTitle, forumErrorMessage(error, FORUM_TEXT.saveFailed), 'error');
      } else {
        showToast(FORUM_TEXT.createFailedTitle, forumErrorMessage(error, FORUM_TEXT.createFailed), 'error');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={editing ? 'Edit thread' : 'New thread'} onClose={onClose}>
      <Toaster inDialog />
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={styles.field}>
          <label htmlFor={titleId}>Title</label>
          <input
            id={titleId}
            className={styles.titleInput}
            value={title}
            maxLength={FORUM_TITLE_MAX_LENGTH}
            onChange={(event) => setTitle(event.target.value)}
            autoComplete="off"
            autoFocus
          />
        </div>
        <div className={styles.field}>
          <span className={styles.fieldLabel} aria-hidden="true">
            Original post
          </span>
          {body === null ? (
            <div className={styles.editorLoading} aria-busy="true" />
          ) : (
            <PostEditor
              label="Original post"
              initialValue={body}
              onChange={setTyped}
              hideActions
              threadId={editing?.id}
              mentionLimitText={FORUM_API_TEXTS.tooManyMentions}
            />
          )}
        </div>
        <div className={styles.formActions}>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {FORUM_TEXT.cancel}
          </button>
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={busy || body === null || undefined}
          >
            {editing ? FORUM_TEXT.save : 'Create'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
