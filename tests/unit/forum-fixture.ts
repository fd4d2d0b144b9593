import type { Post, Thread } from '../../contract/forum';
import type { ShownThread } from '../../src/features/forum/thread-state';

/** Post `id` of thread 1, written `minute` minutes in, replying to `parent`; overridable. */
export function forumPost(id: number, parent: number | null = null, overrides: Partial<Post> = {}): Post {
  const at = new Date(Date.UTC(2026, 0, 1, 12, id)).toISOString();
  return {
    id,
    thread_id: 1,
    parent_id: parent,
    author_username: `u${id}`,
    content_markdown: `Post ${id}`,
    created_at: at,
    updated_at: at,
    edited_at: null,
    heart_count: 0,
    viewer_has_hearted: false,
    series_refs: [],
    ...overrides,
  };
}

export function forumThread(overrides: Partial<Thread> = {}): Thread {
  return {
    id: 1,
    title: 'A thread',
    author_username: 'u1',
    created_at: '2026-01-01T12:00:00.000Z',
    updated_at: '2026-01-01T12:00:00.000Z',
    last_post_at: '2026-01-01T12:00:00.000Z',
    post_count: 0,
    locked: false,
    latest_first: false,
    pinned: false,
    settings: { latest_first: false },
    series_refs: [],
    viewer_following: false,
    ...overrides,
  };
}

/** A live thread with these posts, its post count theirs. */
export function shownThread(posts: Post[], overrides: Partial<Thread> = {}): ShownThread {
  return { thread: forumThread({ post_count: posts.length, ...overrides }), posts };
}
