import { atom } from 'nanostores';
import type { LikeResult, Post, Thread } from '../../../contract/forum';
import { createMutatorStore, type MutatorStore } from '../../lib/query';
import type { SessionUser } from '../accounts/session-store';
import {
  createPost,
  deletePost,
  postBody,
  setFollowing,
  setLatestFirst,
  setThreadLocked,
  toggleLike,
  updatePost,
} from './forum-api';
import { threadStore } from './forum-queries';
import {
  likeToggled,
  subtreeIds,
  withLike,
  withNewPost,
  withoutPosts,
  withSavedPost,
  withThreadChange,
  type PendingLike,
  type ShownPost,
  type ShownThread,
} from './thread-state';

/*
 * The thread page's writes, as @nanostores/query mutator stores: each puts what the API confirmed into
 * the cached thread (forum-queries.ts), so the page shows it at once; the next poll brings the API's
 * own. A like shows on its button at once, before the answer.
 */

/** The thread a write changes, as `user` reads it; `built` (the build's) stands in until it is read. */
export interface ThreadTarget {
  id: number;
  user: SessionUser | null;
  built: ShownThread | null;
}

/** A change the API confirmed, put into the cached thread. */
function patchThread(target: ThreadTarget, change: (current: ShownThread) => ShownThread): void {
  const store = threadStore(target.id, target.user);
  const current = store.get().data ?? target.built;
  if (current) store.mutate(change(current));
}

/** Writes report their failure themselves: the error stays in the store and `mutate` answers undefined. */
const quiet = { onError: () => undefined };

/**
 * Answers a write's result, or throws its error (for callers that show it). nanoquery's `mutate` answers
 * undefined on failure and keeps the error in the store, but only while the store is watched (reading an
 * unwatched store starts and stops it, which clears it): it is watched for the call.
 */
async function sent<Data, Result>(store: MutatorStore<Data, Result>, data: Data): Promise<Result> {
  const unwatch = store.listen(() => undefined);
  try {
    const result = await store.mutate(data);
    if (result === undefined) throw store.get().error;
    return result;
  } finally {
    unwatch();
  }
}

/** Likes being sent, by post: what their buttons show (disabled) until the API answers. */
export const $pendingLikes = atom<ReadonlyMap<number, PendingLike>>(new Map());

function setPending(postId: number, like: PendingLike | null): void {
  const next = new Map($pendingLikes.get());
  if (like) next.set(postId, like);
  else next.delete(postId);
  $pendingLikes.set(next);
}

/**
 * Likes a post, or takes the like back. The button shows the new state at once (never below 0) and stays
 * disabled until the API answers; its count then goes into the cached thread. One call per post at a
 * time; `mutate` answers undefined on failure.
 */
export const $likePost = createMutatorStore<{ target: ThreadTarget; post: ShownPost }, LikeResult>(
  async ({ data: { target, post } }) => {
    setPending(post.id, likeToggled(post));
    try {
      const result = await toggleLike(target.id, post.id);
      patchThread(target, (current) => withLike(current, post.id, result));
      return result;
    } finally {
      setPending(post.id, null);
    }
  },
  { throttleCalls: false, ...quiet },
);

export interface NewPost {
  target: ThreadTarget;
  /** The post replied to; null for a reply to the thread. */
  parentId: number | null;
  content: string;
  seriesIds: number[];
}

const $addPost = createMutatorStore<NewPost, Post>(
  async ({ data: { target, parentId, content, seriesIds } }) => {
    const post = await createPost(target.id, postBody(content, parentId, seriesIds));
    patchThread(target, (current) => withNewPost(current, post));
    return post;
  },
  { throttleCalls: false, ...quiet },
);

/** Posts a reply; it shows in the thread at once. Throws the API's error. */
export const addPost = (post: NewPost): Promise<Post> => sent($addPost, post);

export interface EditedPost {
  target: ThreadTarget;
  postId: number;
  content: string;
  seriesIds: number[];
}

const $savePost = createMutatorStore<EditedPost, Post>(
  async ({ data: { target, postId, content, seriesIds } }) => {
    const saved = await updatePost(target.id, postId, content, seriesIds);
    patchThread(target, (current) => withSavedPost(current, saved));
    return saved;
  },
  { throttleCalls: false, ...quiet },
);

/** Saves an edited post in its place. Throws the API's error. */
export const savePost = (edit: EditedPost): Promise<Post> => sent($savePost, edit);

/**
 * Deletes a post (an admin with the admin route, an author with their own) and, in the cached thread,
 * every reply under it. Answers the ids gone; one at a time (`loading` while it runs), undefined on
 * failure with the error in the store.
 */
export const $deletePost = createMutatorStore<
  { target: ThreadTarget; post: ShownPost; asAdmin: boolean },
  ReadonlySet<number>
>(
  async ({ data: { target, post, asAdmin } }) => {
    await deletePost(target.id, post.id, asAdmin);
    let gone: ReadonlySet<number> = new Set([post.id]);
    patchThread(target, (current) => {
      gone = subtreeIds(current.posts, post.id);
      return withoutPosts(current, gone);
    });
    return gone;
  },
  { throttleCalls: true, ...quiet },
);

/** A thread setting: following it (any reader), locking it or its order (admins). */
export type ThreadSetting = { follow: boolean } | { locked: boolean } | { latestFirst: boolean };

async function settingChange(id: number, setting: ThreadSetting): Promise<Partial<Thread>> {
  if ('follow' in setting) return { viewer_following: await setFollowing(id, setting.follow) };
  if ('locked' in setting) return setThreadLocked(id, setting.locked);
  const { latest_first } = await setLatestFirst(id, setting.latestFirst);
  return { latest_first, settings: { latest_first } };
}

/**
 * Changes a thread setting; the thread shows the API's answer. One at a time (`loading` while it runs);
 * undefined on failure with the error in the store.
 */
export const $threadSetting = createMutatorStore<
  { target: ThreadTarget; setting: ThreadSetting },
  Partial<Thread>
>(
  async ({ data: { target, setting } }) => {
    const change = await settingChange(target.id, setting);
    patchThread(target, (current) => withThreadChange(current, change));
    return change;
  },
  { throttleCalls: true, ...quiet },
);
