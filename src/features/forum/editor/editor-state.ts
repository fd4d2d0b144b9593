import type { MentionResult } from '../../../../contract/forum';
import { FORUM_API_TEXTS, FORUM_TEXT, MAX_SERIES_MENTIONS } from '../../../../contract/forum-values';
import { moveHighlight, type MentionQuery } from './mentions';

/*
 * The editor's state, pure: the `@` mention combobox (what is being typed, the search made for it, the
 * suggestions shown and the one highlighted) and the checks a draft passes before it is sent. The editor
 * (PostEditor.tsx) wires them to the text box; mentions.ts edits the text itself.
 */

export interface MentionState {
  /** The mention being typed at the caret, or null (the popup is closed). */
  mention: MentionQuery | null;
  /** The text the last search was made for, once the typing paused. */
  searched: string | null;
  /** The answer the suggestions come from (the last one stays while a new search runs). */
  answer: MentionResult[] | undefined;
  suggestions: MentionResult[];
  /** The highlighted suggestion, -1 for none. */
  highlight: number;
}

export const NO_MENTION: MentionState = {
  mention: null,
  searched: null,
  answer: undefined,
  suggestions: [],
  highlight: -1,
};

export type MentionAction =
  /** The text or the caret moved: the mention now at the caret, if any. */
  | { type: 'caret'; found: MentionQuery | null }
  /** The typing paused on `query`: its search goes out. */
  | { type: 'search'; query: string }
  /** A search answered (a failed one answers no suggestions). */
  | { type: 'answer'; answer: MentionResult[] }
  | { type: 'move'; delta: 1 | -1 }
  | { type: 'hover'; index: number }
  /** A suggestion inserted, Escape, a click outside, a reply sent. */
  | { type: 'close' };

function closed(state: MentionState): MentionState {
  const isClosed =
    state.mention === null &&
    state.answer === undefined &&
    state.suggestions.length === 0 &&
    state.highlight === -1;
  // The last search is kept: typing the same mention again shows its answer at once.
  return isClosed ? state : { ...NO_MENTION, searched: state.searched };
}

export function mentionReducer(state: MentionState, action: MentionAction): MentionState {
  switch (action.type) {
    case 'caret': {
      const { found } = action;
      if (!found) return closed(state);
      const current = state.mention;
      // The same mention keeps its identity, so its search is not asked for again.
      if (current && found.start === current.start && found.query === current.query) return state;
      return { ...state, mention: found };
    }
    case 'search':
      return state.searched === action.query ? state : { ...state, searched: action.query };
    case 'answer':
      if (!state.mention || action.answer === state.answer) return state;
      return {
        ...state,
        answer: action.answer,
        suggestions: action.answer,
        highlight: action.answer.length ? 0 : -1,
      };
    case 'move':
      return { ...state, highlight: moveHighlight(state.highlight, action.delta, state.suggestions.length) };
    case 'hover':
      return state.highlight === action.index ? state : { ...state, highlight: action.index };
    case 'close':
      return closed(state);
  }
}

/** The text whose suggestions to read: the mention typed, once its search went out. */
export function mentionSearchQuery(state: MentionState): string | null {
  return state.mention && state.searched === state.mention.query ? state.searched : null;
}

/** The popup shows: a mention is being typed and has suggestions. */
export function mentionOpen(state: MentionState): boolean {
  return state.mention !== null && state.suggestions.length > 0;
}

/** What the live region says while the popup is open. */
export function mentionAnnouncement(state: MentionState): string {
  return mentionOpen(state)
    ? `${state.suggestions.length} series found; arrow keys to choose, Enter to insert.`
    : '';
}

/** Another series may be mentioned: it is mentioned already, or the cap is not reached. */
export function mayMention(seriesIds: readonly number[], seriesId: number): boolean {
  return seriesIds.includes(seriesId) || seriesIds.length < MAX_SERIES_MENTIONS;
}

export type EditorMode = 'reply' | 'edit';

export interface DraftCheck {
  mode: EditorMode;
  text: string;
  signedIn: boolean;
  /** The series the text mentions. */
  seriesIds: readonly number[];
  /** The cap's text, for this form. */
  mentionLimitText: string;
}

/** Why a draft cannot be sent (the toast's title, text and tone), or the trimmed text to send. */
export type DraftVerdict =
  { ok: true; content: string } | { ok: false; title: string; text: string; tone: 'warning' };

export function checkDraft({ mode, text, signedIn, seriesIds, mentionLimitText }: DraftCheck): DraftVerdict {
  const content = text.trim();
  if (mode === 'reply' && !signedIn) {
    return { ok: false, title: FORUM_TEXT.signInRequired, text: FORUM_TEXT.signInToReply, tone: 'warning' };
  }
  if (!content) {
    const text = mode === 'edit' ? FORUM_API_TEXTS.contentEmpty : FORUM_API_TEXTS.replyEmpty;
    return { ok: false, title: FORUM_TEXT.cantPost, text, tone: 'warning' };
  }
  if (seriesIds.length > MAX_SERIES_MENTIONS) {
    return { ok: false, title: FORUM_TEXT.limitReached, text: mentionLimitText, tone: 'warning' };
  }
  return { ok: true, content };
}
