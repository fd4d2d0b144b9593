import { describe, expect, test } from 'vitest';
import type { InitialThread } from '../../src/features/forum/forum-types';
import {
  CLOSED,
  fromInitial,
  likeToggled,
  postBodies,
  postRights,
  shownLike,
  subtreeIds,
  threadIdFromPath,
  threadUi,
  unrenderedPosts,
  versionKey,
  withLike,
  withNewPost,
  withoutPosts,
  withSavedPost,
  withThreadChange,
  type ShownPost,
} from '../../src/features/forum/thread-state';
import { forumPost, forumThread, shownThread } from './forum-fixture';

describe('the build’s thread as the page shows it', () => {
  test('posts lose their HTML, have no markdown yet and no like of the reader', () => {
    const { content_markdown: _markdown, viewer_has_hearted: _hearted, ...post } = forumPost(1);
    const initial: InitialThread = { thread: forumThread(), posts: [{ ...post, html: '<p>Post 1</p>' }] };
    const shown = fromInitial(initial);
    expect(shown.thread).toBe(initial.thread);
    expect(shown.posts).toEqual([{ ...post, content_markdown: null, viewer_has_hearted: false }]);
    expect(shown.posts[0]).not.toHaveProperty('html');
  });

  test('a fallback page finds its thread in /forum/{id} only', () => {
    expect(threadIdFromPath('/forum/42')).toBe(42);
    expect(threadIdFromPath('/forum/42/')).toBe(42);
    expect(threadIdFromPath('/forum/fallback')).toBeNull();
    expect(threadIdFromPath('/forum/0')).toBeNull();
    expect(threadIdFromPath('/forum/42/edit')).toBeNull();
    expect(threadIdFromPath('/forum/12345678901')).toBeNull();
  });
});

describe('what the page’s writes change', () => {
  // 1 ← 2 ← 3 ← 5, 1 ← 4: deleting 2 takes 3 and 5 with it, not 4.
  const posts = [forumPost(1), forumPost(2, 1), forumPost(3, 2), forumPost(4, 1), forumPost(5, 3)];

  test('a deleted post goes with every reply under it, however deep, in any order', () => {
    expect([...subtreeIds(posts, 2)].sort()).toEqual([2, 3, 5]);
    expect([...subtreeIds([...posts].reverse(), 2)].sort()).toEqual([2, 3, 5]);
    expect([...subtreeIds(posts, 4)]).toEqual([4]);
    const after = withoutPosts(shownThread(posts), subtreeIds(posts, 2));
    expect(after.posts.map((post) => post.id)).toEqual([1, 4]);
    expect(after.thread.post_count).toBe(2);
  });

  test('the post count never goes below 0', () => {
    const thread = shownThread(posts, { post_count: 1 });
    expect(withoutPosts(thread, new Set([2, 3, 5])).thread.post_count).toBe(0);
  });

  test('a new post is added once and counted once', () => {
    const thread = shownThread(posts.slice(0, 2));
    const added = withNewPost(thread, forumPost(9, 1));
    expect(added.posts.map((post) => post.id)).toEqual([1, 2, 9]);
    expect(added.thread.post_count).toBe(3);
    // A poll that already brought it: replaced, not doubled.
    expect(withNewPost(added, forumPost(9, 1)).posts.map((post) => post.id)).toEqual([1, 2, 9]);
    expect(thread.posts).toHaveLength(2);
  });

  test('an edited post keeps its place; a like takes the API’s count', () => {
    const thread = shownThread(posts);
    const saved = withSavedPost(thread, forumPost(3, 2, { content_markdown: 'Edited' }));
    expect(saved.posts.map((post) => post.content_markdown)).toEqual([
      'Post 1',
      'Post 2',
      'Edited',
      'Post 4',
      'Post 5',
    ]);
    expect(saved.thread.post_count).toBe(5);
    const liked = withLike(thread, 4, { hearted: true, count: 12 });
    expect(liked.posts[3]).toMatchObject({ heart_count: 12, viewer_has_hearted: true });
    expect(liked.posts[2]).toBe(thread.posts[2]);
  });

  test('thread settings change the thread, not its posts', () => {
    const thread = shownThread(posts);
    const changed = withThreadChange(thread, { latest_first: true, settings: { latest_first: true } });
    expect(changed.thread).toMatchObject({
      latest_first: true,
      settings: { latest_first: true },
      title: 'A thread',
    });
    expect(changed.posts).toBe(thread.posts);
  });
});

describe('likes', () => {
  const post = (count: number, mine: boolean): ShownPost =>
    forumPost(1, null, { heart_count: count, viewer_has_hearted: mine });

  test('a click shows the other state and moves the count by one, never below 0', () => {
    expect(likeToggled(post(3, false))).toEqual({ liked: true, count: 4 });
    expect(likeToggled(post(3, true))).toEqual({ liked: false, count: 2 });
    expect(likeToggled(post(0, true))).toEqual({ liked: false, count: 0 });
  });

  test('the button shows the like being sent (and waits), else the post’s own', () => {
    expect(shownLike(post(3, false), { liked: true, count: 4 })).toEqual({
      liked: true,
      count: 4,
      pending: true,
    });
    expect(shownLike(post(3, true), undefined)).toEqual({ liked: true, count: 3, pending: false });
  });
});

describe('post bodies', () => {
  const built = new Map([
    [1, { updated_at: forumPost(1).updated_at, html: '<p>built 1</p>' }],
    [2, { updated_at: forumPost(2).updated_at, html: '<p>built 2</p>' }],
  ]);
  const edited = forumPost(2, 1, { updated_at: '2026-02-01T00:00:00.000Z', content_markdown: 'New 2' });

  test('the build’s HTML while a post is unchanged; an edited one waits for its rendering', () => {
    const posts = [forumPost(1), edited, forumPost(3, 1)];
    expect(postBodies(posts, built, new Map())).toEqual(
      new Map([
        [1, '<p>built 1</p>'],
        // The build's older HTML until the new version is rendered.
        [2, '<p>built 2</p>'],
        [3, null],
      ]),
    );
    expect(unrenderedPosts(posts, built, new Map()).map((post) => post.id)).toEqual([2, 3]);

    const rendered = new Map([
      [versionKey(edited), '<p>New 2</p>'],
      [versionKey(forumPost(3, 1)), '<p>Post 3</p>'],
    ]);
    expect(postBodies(posts, built, rendered).get(2)).toBe('<p>New 2</p>');
    expect(unrenderedPosts(posts, built, rendered)).toEqual([]);
  });

  test('posts of the build (no markdown yet) are never rendered here', () => {
    const fromBuild = { ...forumPost(3, 1), content_markdown: null };
    expect(unrenderedPosts([fromBuild], built, new Map())).toEqual([]);
    expect(postBodies([fromBuild], built, new Map()).get(3)).toBeNull();
  });
});

describe('what the reader has open', () => {
  const two = forumPost(2, 1);

  test('a reply form opens and closes again; several may be open', () => {
    const one = threadUi(CLOSED, { type: 'toggle-reply', postId: 2 });
    const both = threadUi(one, { type: 'toggle-reply', postId: 3 });
    expect([...both.openReplies]).toEqual([2, 3]);
    expect([...threadUi(both, { type: 'toggle-reply', postId: 2 }).openReplies]).toEqual([3]);
    expect(CLOSED.openReplies.size).toBe(0);
  });

  test('a delete closes its confirmation, and the edit of a post it took', () => {
    const editing = threadUi(threadUi(CLOSED, { type: 'edit', postId: 5 }), {
      type: 'confirm-delete',
      post: two,
      preview: 'Post 2',
    });
    expect(editing.confirming).toEqual({ post: two, preview: 'Post 2' });
    const gone = threadUi(editing, { type: 'deleted', gone: new Set([2, 5]) });
    expect(gone).toMatchObject({ confirming: null, editingId: null });
    // An edit elsewhere stays open.
    expect(threadUi(editing, { type: 'deleted', gone: new Set([2]) })).toMatchObject({
      confirming: null,
      editingId: 5,
    });
    expect(threadUi(editing, { type: 'cancel-delete' })).toMatchObject({ confirming: null, editingId: 5 });
  });

  test('the edit history opens for one post and closes', () => {
    const open = threadUi(CLOSED, { type: 'show-history', post: two, label: 'Reply # I' });
    expect(open.historyOf).toEqual({ post: two, label: 'Reply # I' });
    expect(threadUi(open, { type: 'close-history' }).historyOf).toBeNull();
  });
});

describe('who may do what with a post', () => {
  const mine = forumPost(2, 1, { author_username: 'ana' });
  const anonymous = forumPost(3, 1, { author_username: null });
  const ana = { username: 'ana' };

  test('its author edits and deletes it and sees its history; others only reply', () => {
    expect(postRights(mine, ana, false, true)).toEqual({
      canReply: true,
      canModify: true,
      canSeeHistory: true,
    });
    expect(postRights(mine, { username: 'bo' }, false, true)).toEqual({
      canReply: true,
      canModify: false,
      canSeeHistory: false,
    });
    expect(postRights(mine, null, false, true)).toEqual({
      canReply: true,
      canModify: false,
      canSeeHistory: false,
    });
  });

  test('a deleted account’s post is nobody’s but an admin’s', () => {
    expect(postRights(anonymous, ana, false, true).canModify).toBe(false);
    expect(postRights(anonymous, ana, true, true).canModify).toBe(true);
  });

  test('in a locked thread (no writing) the author keeps the history only', () => {
    expect(postRights(mine, ana, false, false)).toEqual({
      canReply: false,
      canModify: false,
      canSeeHistory: true,
    });
  });
});
