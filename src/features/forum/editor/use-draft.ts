import { useEffect, useRef, useState, type RefObject } from 'react';
import { insertAt } from './mentions';

export interface Draft {
  text: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Sets the text (telling `onChange`); with `caret`, the caret goes there once it is on screen. */
  update(value: string, caret?: number): void;
  /** Puts `snippet` at the selection, replacing it (a list link, an image). */
  insertSnippet(snippet: string): void;
  /** Takes an added image's markdown out of the text, where it still is. */
  removeSnippet(snippet: string): void;
}

/** The editor's text: what is typed, and the caret after text the editor inserts. */
export function useDraft(
  initialValue: string,
  onChange: ((value: string) => void) | undefined,
  autoFocus: boolean,
): Draft {
  const [text, setText] = useState(initialValue);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);

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

  const update = (value: string, caret?: number) => {
    setText(value);
    onChange?.(value);
    if (caret !== undefined) pendingCaret.current = caret;
  };

  return {
    text,
    textareaRef,
    update,
    insertSnippet(snippet) {
      const area = textareaRef.current;
      const start = area?.selectionStart ?? text.length;
      const end = area?.selectionEnd ?? text.length;
      const edit = insertAt(text, start, end, snippet);
      update(edit.text, edit.caret);
    },
    removeSnippet(snippet) {
      if (text.includes(snippet)) update(text.replace(snippet, ''));
    },
  };
}
