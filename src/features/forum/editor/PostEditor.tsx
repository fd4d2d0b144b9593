import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { $session } from '../../accounts/session-store';
import { showToast } from '../../../ui/toast-store';
import { errorDetail } from '../../../lib/api-client';
import { forumErrorMessage, searchSeriesForMention, uploadImage } from '../forum-api';
import { MAX_SERIES_PER_POST, TEXT } from '../forum-texts';
import type { MentionSuggestion } from '../forum-types';
import { imageUploadProblem } from './image-checks';
import ListPicker from './ListPicker';
import {
  imageMarkdown,
  insertAt,
  insertMention,
  mentionAt,
  mentionedSeriesIds,
  moveHighlight,
  suggestionLabel,
  type MentionQuery,
} from './mentions';
import styles from './PostEditor.module.css';

export type EditorMode = 'reply' | 'edit';

export interface PostEditorProps {
  mode?: EditorMode;
  /** The text box's accessible name. */
  label: string;
  initialValue?: string;
  compact?: boolean;
  /** Shown as a Cancel button in reply mode too when given (edit mode always has one). */
  onCancel?: () => void;
  /** Saves the trimmed text; throws on failure. */
  onSubmit: (content: string, seriesIds: number[]) => Promise<void>;
  /**
   * How a failed submit is reported: a browser alert (the editor's own rule, spec §8) or a toast with
   * this title and fallback text (the thread page's bottom form and edits).
   */
  failure?: { toastTitle: string; fallback: string };
  /** Needed for image uploads (media belong to a thread); no thread yet means no upload button. */
  threadId?: number;
  postId?: number;
  /** Texts of the thread form (create/edit thread) instead of the reply texts. */
  submitLabel?: string;
  /** Whether the signed-in check and the empty check run here (the thread form checks its own fields). */
  validate?: boolean;
  autoFocus?: boolean;
  /** Called on every change (the thread form keeps the body in its own state). */
  onChange?: (value: string) => void;
  /** A form element id the Save/Post button submits instead of the editor's own action. */
  hideActions?: boolean;
}

const SEARCH_DELAY_MS = 150;

function submitFailureText(error: unknown, mode: EditorMode): string {
  return errorDetail(error, mode === 'edit' ? TEXT.editorSaveFailed : TEXT.postFailed);
}

/**
 * The reply and post editor (spec §2): a text box with `@` series mentions (an ARIA 1.2 combobox with a
 * listbox popup), `#{id}` chips of the mentioned series, a reading-list picker and image upload.
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
  submitLabel,
  validate = true,
  autoFocus = false,
  onChange,
  hideActions = false,
}: PostEditorProps) {
  const session = useStore($session);
  const [text, setText] = useState(initialValue);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [suggestions, setSuggestions] = useState<MentionSuggestion[]>([]);
  const [highlight, setHighlight] = useState(-1);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const id = useId();
  const listboxId = `${id}-mentions`;
  const hintId = `${id}-hint`;
  const open = mention !== null && suggestions.length > 0;
  const seriesIds = mentionedSeriesIds(text);

  // Put the caret after text the editor inserted, once React has written the new value.
  useEffect(() => {
    if (pendingCaret.current === null || !textareaRef.current) return;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    textareaRef.current.focus();
    textareaRef.current.setSelectionRange(caret, caret);
  }, [text]);

  useEffect(() => {
    if (autoFocus) textareaRef.current?.focus();
  }, [autoFocus]);

  // The series search for the mention being typed. A failed search silently clears the suggestions.
  useEffect(() => {
    if (!mention) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchSeriesForMention(mention.query, controller.signal).then(
        (found) => {
          setSuggestions(found.slice(0, 10));
          setHighlight(found.length ? 0 : -1);
        },
        () => {
          if (!controller.signal.aborted) setSuggestions([]);
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [mention]);

  // A click outside closes the dropdown and the list picker.
  useEffect(() => {
    if (!mention && !pickerOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) {
        setMention(null);
        setPickerOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [mention, pickerOpen]);

  const update = (value: string, caret?: number) => {
    setText(value);
    onChange?.(value);
    if (caret !== undefined) pendingCaret.current = caret;
  };

  const detectMention = (value: string, caret: number) => {
    const found = mentionAt(value, caret);
    setMention((current) =>
      found && current && found.start === current.start && found.query === current.query ? current : found,
    );
    if (!found) {
      setSuggestions([]);
      setHighlight(-1);
    }
  };

  const closeMentions = () => {
    setMention(null);
    setSuggestions([]);
    setHighlight(-1);
  };

  const pick = (suggestion: MentionSuggestion) => {
    if (!mention) return;
    const already = seriesIds.includes(suggestion.series_id);
    if (!already && seriesIds.length >= MAX_SERIES_PER_POST) {
      window.alert(TEXT.mentionLimitReply);
      closeMentions();
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

  const onFileChosen = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file || !threadId) return;
    const problem = imageUploadProblem(file);
    if (problem) {
      showToast(TEXT.toastUploadBlocked, problem, 'warning');
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadImage(threadId, file, postId);
      insertSnippet(imageMarkdown(file.name, uploaded.url));
    } catch (error) {
      showToast(TEXT.toastUploadFailed, forumErrorMessage(error, TEXT.uploadFailed), 'error');
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    if (busy) return;
    const content = text.trim();
    if (validate) {
      if (mode === 'reply' && !session.user) {
        showToast(TEXT.toastSignIn, TEXT.signInToReply, 'warning');
        return;
      }
      if (!content) {
        showToast(TEXT.toastCantPost, mode === 'edit' ? TEXT.contentEmpty : TEXT.replyEmpty, 'warning');
        return;
      }
      if (seriesIds.length > MAX_SERIES_PER_POST) {
        showToast(TEXT.toastLimit, TEXT.mentionLimitReply, 'warning');
        return;
      }
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
      else window.alert(submitFailureText(error, mode));
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
        <label className="visually-hidden" htmlFor={`${id}-text`}>
          {label}
        </label>
        <textarea
          ref={textareaRef}
          id={`${id}-text`}
          className={styles.textarea}
          value={text}
          role="combobox"
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
          onSelect={(event) => {
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
      </div>

      {seriesIds.length > 0 && (
        <ul className={styles.chips} role="list" aria-label="Mentioned series">
          {seriesIds.map((seriesId) => (
            <li key={seriesId} className={styles.chip}>
              #{seriesId}
            </li>
          ))}
        </ul>
      )}

      <div className={styles.toolbar}>
        <div className={styles.tools}>
          {session.user && (
            <ListPicker
              open={pickerOpen}
              onToggle={() => setPickerOpen((current) => !current)}
              onClose={() => setPickerOpen(false)}
              onInsert={(snippet) => {
                insertSnippet(snippet);
                setPickerOpen(false);
              }}
            />
          )}
          {threadId !== undefined && session.user && (
            <>
              <button
                type="button"
                className={`button ${styles.tool}`}
                onClick={() => fileRef.current?.click()}
                aria-disabled={uploading || undefined}
                disabled={busy}
              >
                {uploading ? 'Uploading…' : 'Add image'}
              </button>
              <input
                ref={fileRef}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                className="visually-hidden"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => void onFileChosen(event.target.files?.[0])}
              />
            </>
          )}
        </div>
        {!hideActions && (
          <div className={styles.actions}>
            {(mode === 'edit' || onCancel) && (
              <button type="button" className="button" onClick={onCancel} disabled={busy}>
                {TEXT.cancel}
              </button>
            )}
            <button
              type="button"
              className="button button-primary"
              onClick={() => void submit()}
              aria-disabled={busy || undefined}
            >
              {submitLabel ?? (mode === 'edit' ? TEXT.save : TEXT.postReply)}
            </button>
          </div>
        )}
      </div>
      <p id={hintId} className={styles.hint}>
        {threadId !== undefined
          ? TEXT.imageHint
          : 'Markdown: **bold**, *italic*, [link](https://…), @ to mention a series.'}
      </p>
    </div>
  );
}
