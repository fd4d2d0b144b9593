import { useEffect, useReducer, type KeyboardEvent } from 'react';
import type { MentionResult } from '../../../../contract/forum';
import { useQuery } from '../../../lib/use-query';
import { mentionSearch } from '../forum-queries';
import {
  mayMention,
  mentionOpen,
  mentionReducer,
  mentionSearchQuery,
  NO_MENTION,
  type MentionState,
} from './editor-state';
import { insertMention, mentionAt } from './mentions';
import type { Draft } from './use-draft';

const SEARCH_DELAY_MS = 150;

/** A failed search shows no suggestions. */
const NO_SUGGESTIONS: MentionResult[] = [];

export interface Mentions {
  state: MentionState;
  /** The popup shows. */
  open: boolean;
  /** Looks for a mention at the caret (typing, a click in the text). */
  detect(value: string, caret: number): void;
  /** Inserts a suggestion as a series link, unless the cap is reached (then the cap's text is shown). */
  pick(suggestion: MentionResult): void;
  hover(index: number): void;
  close(): void;
  /** The combobox's keys while the popup shows: arrows, Enter or Tab to insert, Escape to close. */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void;
}

/**
 * The `@` series mentions of the editor: the mention at the caret, its search once the typing pauses
 * (its answer replaces the suggestions; the last ones stay meanwhile; a failed search clears them), and
 * the keyboard of the combobox.
 */
export function useMentions(draft: Draft, seriesIds: readonly number[], mentionLimitText: string): Mentions {
  const [state, dispatch] = useReducer(mentionReducer, NO_MENTION);
  const { mention, suggestions, highlight } = state;
  const open = mentionOpen(state);

  useEffect(() => {
    if (!mention) return;
    const timer = window.setTimeout(
      () => dispatch({ type: 'search', query: mention.query }),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [mention]);
  const query = mentionSearchQuery(state);
  const found = useQuery(query === null ? null : mentionSearch(query));
  const answer = found.data ?? (found.error !== undefined ? NO_SUGGESTIONS : undefined);
  if (mention && answer !== undefined && answer !== state.answer) dispatch({ type: 'answer', answer });

  const close = () => dispatch({ type: 'close' });

  const pick = (suggestion: MentionResult) => {
    if (!mention) return;
    if (!mayMention(seriesIds, suggestion.series_id)) {
      close();
      window.alert(mentionLimitText);
      return;
    }
    const caret = draft.textareaRef.current?.selectionStart ?? mention.start + mention.query.length + 1;
    const edit = insertMention(draft.text, mention, caret, suggestion);
    draft.update(edit.text, edit.caret);
    close();
  };

  return {
    state,
    open,
    detect: (value, caret) => dispatch({ type: 'caret', found: mentionAt(value, caret) }),
    pick,
    hover: (index) => dispatch({ type: 'hover', index }),
    close,
    onKeyDown(event) {
      if (!open) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        dispatch({ type: 'move', delta: event.key === 'ArrowDown' ? 1 : -1 });
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        const chosen = suggestions[highlight];
        if (!chosen) return;
        event.preventDefault();
        pick(chosen);
      } else if (event.key === 'Escape') {
        // Only the dropdown closes, not a dialog around the editor.
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    },
  };
}
