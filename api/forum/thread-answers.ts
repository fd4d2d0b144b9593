import { gzipSync } from 'node:zlib';
import type { ThreadDetail } from '../../contract/forum';
import { cachedJson, type CachedJson } from '../http-cache';

/** A thread as every caller sees it, and who likes which of its posts (to answer signed-in callers). */
export interface LoadedThread {
  detail: ThreadDetail;
  /** The visitors' answer, serialized once. */
  visitor: CachedJson;
  /** User id → ids of the posts of this thread they like. */
  likedBy: Map<number, Set<number>>;
  /** Ids of the users who follow the thread. */
  followers: Set<number>;
  /** The visitors' answer gzipped, made on first demand: a long thread shrinks to a tenth. */
  visitorGzip?: CachedGzip;
}

export interface CachedGzip {
  bytes: Buffer;
  /** The visitors' ETag, marked as this other representation's. */
  etag: string;
}

/** The visitors' answer gzipped once per load (level 6: a 300-post thread takes a few milliseconds). */
export function visitorGzip(loaded: LoadedThread): CachedGzip {
  loaded.visitorGzip ??= {
    bytes: gzipSync(loaded.visitor.body),
    etag: loaded.visitor.etag.replace(/"$/, '-gz"'),
  };
  return loaded.visitorGzip;
}

/** The thread as this caller sees it: the visitors' answer unless they like one of its posts or follow it. */
export function answerFor(loaded: LoadedThread, viewerId: number | null): CachedJson {
  const liked = viewerId === null ? undefined : loaded.likedBy.get(viewerId);
  const following = viewerId !== null && loaded.followers.has(viewerId);
  if ((!liked || liked.size === 0) && !following) return loaded.visitor;
  const { thread, posts } = loaded.detail;
  return cachedJson({
    thread: following ? { ...thread, viewer_following: true } : thread,
    posts: liked
      ? posts.map((post) => (liked.has(post.id) ? { ...post, viewer_has_hearted: true } : post))
      : posts,
  });
}
