import { describe, expect, test } from 'vitest';
import { mentionedSeriesIds } from '../../contract/forum-values';
import { imageUploadProblem } from '../../src/features/forum/editor/image-checks';
import {
  imageMarkdown,
  insertMention,
  listLink,
  mentionAt,
  moveHighlight,
  suggestionLabel,
} from '../../src/features/forum/editor/mentions';

describe('mention detection', () => {
  test('starts at the text start or after a space, newline, tab, ( or [', () => {
    expect(mentionAt('@so', 3)).toEqual({ start: 0, query: 'so' });
    expect(mentionAt('hi @so', 6)).toEqual({ start: 3, query: 'so' });
    expect(mentionAt('hi\n@so', 6)).toEqual({ start: 3, query: 'so' });
    expect(mentionAt('hi\t@so', 6)).toEqual({ start: 3, query: 'so' });
    expect(mentionAt('(@so', 4)).toEqual({ start: 1, query: 'so' });
    expect(mentionAt('[@so', 4)).toEqual({ start: 1, query: 'so' });
  });

  test('not inside a word such as an e-mail address', () => {
    expect(mentionAt('me@example', 10)).toBeNull();
    expect(mentionAt('x.@so', 5)).toBeNull();
  });

  test('needs at least one character after the @', () => {
    expect(mentionAt('hi @', 4)).toBeNull();
  });

  test('ends at whitespace or . , ! ? )', () => {
    for (const end of [' ', '\n', '.', ',', '!', '?', ')']) {
      expect(mentionAt(`@solo${end}x`, 7)).toBeNull();
    }
    expect(mentionAt('@solo leveling', 14)).toBeNull();
  });

  test('uses the text up to the caret', () => {
    expect(mentionAt('@solo leveling', 3)).toEqual({ start: 0, query: 'so' });
  });
});

describe('inserting', () => {
  test('a pick replaces @query with [title](series:{id}) and a space', () => {
    const text = 'Read @sol now';
    const edit = insertMention(text, { start: 5, query: 'sol' }, 9, {
      series_id: 12,
      title: 'Solo',
      cover_url: null,
    });
    expect(edit.text).toBe('Read [Solo](series:12) now');
    expect(edit.caret).toBe('Read [Solo](series:12)'.length);
    const atEnd = insertMention('@a', { start: 0, query: 'a' }, 2, {
      series_id: 3,
      title: ' ',
      cover_url: null,
    });
    expect(atEnd.text).toBe('[#3](series:3) ');
  });

  test('titles cannot break out of the link text', () => {
    const edit = insertMention('@x', { start: 0, query: 'x' }, 2, {
      series_id: 1,
      title: 'A] (evil',
      cover_url: null,
    });
    expect(edit.text).toBe('[A\\] (evil](series:1) ');
  });

  test('labels, list links and image markdown', () => {
    expect(suggestionLabel({ series_id: 9, title: '' })).toBe('#9');
    expect(listLink('Faves', 'tok_1')).toBe('[Faves](/lists/tok_1)');
    expect(imageMarkdown('panel.png', 'https://api.example/media/a.png')).toBe(
      '![panel](https://api.example/media/a.png)',
    );
  });

  test('mentioned series are distinct, in order', () => {
    expect(mentionedSeriesIds('[a](series:3) [b](series:1) [a](series:3) [c](list:3)')).toEqual([3, 1]);
  });

  test('the highlight wraps around', () => {
    expect(moveHighlight(2, 1, 3)).toBe(0);
    expect(moveHighlight(0, -1, 3)).toBe(2);
    expect(moveHighlight(-1, 1, 3)).toBe(0);
    expect(moveHighlight(-1, -1, 3)).toBe(2);
  });
});

describe('image checks', () => {
  const file = (type: string, size: number) => ({ type, size, name: 'x' });
  test('PNG, JPEG, WebP up to 307200 bytes; GIF up to 1048576', () => {
    expect(imageUploadProblem(file('image/png', 307_200))).toBeNull();
    expect(imageUploadProblem(file('image/jpeg', 307_201))).toBe('Image too large (max 300 KB).');
    expect(imageUploadProblem(file('image/webp', 400_000))).toBe('Image too large (max 300 KB).');
    expect(imageUploadProblem(file('image/gif', 1_048_576))).toBeNull();
    expect(imageUploadProblem(file('image/gif', 1_048_577))).toBe('GIF too large (max 1 MB).');
    expect(imageUploadProblem(file('image/svg+xml', 10))).toBe('Unsupported image type.');
  });
});
