import type { MentionResult } from '../../../../contract/forum';

/*
 * The `@` mention rules of the editor: a mention starts at an `@` at the
 * start of the text or after a space, newline, tab, `(` or `[`, and runs to the caret; whitespace or one
 * of . , ! ? ) ends it. At least one character after the `@` opens the search.
 */

const STARTS_AFTER = new Set([' ', '\n', '\t', '(', '[']);
const ENDS_AT = /[\s.,!?)]/;

export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** The text between the `@` and the caret. */
  query: string;
}

/** The mention being typed at `caret`, or null. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  for (let index = caret - 1; index >= 0; index -= 1) {
    const char = text[index] ?? '';
    if (char === '@') {
      const before = index === 0 ? ' ' : (text[index - 1] ?? '');
      if (!STARTS_AFTER.has(before)) return null;
      const query = text.slice(index + 1, caret);
      return query.length >= 1 ? { start: index, query } : null;
    }
    if (ENDS_AT.test(char)) return null;
  }
  return null;
}

/** The label of a suggestion: its title, or `#{series_id}` when it has none. */
export function suggestionLabel(suggestion: Pick<MentionResult, 'series_id' | 'title'>): string {
  const title = suggestion.title?.trim();
  return title ? title : `#${suggestion.series_id}`;
}

/** Link text that cannot break out of `[...]`. */
function linkText(label: string): string {
  return label.replace(/[\\[\]]/g, (char) => `\\${char}`).replace(/\s+/g, ' ');
}

export interface Edit {
  text: string;
  caret: number;
}

/** Replaces the `@query` ending at `caret` with `[title](series:{id})` and a space. */
export function insertMention(
  text: string,
  mention: MentionQuery,
  caret: number,
  suggestion: MentionResult,
): Edit {
  const link = `[${linkText(suggestionLabel(suggestion))}](series:${suggestion.series_id})`;
  const after = text.slice(caret);
  const spacer = /^\s/.test(after) ? '' : ' ';
  const inserted = `${link}${spacer}`;
  return {
    text: `${text.slice(0, mention.start)}${inserted}${after}`,
    caret: mention.start + inserted.length,
  };
}

/** Inserts `snippet` at the selection, replacing it. */
export function insertAt(text: string, selectionStart: number, selectionEnd: number, snippet: string): Edit {
  return {
    text: `${text.slice(0, selectionStart)}${snippet}${text.slice(selectionEnd)}`,
    caret: selectionStart + snippet.length,
  };
}

/** `[name](/lists/{token})` for the list picker. */
export function listLink(name: string, token: string): string {
  return `[${linkText(name.trim() || 'Reading list')}](/lists/${token})`;
}

/** `![name](url)` for an uploaded image. */
export function imageMarkdown(fileName: string, url: string): string {
  const alt = linkText(fileName.replace(/\.[a-z0-9]+$/i, '').trim() || 'image');
  return `![${alt}](${url})`;
}

/** Next highlighted index with wrap-around. */
export function moveHighlight(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta === 1 ? 0 : count - 1;
  return (current + delta + count) % count;
}
