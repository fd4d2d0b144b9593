import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LikeResult, Post } from '../../contract/forum';
import type { SessionUser } from '../../src/features/accounts/session-store';
import * as forumApi from '../../src/features/forum/forum-api';
import { threadStore } from '../../src/features/forum/forum-queries';
import {
  $deletePost,
  $likePost,
  $pendingLikes,
  $threadSetting,
  addPost,
  savePost,
  type ThreadTarget,
} from '../../src/features/forum/thread-queries';
import type { ShownThread } from '../../src/features/forum/thread-state';
import { forumPost, shownThread } from './forum-fixture';

// The forum's HTTP calls, answered here: what is tested is what the cached thread (every island reading
// it) shows before and after each write.
vi.mock('../../src/features/forum/forum-api', async (original) => ({
  ...(await original<typeof forumApi>()),
  fetchThread: vi.fn(),
  toggleLike: vi.fn(),
  createPost: vi.fn(),
  updatePost: vi.fn(),
  deletePost: vi.fn(),
  setFollowing: vi.fn(),
  setThreadLocked: vi.fn(),
  setLatestFirst: vi.fn(),
}));
const api = vi.mocked(forumApi);

let nextUser = 1;
let stop: Array<() => void> = [];

/** A reader (a new one per test, so each test has its own cache entry) watching thread 1. */
async function watchThread(live: ShownThread | null, built: ShownThread | null = null) {
  const user = { id: nextUser++, username: 'ana', role: 'USER' } as SessionUser;
  api.fetchThread.mockReturnValue(
    live ? Promise.resolve({ detail: live as never, etag: '"v1"' }) : new Promise(() => undefined),
  );
  const store = threadStore(1, user);
  stop.push(store.listen(() => {}));
  if (live) await vi.waitFor(() => expect(store.get().data).toBe(live));
  const target: ThreadTarget = { id: 1, user, built };
  return { target, shown: () => store.get().data, store };
}

/** An answer the test gives when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

const ids = (thread: ShownThread | undefined) => thread?.posts.map((post) => post.id);

beforeEach(() => {
  vi.clearAllMocks();
  for (const store of [$likePost, $deletePost, $threadSetting]) stop.push(store.listen(() => {}));
});
afterEach(() => {
  stop.forEach((unlisten) => unlisten());
  stop = [];
});

describe('a like', () => {
  it('shows on its button at once, then the API’s count in the thread', async () => {
    const { target, shown } = await watchThread(
      shownThread([forumPost(1), forumPost(2, 1, { heart_count: 4 })]),
    );
    const answer = deferred<LikeResult>();
    api.toggleLike.mockReturnValue(answer.promise);

    const sent = $likePost.mutate({ target, post: shown()!.posts[1]! });
    expect($pendingLikes.get().get(2)).toEqual({ liked: true, count: 5 });
    expect(shown()!.posts[1]).toMatchObject({ heart_count: 4, viewer_has_hearted: false });
    expect(api.toggleLike).toHaveBeenCalledWith(1, 2);

    answer.resolve({ hearted: true, count: 9 });
    expect(await sent).toEqual({ hearted: true, count: 9 });
    expect(shown()!.posts[1]).toMatchObject({ heart_count: 9, viewer_has_hearted: true });
    expect($pendingLikes.get().has(2)).toBe(false);
  });

  it('leaves the thread as it was when it fails, with the button back', async () => {
    const { target, shown } = await watchThread(shownThread([forumPost(1, null, { heart_count: 1 })]));
    const before = shown();
    const offline = new Error('fetch failed');
    api.toggleLike.mockRejectedValue(offline);

    expect(await $likePost.mutate({ target, post: before!.posts[0]! })).toBeUndefined();
    expect(shown()).toBe(before);
    expect($pendingLikes.get().size).toBe(0);
    expect($likePost.get().error).toBe(offline);
  });

  it('on two posts at once keeps each one’s pending state', async () => {
    const { target, shown } = await watchThread(shownThread([forumPost(1), forumPost(2, 1)]));
    const first = deferred<LikeResult>();
    const second = deferred<LikeResult>();
    api.toggleLike.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);

    const one = $likePost.mutate({ target, post: shown()!.posts[0]! });
    const two = $likePost.mutate({ target, post: shown()!.posts[1]! });
    expect([...$pendingLikes.get().keys()]).toEqual([1, 2]);
    second.resolve({ hearted: true, count: 1 });
    await two;
    expect([...$pendingLikes.get().keys()]).toEqual([1]);
    first.resolve({ hearted: true, count: 1 });
    await one;
    expect(shown()!.posts.map((post) => post.heart_count)).toEqual([1, 1]);
  });
});

describe('replies and edits', () => {
  it('a reply shows in the thread, counted, once the API has it', async () => {
    const { target, shown } = await watchThread(shownThread([forumPost(1), forumPost(2, 1)]));
    const reply = forumPost(3, 2);
    api.createPost.mockResolvedValue(reply);

    expect(await addPost({ target, parentId: 2, content: '  Hello  ', seriesIds: [7] })).toBe(reply);
    expect(api.createPost).toHaveBeenCalledWith(1, {
      content_markdown: 'Hello',
      parent_id: 2,
      series_ids: [7],
    });
    expect(ids(shown())).toEqual([1, 2, 3]);
    expect(shown()!.thread.post_count).toBe(3);
  });

  it('a refused reply throws the API’s error and changes nothing', async () => {
    const { target, shown } = await watchThread(shownThread([forumPost(1)]));
    const before = shown();
    const refused = Object.assign(new Error('422'), { data: { detail: 'Too many mentions' } });
    api.createPost.mockRejectedValue(refused);

    await expect(addPost({ target, parentId: null, content: 'x', seriesIds: [] })).rejects.toBe(refused);
    expect(shown()).toBe(before);
  });

  it('an edit is shown in its place', async () => {
    const { target, shown } = await watchThread(shownThread([forumPost(1), forumPost(2, 1)]));
    const saved = forumPost(1, null, { content_markdown: 'Edited', edited_at: '2026-02-01T00:00:00.000Z' });
    api.updatePost.mockResolvedValue(saved);

    expect(await savePost({ target, postId: 1, content: 'Edited', seriesIds: [] })).toBe(saved);
    expect(api.updatePost).toHaveBeenCalledWith(1, 1, 'Edited', []);
    expect(shown()!.posts.map((post) => post.content_markdown)).toEqual(['Edited', 'Post 2']);
  });

  it('before the live thread is read, a reply goes onto the build’s thread', async () => {
    const built = shownThread([{ ...forumPost(1), content_markdown: null } as unknown as Post]);
    const { target, shown } = await watchThread(null, built);
    api.createPost.mockResolvedValue(forumPost(2, 1));

    await addPost({ target, parentId: null, content: 'First!', seriesIds: [] });
    expect(ids(shown())).toEqual([1, 2]);
    expect(shown()!.thread.post_count).toBe(2);
  });
});

describe('deleting a post', () => {
  it('takes its replies with it and answers the ids gone, one delete at a time', async () => {
    const posts = [forumPost(1), forumPost(2, 1), forumPost(3, 2), forumPost(4, 1)];
    const { target, shown } = await watchThread(shownThread(posts));
    const answer = deferred<void>();
    api.deletePost.mockReturnValue(answer.promise);

    const deleting = $deletePost.mutate({ target, post: posts[1]!, asAdmin: true });
    expect($deletePost.get().loading).toBe(true);
    // A second click while it runs sends nothing.
    expect(await $deletePost.mutate({ target, post: posts[3]!, asAdmin: true })).toBeUndefined();
    expect(api.deletePost).toHaveBeenCalledTimes(1);
    expect(api.deletePost).toHaveBeenCalledWith(1, 2, true);

    answer.resolve();
    expect([...(await deleting)!].sort()).toEqual([2, 3]);
    expect(ids(shown())).toEqual([1, 4]);
    expect(shown()!.thread.post_count).toBe(2);
    expect($deletePost.get().loading).toBe(false);
  });

  it('keeps everything when it fails, with the error in the store', async () => {
    const posts = [forumPost(1), forumPost(2, 1)];
    const { target, shown } = await watchThread(shownThread(posts));
    const before = shown();
    const forbidden = new Error('403');
    api.deletePost.mockRejectedValue(forbidden);

    expect(await $deletePost.mutate({ target, post: posts[1]!, asAdmin: false })).toBeUndefined();
    expect(api.deletePost).toHaveBeenCalledWith(1, 2, false);
    expect(shown()).toBe(before);
    expect($deletePost.get().error).toBe(forbidden);
  });
});

describe('thread settings', () => {
  it('following, locking and the order show the API’s answer', async () => {
    const { target, shown } = await watchThread(shownThread([forumPost(1)]));
    api.setFollowing.mockResolvedValue(true);
    api.setThreadLocked.mockResolvedValue({ id: 1, locked: true });
    api.setLatestFirst.mockResolvedValue({ id: 1, latest_first: true });

    await $threadSetting.mutate({ target, setting: { follow: true } });
    expect(api.setFollowing).toHaveBeenCalledWith(1, true);
    expect(shown()!.thread.viewer_following).toBe(true);

    await $threadSetting.mutate({ target, setting: { locked: true } });
    expect(api.setThreadLocked).toHaveBeenCalledWith(1, true);
    expect(shown()!.thread.locked).toBe(true);

    await $threadSetting.mutate({ target, setting: { latestFirst: true } });
    expect(api.setLatestFirst).toHaveBeenCalledWith(1, true);
    expect(shown()!.thread).toMatchObject({ latest_first: true, settings: { latest_first: true } });
  });

  it('a refused setting changes nothing', async () => {
    const { target, shown } = await watchThread(shownThread([forumPost(1)]));
    const before = shown();
    api.setThreadLocked.mockRejectedValue(new Error('403'));

    expect(await $threadSetting.mutate({ target, setting: { locked: true } })).toBeUndefined();
    expect(shown()).toBe(before);
  });
});

describe('the thread’s poll', () => {
  it('a 304 keeps what is shown, the page’s own changes included', async () => {
    const { target, shown, store } = await watchThread(shownThread([forumPost(1)]));
    expect(api.fetchThread).toHaveBeenLastCalledWith(1, null);
    api.createPost.mockResolvedValue(forumPost(2, 1));
    await addPost({ target, parentId: null, content: 'Reply', seriesIds: [] });

    api.fetchThread.mockResolvedValue({ detail: null, etag: '"v1"' });
    store.revalidate();
    await vi.waitFor(() => expect(api.fetchThread).toHaveBeenLastCalledWith(1, '"v1"'));
    await vi.waitFor(() => expect(store.get().loading).toBe(false));
    expect(ids(shown())).toEqual([1, 2]);
  });
});
