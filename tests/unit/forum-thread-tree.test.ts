import { describe, expect, test } from 'vitest';
import {
  arrangeThread,
  deletePreview,
  depthColour,
  indentPx,
  toRoman,
  type TreePost,
} from '../../src/features/forum/thread-tree';

/** Post `id` written `minute` minutes into the thread, replying to `parent`. */
function post(
  id: number,
  minute: number,
  parent: number | null = null,
  author: string | null = `u${id}`,
): TreePost {
  return {
    id,
    parent_id: parent,
    author_username: author,
    created_at: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
  };
}

const layout = (posts: TreePost[], latestFirst = false) =>
  arrangeThread(posts, latestFirst).replies.map(({ post: { id }, depth, label }) => ({ id, depth, label }));

describe('Roman numerals', () => {
  test('standard forms', () => {
    expect([1, 2, 3, 4, 5, 9, 14, 40, 49, 90, 300, 1994, 3999].map(toRoman)).toEqual([
      'I',
      'II',
      'III',
      'IV',
      'V',
      'IX',
      'XIV',
      'XL',
      'XLIX',
      'XC',
      'CCC',
      'MCMXCIV',
      'MMMCMXCIX',
    ]);
  });

  test('numbers without a Roman form stay digits', () => {
    expect(toRoman(0)).toBe('0');
    expect(toRoman(4000)).toBe('4000');
  });
});

describe('thread layout', () => {
  // 1 is the original post; 2, 3, 6 top-level replies; 4 and 5 reply to 2; 7 replies to 4.
  const posts = [
    post(1, 0),
    post(2, 1),
    post(3, 2),
    post(4, 3, 2, 'bob'),
    post(5, 4, 2),
    post(6, 5),
    post(7, 6, 4),
  ];

  test('the first post written is the original post, whatever order the posts come in', () => {
    const arranged = arrangeThread([...posts].reverse(), false);
    expect(arranged.original?.id).toBe(1);
    expect(arranged.replies.map((reply) => reply.post.id)).not.toContain(1);
  });

  test('oldest first: Roman numerals at the top, "Reply to @author # n" below, nested under parents', () => {
    expect(layout(posts)).toEqual([
      { id: 2, depth: 0, label: 'Reply # I' },
      { id: 4, depth: 1, label: 'Reply to @u2 # 1' },
      { id: 7, depth: 2, label: 'Reply to @bob # 1' },
      { id: 5, depth: 1, label: 'Reply to @u2 # 2' },
      { id: 3, depth: 0, label: 'Reply # II' },
      { id: 6, depth: 0, label: 'Reply # III' },
    ]);
  });

  test('latest first: newest update on top, numbered in writing order; nested replies stay oldest first', () => {
    expect(layout(posts, true)).toEqual([
      { id: 6, depth: 0, label: 'Update # 3' },
      { id: 3, depth: 0, label: 'Update # 2' },
      { id: 2, depth: 0, label: 'Update # 1' },
      { id: 4, depth: 1, label: 'Comment on Update # 1' },
      { id: 7, depth: 2, label: 'Comment on Update # 1' },
      { id: 5, depth: 1, label: 'Comment on Update # 1' },
    ]);
  });

  test('a reply to the original post, or to a post that is gone, is a top-level reply', () => {
    expect(layout([post(1, 0), post(2, 1, 1), post(3, 2, 99)])).toEqual([
      { id: 2, depth: 0, label: 'Reply # I' },
      { id: 3, depth: 0, label: 'Reply # II' },
    ]);
  });

  test('a deleted author is replied to as @Anonymous', () => {
    expect(layout([post(1, 0), post(2, 1, null, null), post(3, 2, 2)])[1]?.label).toBe(
      'Reply to @Anonymous # 1',
    );
  });

  test('equal times keep id order', () => {
    const same = [post(1, 0), { ...post(3, 1) }, { ...post(2, 1) }];
    expect(layout(same).map((reply) => reply.id)).toEqual([2, 3]);
  });

  test('a long chain keeps nesting in the data; indentation stops at depth 6, colours cycle through 6', () => {
    const chain = [post(1, 0), post(2, 1)];
    for (let id = 3; id <= 12; id++) chain.push(post(id, id, id - 1));
    const depths = layout(chain).map((reply) => reply.depth);
    expect(depths).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(depths.map(indentPx)).toEqual([0, 16, 32, 48, 64, 80, 96, 96, 96, 96, 96]);
    expect(depths.map(depthColour)).toEqual([0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4]);
  });

  test('every post appears once, even with a parent cycle in bad data', () => {
    const cyclic = [post(1, 0), post(2, 1, 3), post(3, 2, 2), post(4, 3)];
    const ids = layout(cyclic).map((reply) => reply.id);
    expect([...ids].sort()).toEqual([2, 3, 4]);
  });
});

describe('delete preview', () => {
  test('at most 140 characters on one line', () => {
    expect(deletePreview('short\nreply')).toBe('short reply');
    const preview = deletePreview('word '.repeat(100));
    expect(preview.length).toBeLessThanOrEqual(140);
    expect(preview.endsWith('…')).toBe(true);
  });
});
