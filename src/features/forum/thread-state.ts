import type { LikeResult, Post, Thread } from '../../../contract/forum';
import type { InitialThread } from './forum-types';
import { isPossibleSerialId } from '../../../contract/http-values';

/*
 * The thread page's state, pure: the thread as shown and the changes the page's own writes make to it
 * (thread-queries.ts puts them in the cache), which post bodies still need rendering, and what the page
 * has open (an edit, reply forms, the delete confirmation, an edit history). The island (ThreadView.tsx)
 * only wires them to the screen.
 */

/** A post as the thread page shows it: the build's HTML until the live markdown is known. */
export type ShownPost = Omit<Post, 'content_markdown'> & { content_markdown: string | null };

/** A thread as the page shows it: the live detail, or the build's (whose posts carry no markdown). */
export interface ShownThread {
  thread: Thread;
  posts: ShownPost[];
}

/** The build's thread as the page shows it before the live one is read. */
export function fromInitial(initial: InitialThread): ShownThread {
  return {
    thread: initial.thread,
    posts: initial.posts.map(({ html: _html, ...post }) => ({
      ...post,
      content_markdown: null,
      viewer_has_hearted: false,
    })),
  };
}

/** The thread a fallback page (`/forum/{id}`, rewritten) shows, from its address; null for any other. */
export function threadIdFromPath(pathname: string): number | null {
  const match = /^\/forum\/(\d{1,10})\/?$/.exec(pathname);
  const id = match ? Number(match[1]) : NaN;
  return isPossibleSerialId(id) ? id : null;
}

/** The ids of a post and every reply under it (deleting a post deletes its replies). */
export function subtreeIds(posts: readonly ShownPost[], rootId: number): Set<number> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const post of posts) {
      if (post.parent_id !== null && ids.has(post.parent_id) && !ids.has(post.id)) {
        ids.add(post.id);
        grew = true;
      }
    }
  }
  return ids;
}

// The changes the page's writes make, once the API confirmed them.

/** The posts changed, and the thread's post count moved by `postCountDelta` (never below 0). */
function withPosts(
  current: ShownThread,
  change: (posts: ShownPost[]) => ShownPost[],
  postCountDelta = 0,
): ShownThread {
  return {
    thread: { ...current.thread, post_count: Math.max(0, current.thread.post_count + postCountDelta) },
    posts: change(current.posts),
  };
}

/** A new post, at the end (once: a post already shown is replaced). */
export function withNewPost(current: ShownThread, post: Post): ShownThread {
  return withPosts(current, (posts) => [...posts.filter((p) => p.id !== post.id), post], 1);
}

/** An edited post, in its place. */
export function withSavedPost(current: ShownThread, saved: Post): ShownThread {
  return withPosts(current, (posts) => posts.map((p) => (p.id === saved.id ? saved : p)));
}

/** A like given or taken back, as the API counted it. */
export function withLike(current: ShownThread, postId: number, result: LikeResult): ShownThread {
  return withPosts(current, (posts) =>
    posts.map((p) =>
      p.id === postId ? { ...p, heart_count: result.count, viewer_has_hearted: result.hearted } : p,
    ),
  );
}

/** Deleted posts gone, and the post count down by as many. */
export function withoutPosts(current: ShownThread, gone: ReadonlySet<number>): ShownThread {
  return withPosts(current, (posts) => posts.filter((post) => !gone.has(post.id)), -gone.size);
}

/** The thread's own fields changed (following, locked, latest first). */
export function withThreadChange(current: ShownThread, change: Partial<Thread>): ShownThread {
  return { ...current, thread: { ...current.thread, ...change } };
}

/** What a like button shows: the like being sent (then disabled), else the post's own. */
export interface ShownLike {
  count: number;
  liked: boolean;
  pending: boolean;
}

export interface PendingLike {
  count: number;
  liked: boolean;
}

/** The like a click sends: the other state, the count moved by one (never below 0). */
export function likeToggled(post: ShownPost): PendingLike {
  const liked = !post.viewer_has_hearted;
  return { liked, count: Math.max(0, post.heart_count + (liked ? 1 : -1)) };
}

export function shownLike(post: ShownPost, pending: PendingLike | undefined): ShownLike {
  return pending
    ? { ...pending, pending: true }
    : { count: post.heart_count, liked: post.viewer_has_hearted, pending: false };
}

// Post bodies: the build's HTML while a post is unchanged, else rendered in the browser.

/** The build's HTML of a post, valid while its `updated_at` is unchanged. */
export interface BuiltBody {
  updated_at: string;
  html: string;
}

/** Bodies rendered in the browser are kept by post version: `{post id}@{updated_at}`. */
export function versionKey(post: Pick<ShownPost, 'id' | 'updated_at'>): string {
  return `${post.id}@${post.updated_at}`;
}

/**
 * Each post's HTML: the build's while the post is unchanged, else the one rendered here for its version,
 * else the build's older one, else null (its text shows).
 */
export function postBodies(
  posts: readonly ShownPost[],
  built: ReadonlyMap<number, BuiltBody>,
  rendered: ReadonlyMap<string, string>,
): Map<number, string | null> {
  const html = new Map<number, string | null>();
  for (const post of posts) {
    const fromBuild = built.get(post.id);
    if (fromBuild && fromBuild.updated_at === post.updated_at) html.set(post.id, fromBuild.html);
    else html.set(post.id, rendered.get(versionKey(post)) ?? fromBuild?.html ?? null);
  }
  return html;
}

/** The posts whose current version has markdown to render and no HTML yet. */
export function unrenderedPosts(
  posts: readonly ShownPost[],
  built: ReadonlyMap<number, BuiltBody>,
  rendered: ReadonlyMap<string, string>,
): Array<ShownPost & { content_markdown: string }> {
  return posts.filter(
    (post): post is ShownPost & { content_markdown: string } =>
      post.content_markdown !== null &&
      built.get(post.id)?.updated_at !== post.updated_at &&
      !rendered.has(versionKey(post)),
  );
}

// What the reader has open on the page.

export interface ThreadUi {
  /** The post being edited: one at a time. */
  editingId: number | null;
  /** The posts whose "Reply to this reply" form is open. */
  openReplies: ReadonlySet<number>;
  /** The post the delete confirmation asks about, with the text it quotes. */
  confirming: { post: ShownPost; preview: string } | null;
  /** The post whose edit history is open, with its label. */
  historyOf: { post: ShownPost; label: string } | null;
}

export const CLOSED: ThreadUi = {
  editingId: null,
  openReplies: new Set(),
  confirming: null,
  historyOf: null,
};

export type ThreadUiAction =
  | { type: 'edit'; postId: number | null }
  /** Opens a reply form, or closes it (its Cancel, and once its reply is posted). */
  | { type: 'toggle-reply'; postId: number }
  | { type: 'confirm-delete'; post: ShownPost; preview: string }
  | { type: 'cancel-delete' }
  /** A confirmed delete: the confirmation closes, and an edit of a deleted post with it. */
  | { type: 'deleted'; gone: ReadonlySet<number> }
  | { type: 'show-history'; post: ShownPost; label: string }
  | { type: 'close-history' };

export function threadUi(state: ThreadUi, action: ThreadUiAction): ThreadUi {
  switch (action.type) {
    case 'edit':
      return { ...state, editingId: action.postId };
    case 'toggle-reply': {
      const openReplies = new Set(state.openReplies);
      if (!openReplies.delete(action.postId)) openReplies.add(action.postId);
      return { ...state, openReplies };
    }
    case 'confirm-delete':
      return { ...state, confirming: { post: action.post, preview: action.preview } };
    case 'cancel-delete':
      return { ...state, confirming: null };
    case 'deleted':
      return {
        ...state,
        confirming: null,
        editingId: state.editingId !== null && action.gone.has(state.editingId) ? null : state.editingId,
      };
    case 'show-history':
      return { ...state, historyOf: { post: action.post, label: action.label } };
    case 'close-history':
      return { ...state, historyOf: null };
  }
}

/** What a reader may do with a post. */
export interface PostRights {
  /** Replying: an open thread, or an admin in a locked one. */
  canReply: boolean;
  /** Edit and Delete: the author or an admin, where they may write. */
  canModify: boolean;
  /** The edit history: the author or an admin, locked thread or not. */
  canSeeHistory: boolean;
}

export function postRights(
  post: Pick<ShownPost, 'author_username'>,
  viewer: { username: string } | null,
  admin: boolean,
  mayWrite: boolean,
): PostRights {
  const authorOrAdmin =
    viewer !== null && (admin || (post.author_username !== null && post.author_username === viewer.username));
  return { canReply: mayWrite, canModify: mayWrite && authorOrAdmin, canSeeHistory: authorOrAdmin };
}
