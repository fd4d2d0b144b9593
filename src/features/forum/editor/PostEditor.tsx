import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MentionResult } from '../../../../contract/forum';
import {
  FORUM_API_TEXTS,
  FORUM_TEXT,
  MAX_SERIES_MENTIONS,
  mentionedSeriesIds,
} from '../../../../contract/forum-values';
import { showToast } from '../../../ui/toast-store';
import { $session } from '../../accounts/session-store';
import { createFetcherStore, storeFamily } from '../../../lib/query';
import { useQuery } from '../../../lib/use-query';
import { forumErrorMessage, searchSeriesForMention } from '../forum-api';
import ImageUpload from './ImageUpload';
import { ListPickerButton, ListPickerPanel, useListPicker } from './ListPicker';
import {
  insertAt,
  insertMention,
  mentionAt,
  moveHighlight,
  suggestionLabel,
  type MentionQuery,
} from './mentions';
import styles from './PostEditor.module.css';

export type EditorMode = 'reply' | 'edit';

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

const SEARCH_DELAY_MS = 150;

/** The series matching a mention being typed, one entry per text and page view. */
const mentionSearch = storeFamily((q: string) =>
  createFetcherStore<MentionResult[]>(['forum/series-search?q=', q], {
    fetcher: () => searchSeriesForMention(q),
    dedupeTime: Infinity,
    revalidateOnFocus: false,
  }),
);

/** A failed search shows no suggestions. */
const NO_SUGGESTIONS: MentionResult[] = [];

/**
 * The reply and post editor: a text box about 7rem high with `@` series mentions (an ARIA 1.2
 * combobox with a listbox popup), `#{id}` chips of the mentioned series, a reading-list picker and image
 * upload. Loaded on demand (see LazyEditor), so pages do not pay for it up front.
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
  const [text, setText] = useState(initialValue);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [suggestions, setSuggestions] = useState<MentionResult[]>([]);
  /** The text the last search was made for, and the answer now shown. */
  const [searched, setSearched] = useState<string | null>(null);
  const [shownAnswer, setShownAnswer] = useState<MentionResult[]>();
  const [highlight, setHighlight] = useState(-1);
  const [busy, setBusy] = useState(false);
  const picker = useListPicker();
  const closePicker = picker.close;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const id = useId();
  const textId = `${id}-text`;
  const listboxId = `${id}-mentions`;
  const hintId = `${id}-hint`;
  const open = mention !== null && suggestions.length > 0;
  const seriesIds = mentionedSeriesIds(text);
  // Without a thread (the new-thread form) an image is uploaded for the thread to come, which claims it.
  const canUpload = session.user !== null;

  // Put the caret after text the editor inserted, once React has written the new value.
  useEffect(() => {
    if (pendingCaret.current === null || !textareaRef.current) return;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    textareaRef.current.focus();
    textareaRef.current.setSelectionRange(caret, caret);
  }, [text]);

  useEffect(() => {
    const area = textareaRef.current;
    if (!autoFocus || !area) return;
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
  }, [autoFocus]);

  // The series search for the mention being typed, once the typing pauses. Its answer replaces the
  // suggestions (the last ones stay meanwhile); a failed search silently clears them.
  useEffect(() => {
    if (!mention) return;
    const timer = window.setTimeout(() => setSearched(mention.query), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [mention]);
  const found = useQuery(mention && searched === mention.query ? mentionSearch(searched) : null);
  const answer = found.data ?? (found.error !== undefined ? NO_SUGGESTIONS : undefined);
  if (mention && answer !== undefined && answer !== shownAnswer) {
    setShownAnswer(answer);
    setSuggestions(answer);
    setHighlight(answer.length ? 0 : -1);
  }

  // A click outside closes the dropdown and the list picker.
  useEffect(() => {
    if (!mention && !picker.open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) {
        closeMentions();
        closePicker();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [mention, picker.open, closePicker]);

  const update = (value: string, caret?: number) => {
    setText(value);
    onChange?.(value);
    if (caret !== undefined) pendingCaret.current = caret;
  };

  function closeMentions() {
    setMention(null);
    setSuggestions([]);
    setShownAnswer(undefined);
    setHighlight(-1);
  }

  const detectMention = (value: string, caret: number) => {
    const found = mentionAt(value, caret);
    if (!found) {
      closeMentions();
      return;
    }
    setMention((current) =>
      current && found.start === current.start && found.query === current.query ? current : found,
    );
  };

  const pick = (suggestion: MentionResult) => {
    if (!mention) return;
    if (!seriesIds.includes(suggestion.series_id) && seriesIds.length >= MAX_SERIES_MENTIONS) {
      closeMentions();
      window.alert(mentionLimitText);
      return;
    }
    const caret = textareaRef.current?.selectionStart ?? mention.start + mention.query.length + 1;
    const edit = insertMention(text, mention, caret, suggestion);
    update(edit.text, edit.caret);
    closeMentions();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((current) =>
        moveHighlight(current, event.key === 'ArrowDown' ? 1 : -1, suggestions.length),
      );
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const chosen = suggestions[highlight];
      if (!chosen) return;
      event.preventDefault();
      pick(chosen);
    } else if (event.key === 'Escape') {
      // Only the dropdown closes, not a dialog around the editor.
      event.preventDefault();
      event.stopPropagation();
      closeMentions();
    }
  };

  const insertSnippet = (snippet: string) => {
    const area = textareaRef.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    const edit = insertAt(text, start, end, snippet);
    update(edit.text, edit.caret);
  };

  /** Takes an added image's markdown out of the text, where it still is. */
  const removeSnippet = (snippet: string) => {
    if (text.includes(snippet)) update(text.replace(snippet, ''));
  };

  const submit = async () => {
    if (busy || !onSubmit) return;
    const content = text.trim();
    if (mode === 'reply' && !session.user) {
      showToast(FORUM_TEXT.signInRequired, FORUM_TEXT.signInToReply, 'warning');
      return;
    }
    if (!content) {
      showToast(
        FORUM_TEXT.cantPost,
        mode === 'edit' ? FORUM_API_TEXTS.contentEmpty : FORUM_API_TEXTS.replyEmpty,
        'warning',
      );
      return;
    }
    if (seriesIds.length > MAX_SERIES_MENTIONS) {
      showToast(FORUM_TEXT.limitReached, mentionLimitText, 'warning');
      return;
    }
    setBusy(true);
    try {
      await onSubmit(content, seriesIds);
      if (mode === 'reply') {
        update('');
        closeMentions();
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

  const activeId = open && highlight >= 0 ? `${id}-option-${highlight}` : undefined;

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
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-describedby={hintId}
          placeholder="Write in markdown. Type @ to mention a series."
          onChange={(event) => {
            update(event.target.value);
            detectMention(event.target.value, event.target.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onClick={(event) => {
            const area = event.currentTarget;
            if (area.selectionStart === area.selectionEnd) detectMention(area.value, area.selectionStart);
          }}
          readOnly={busy}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Series suggestions"
          className={styles.suggestions}
          hidden={!open}
        >
          {open &&
            suggestions.map((suggestion, index) => (
              <li
                key={suggestion.series_id}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === highlight}
                className={styles.suggestion}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => pick(suggestion)}
                onPointerEnter={() => setHighlight(index)}
              >
                {suggestion.cover_url ? (
                  <img
                    src={suggestion.cover_url}
                    alt=""
                    width={28}
                    height={42}
                    className={styles.cover}
                    loading="lazy"
                  />
                ) : (
                  <span className={styles.cover} aria-hidden="true" />
                )}
                <span className={styles.suggestionTitle}>{suggestionLabel(suggestion)}</span>
                <span className={styles.suggestionId}>#{suggestion.series_id}</span>
              </li>
            ))}
        </ul>
        <span className="visually-hidden" aria-live="polite">
          {open ? `${suggestions.length} series found; arrow keys to choose, Enter to insert.` : ''}
        </span>
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

      <div className={styles.toolbar}>
        <div className={styles.tools}>
          {session.user && <ListPickerButton picker={picker} />}
          {canUpload && (
            <ImageUpload
              threadId={threadId}
              postId={postId}
              disabled={busy}
              onInsert={insertSnippet}
              onRemove={removeSnippet}
            />
          )}
        </div>
        {!hideActions && (
          <div className={styles.actions}>
            {(mode === 'edit' || onCancel) && (
              <button type="button" className="button" onClick={onCancel} disabled={busy}>
                {FORUM_TEXT.cancel}
              </button>
            )}
            <button
              type="button"
              className="button button-primary"
              onClick={() => void submit()}
              aria-disabled={busy || undefined}
            >
              {mode === 'edit' ? FORUM_TEXT.save : FORUM_TEXT.postReply}
            </button>
          </div>
        )}
      </div>
      <ListPickerPanel picker={picker} onInsert={insertSnippet} />
      <p id={hintId} className={styles.hint}>
        {canUpload ? `${FORUM_TEXT.imageHint} ` : ''}Markdown: **bold**, *italic*, [link](https://…); @
        mentions a series.
      </p>
    </div>
  );
}
