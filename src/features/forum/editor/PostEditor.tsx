import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import { FORUM_API_TEXTS, FORUM_TEXT, mentionedSeriesIds } from '../../../../contract/forum-values';
import { showToast } from '../../../ui/toast-store';
import { $session } from '../../accounts/session-store';
import { forumErrorMessage } from '../forum-api';
import { checkDraft, type EditorMode } from './editor-state';
import EditorToolbar from './EditorToolbar';
import { ListPickerPanel, useListPicker } from './ListPicker';
import MentionList, { optionId } from './MentionList';
import { useDraft } from './use-draft';
import { useMentions } from './use-mentions';
import { useOutsidePointer } from './use-outside-pointer';
import styles from './PostEditor.module.css';

export type { EditorMode };

export interface PostEditorProps {
  /** Reply (one "Post Reply" button; cleared after a post) or edit (Cancel and Save; the text stays). */
  mode?: EditorMode;
  /** The text box's accessible name. */
  label: string;
  initialValue?: string;
  /** Smaller box and text, for the nested reply forms. */
  compact?: boolean;
  /** Adds a Cancel button in reply mode (edit mode always has one). */
  onCancel?: () => void;
  /** Saves the trimmed text with the series it mentions; throws on failure. */
  onSubmit?: (content: string, seriesIds: number[]) => Promise<void>;
  /**
   * How a failed submit is reported: a toast with this title and fallback text, else a browser alert with
   * the server's detail or "Failed to save." / "Failed to post reply."
   */
  failure?: { toastTitle: string; fallback: string };
  /**
   * The thread images are uploaded for; without one (a thread being created) they are uploaded as the
   * writer's own, and the new thread claims those it shows.
   */
  threadId?: number | undefined;
  postId?: number | undefined;
  /** Focus the box when it appears (an opened reply or edit form), caret at the end. */
  autoFocus?: boolean;
  /** The thread form keeps the body in its own state and has its own buttons. */
  onChange?: (value: string) => void;
  hideActions?: boolean;
  /** The cap's text: per reply by default, "You can mention up to 10 series." for a thread. */
  mentionLimitText?: string;
}

/**
 * The reply and post editor: a text box about 7rem high with `@` series mentions (an ARIA 1.2
 * combobox with a listbox popup, use-mentions.ts), `#{id}` chips of the mentioned series, a reading-list
 * picker and image upload. Loaded on demand (see LazyEditor), so pages do not pay for it up front.
 */
export default function PostEditor({
  mode = 'reply',
  label,
  initialValue = '',
  compact = false,
  onCancel,
  onSubmit,
  failure,
  threadId,
  postId,
  autoFocus = false,
  onChange,
  hideActions = false,
  mentionLimitText = FORUM_API_TEXTS.tooManyReplyMentions,
}: PostEditorProps) {
  const session = useStore($session);
  const draft = useDraft(initialValue, onChange, autoFocus);
  const { text, textareaRef, update } = draft;
  const seriesIds = mentionedSeriesIds(text);
  const mentions = useMentions(draft, seriesIds, mentionLimitText);
  const [busy, setBusy] = useState(false);
  const picker = useListPicker();
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const textId = `${id}-text`;
  const listboxId = `${id}-mentions`;
  const hintId = `${id}-hint`;
  // Without a thread (the new-thread form) an image is uploaded for the thread to come, which claims it.
  const canUpload = session.user !== null;

  // A click outside closes the dropdown and the list picker.
  useOutsidePointer(rootRef, mentions.state.mention !== null || picker.open, () => {
    mentions.close();
    picker.close();
  });

  const submit = async () => {
    if (busy || !onSubmit) return;
    const verdict = checkDraft({ mode, text, signedIn: session.user !== null, seriesIds, mentionLimitText });
    if (!verdict.ok) {
      showToast(verdict.title, verdict.text, verdict.tone);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(verdict.content, seriesIds);
      if (mode === 'reply') {
        update('');
        mentions.close();
      }
    } catch (error) {
      if (failure) showToast(failure.toastTitle, forumErrorMessage(error, failure.fallback), 'error');
      else
        window.alert(
          forumErrorMessage(error, mode === 'edit' ? FORUM_TEXT.editorSaveFailed : FORUM_TEXT.postFailed),
        );
    } finally {
      setBusy(false);
    }
  };

  const { highlight } = mentions.state;
  const activeId = mentions.open && highlight >= 0 ? optionId(id, highlight) : undefined;

  return (
    <div
      ref={rootRef}
      className={`${styles.editor} ${compact ? styles.compact : ''}`}
      data-post-editor={mode}
    >
      <div className={styles.field}>
        <label className="visually-hidden" htmlFor={textId}>
          {label}
        </label>
        <textarea
          ref={textareaRef}
          id={textId}
          className={styles.textarea}
          value={text}
          role="combobox"
          aria-multiline="true"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded={mentions.open}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-describedby={hintId}
          placeholder="Write in markdown. Type @ to mention a series."
          onChange={(event) => {
            update(event.target.value);
            mentions.detect(event.target.value, event.target.selectionStart);
          }}
          onKeyDown={mentions.onKeyDown}
          onClick={(event) => {
            const area = event.currentTarget;
            if (area.selectionStart === area.selectionEnd) mentions.detect(area.value, area.selectionStart);
          }}
          readOnly={busy}
        />
        <MentionList
          idPrefix={id}
          listboxId={listboxId}
          state={mentions.state}
          open={mentions.open}
          onPick={mentions.pick}
          onHover={mentions.hover}
        />
      </div>

      {seriesIds.length > 0 && (
        <ul className={styles.chips} aria-label="Mentioned series">
          {seriesIds.map((seriesId) => (
            <li key={seriesId} className={styles.chip}>
              #{seriesId}
            </li>
          ))}
        </ul>
      )}

      <EditorToolbar
        mode={mode}
        picker={session.user ? picker : null}
        canUpload={canUpload}
        threadId={threadId}
        postId={postId}
        busy={busy}
        hideActions={hideActions}
        onInsert={draft.insertSnippet}
        onRemove={draft.removeSnippet}
        onCancel={onCancel}
        onSubmit={() => void submit()}
      />
      <ListPickerPanel picker={picker} onInsert={draft.insertSnippet} />
      <p id={hintId} className={styles.hint}>
        {canUpload ? `${FORUM_TEXT.imageHint} ` : ''}Markdown: **bold**, *italic*, [link](https://…); @
        mentions a series.
      </p>
    </div>
  );
}
