import type { Post, Thread } from '../../../contract/forum';

/*
 * A short fingerprint of what a thread page shows that can change: the thread's title and settings, and each
 * post's version and like count. The build writes the built thread's into the page; the page's script
 * (thread-page-live.ts) compares the live thread's with it and wakes the thread's island only when they
 * differ, so a visitor reading an unchanged thread loads no framework.
 */

type VersionedThread = {
  thread: Pick<Thread, 'title' | 'updated_at' | 'locked' | 'pinned' | 'latest_first'>;
  posts: ReadonlyArray<Pick<Post, 'id' | 'updated_at' | 'heart_count'>>;
};

/** FNV-1a over the text, in base 36: a page attribute of a few characters instead of the whole text. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(36);
}

export function threadVersion({ thread, posts }: VersionedThread): string {
  const head = [thread.title, thread.updated_at, thread.locked, thread.pinned, thread.latest_first].join('|');
  // In id order: the build's and the live read need not list the posts in the same order.
  const body = [...posts]
    .sort((a, b) => a.id - b.id)
    .map((post) => `${post.id}:${post.updated_at}:${post.heart_count}`)
    .join(',');
  return `${hash(`${head}#${body}`)}.${posts.length}`;
}
