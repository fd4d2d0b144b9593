import { describe, expect, test } from 'vitest';
import type { MentionResult } from '../../contract/forum';
import { FORUM_API_TEXTS, FORUM_TEXT, MAX_SERIES_MENTIONS } from '../../contract/forum-values';
import {
  NO_MENTION,
  checkDraft,
  mayMention,
  mentionAnnouncement,
  mentionOpen,
  mentionReducer,
  mentionSearchQuery,
  type MentionAction,
  type MentionState,
} from '../../src/features/forum/editor/editor-state';

const found = (title: string, id: number): MentionResult => ({ series_id: id, title, cover_url: null });
const answer = [found('Solo Leveling', 1), found('Solo Max-Level Newbie', 2), found('Solo Farming', 3)];
const run = (actions: MentionAction[], from: MentionState = NO_MENTION) =>
  actions.reduce(mentionReducer, from);

/** "hi @so" typed, its search gone out and answered. */
const answered = run([
  { type: 'caret', found: { start: 3, query: 'so' } },
  { type: 'search', query: 'so' },
  { type: 'answer', answer },
]);

describe('the mention combobox', () => {
  test('a mention typed waits for its search; the answer opens the popup on its first suggestion', () => {
    const typed = run([{ type: 'caret', found: { start: 3, query: 'so' } }]);
    expect(mentionOpen(typed)).toBe(false);
    expect(mentionSearchQuery(typed)).toBeNull();
    const searching = mentionReducer(typed, { type: 'search', query: 'so' });
    expect(mentionSearchQuery(searching)).toBe('so');
    expect(mentionOpen(answered)).toBe(true);
    expect(answered).toMatchObject({ suggestions: answer, highlight: 0 });
    expect(mentionAnnouncement(answered)).toBe('3 series found; arrow keys to choose, Enter to insert.');
  });

  test('the same mention at the caret keeps its state (its search is not asked for again)', () => {
    expect(mentionReducer(answered, { type: 'caret', found: { start: 3, query: 'so' } })).toBe(answered);
    const longer = mentionReducer(answered, { type: 'caret', found: { start: 3, query: 'sol' } });
    expect(longer.mention).toEqual({ start: 3, query: 'sol' });
    // The last suggestions stay while the longer text's search runs.
    expect(longer.suggestions).toBe(answer);
    expect(mentionSearchQuery(longer)).toBeNull();
  });

  test('an answer for a mention no longer typed is ignored; a failed search shows none', () => {
    const closed = mentionReducer(answered, { type: 'close' });
    expect(mentionReducer(closed, { type: 'answer', answer })).toBe(closed);
    const failed = mentionReducer(answered, { type: 'answer', answer: [] });
    expect(failed).toMatchObject({ suggestions: [], highlight: -1 });
    expect(mentionOpen(failed)).toBe(false);
    expect(mentionAnnouncement(failed)).toBe('');
  });

  test('the arrows wrap around; the pointer highlights what it is over', () => {
    const up = mentionReducer(answered, { type: 'move', delta: -1 });
    expect(up.highlight).toBe(2);
    expect(mentionReducer(up, { type: 'move', delta: 1 }).highlight).toBe(0);
    expect(mentionReducer(answered, { type: 'hover', index: 1 }).highlight).toBe(1);
    expect(mentionReducer(answered, { type: 'hover', index: 0 })).toBe(answered);
  });

  test('closing forgets the mention but keeps the last search, so typing it again shows it at once', () => {
    const closed = mentionReducer(answered, { type: 'close' });
    expect(closed).toEqual({ ...NO_MENTION, searched: 'so' });
    expect(mentionReducer(closed, { type: 'close' })).toBe(closed);
    expect(mentionReducer(closed, { type: 'caret', found: null })).toBe(closed);
    const again = mentionReducer(closed, { type: 'caret', found: { start: 0, query: 'so' } });
    expect(mentionSearchQuery(again)).toBe('so');
  });

  test('a caret away from any mention closes the popup', () => {
    expect(mentionOpen(mentionReducer(answered, { type: 'caret', found: null }))).toBe(false);
  });
});

describe('the mention cap', () => {
  const ten = Array.from({ length: MAX_SERIES_MENTIONS }, (_, index) => index + 1);

  test('a series mentioned already may be mentioned again; a new one only under the cap', () => {
    expect(mayMention(ten.slice(0, 9), 99)).toBe(true);
    expect(mayMention(ten, 99)).toBe(false);
    expect(mayMention(ten, 3)).toBe(true);
  });
});

describe('a draft before it is sent', () => {
  const draft = {
    mode: 'reply' as const,
    text: '  Hello  ',
    signedIn: true,
    seriesIds: [],
    mentionLimitText: 'cap',
  };

  test('goes out trimmed', () => {
    expect(checkDraft(draft)).toEqual({ ok: true, content: 'Hello' });
  });

  test('a reply needs a signed-in writer, before anything else', () => {
    expect(checkDraft({ ...draft, signedIn: false, text: '' })).toEqual({
      ok: false,
      title: FORUM_TEXT.signInRequired,
      text: FORUM_TEXT.signInToReply,
      tone: 'warning',
    });
    // An edit form is only shown to its author; the thread form checks its own session.
    expect(checkDraft({ ...draft, mode: 'edit', signedIn: false }).ok).toBe(true);
  });

  test('an empty text says which text is empty', () => {
    expect(checkDraft({ ...draft, text: ' \n ' })).toMatchObject({
      ok: false,
      text: FORUM_API_TEXTS.replyEmpty,
    });
    expect(checkDraft({ ...draft, mode: 'edit', text: '' })).toMatchObject({
      ok: false,
      title: FORUM_TEXT.cantPost,
      text: FORUM_API_TEXTS.contentEmpty,
    });
  });

  test('too many series mentioned: the form’s own cap text', () => {
    const eleven = Array.from({ length: MAX_SERIES_MENTIONS + 1 }, (_, index) => index + 1);
    expect(checkDraft({ ...draft, seriesIds: eleven })).toEqual({
      ok: false,
      title: FORUM_TEXT.limitReached,
      text: 'cap',
      tone: 'warning',
    });
    expect(checkDraft({ ...draft, seriesIds: eleven.slice(1) }).ok).toBe(true);
  });
});
