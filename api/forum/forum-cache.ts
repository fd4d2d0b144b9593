import { gzipSync } from 'node:zlib';
import type { ThreadDetail } from '../../contract/forum';
import { AnswerCache } from '../answer-cache';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cachedJson, ifNoneMatchHits, type CachedJson } from '../http-cache';

/** A thread as every caller sees it, and who likes which of its posts (to answer signed-in callers). */
export interface LoadedThread {
  detail: ThreadDetail;
  /** The visitors' answer, serialized once. */
  visitor: CachedJson;
  /** User id → ids of the posts of this thread they like. */
  likedBy: Map<number, Set<number>>;
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

interface ThreadEntry {
  loaded: Promise<LoadedThread | undefined>;
  expires: number;
  /** The catalogue the series references were read from: a newer one (a renamed series) reloads. */
  snapshot: CatalogueSnapshot;
}

/** The change-feed topics of the forum: what a thread shows changed; only its likes changed. */
export const FORUM_TOPIC = 'forum';
export const FORUM_LIKES_TOPIC = 'forum-likes';

export interface ForumCacheOptions {
  /** Tells the other instances (the change feed's publish); their caches drop the same entries. */
  announce?: (topic: string, threadIds: number[] | null) => void;
  maxThreads?: number;
  now?: () => number;
}

/**
 * The forum's hot reads held in memory: thread lists and searches (as visitors see them) and whole threads
 * with their like index, so a thread of hundreds of posts is read from the database once per change, not
 * once per request. Every write drops what it changed here at once and announces it, so the other
 * instances drop it too (`forget`, `forgetLikes`); the TTL (CACHE_TTL_MS) bounds changes nobody announced.
 */
export class ForumCache {
  readonly lists: AnswerCache;
  private readonly threads = new Map<number, ThreadEntry>();
  private readonly maxThreads: number;
  private readonly now: () => number;

  constructor(
    private readonly ttlMs: number,
    private readonly options: ForumCacheOptions = {},
  ) {
    this.maxThreads = options.maxThreads ?? 200;
    this.now = options.now ?? Date.now;
    this.lists = new AnswerCache({ ttlMs, now: this.now });
  }

  /** The thread from memory, or `load()`'s answer, kept until a change or the TTL. Missing threads are not kept. */
  thread(
    threadId: number,
    snapshot: CatalogueSnapshot,
    load: () => Promise<LoadedThread | undefined>,
  ): Promise<LoadedThread | undefined> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.threads.get(threadId);
    if (hit && hit.expires > now && hit.snapshot === snapshot) {
      // Most recently used last, so eviction drops the coldest thread.
      this.threads.delete(threadId);
      this.threads.set(threadId, hit);
      return hit.loaded;
    }
    const entry: ThreadEntry = { loaded: load(), expires: now + this.ttlMs, snapshot };
    this.threads.set(threadId, entry);
    const forget = () => {
      if (this.threads.get(threadId) === entry) this.threads.delete(threadId);
    };
    entry.loaded.then((loaded) => loaded ?? forget(), forget);
    while (this.threads.size > this.maxThreads) this.threads.delete(this.threads.keys().next().value!);
    return entry.loaded;
  }

  /** After a write to a thread's title, flags, posts or references (or its creation or deletion). */
  threadChanged(threadId: number): void {
    this.forget([threadId]);
    this.options.announce?.(FORUM_TOPIC, [threadId]);
  }

  /** After a like toggle: only the thread changed, the lists show no likes. */
  likesChanged(threadId: number): void {
    this.forgetLikes([threadId]);
    this.options.announce?.(FORUM_LIKES_TOPIC, [threadId]);
  }

  /** After a change to threads nobody listed (an account deleted: its posts turn anonymous, its likes go). */
  everythingChanged(): void {
    this.forget(null);
    this.options.announce?.(FORUM_TOPIC, null);
  }

  /** Drops the threads (null: every thread) and every list, without announcing: another instance's write. */
  forget(threadIds: number[] | null): void {
    if (threadIds) for (const id of threadIds) this.threads.delete(id);
    else this.threads.clear();
    this.lists.invalidate();
  }

  /** Drops the threads whose likes changed (null: every thread); the lists stay. */
  forgetLikes(threadIds: number[] | null): void {
    if (threadIds) for (const id of threadIds) this.threads.delete(id);
    else this.threads.clear();
  }
}

/** The thread as this caller sees it: the visitors' answer unless they like one of its posts. */
export function answerFor(loaded: LoadedThread, viewerId: number | null): CachedJson {
  const liked = viewerId === null ? undefined : loaded.likedBy.get(viewerId);
  if (!liked || liked.size === 0) return loaded.visitor;
  const { thread, posts } = loaded.detail;
  return cachedJson({
    thread,
    posts: posts.map((post) => (liked.has(post.id) ? { ...post, viewer_has_hearted: true } : post)),
  });
}

/** Sends the gzipped answer as sendCachedJson sends the plain one: its own ETag, 304 while it still holds. */
export function sendGzip(
  request: FastifyRequest,
  reply: FastifyReply,
  gzip: CachedGzip,
  cacheControl: string,
): FastifyReply {
  reply.header('etag', gzip.etag).header('cache-control', cacheControl);
  if (ifNoneMatchHits(request.headers['if-none-match'], gzip.etag)) return reply.code(304).send();
  return reply.header('content-encoding', 'gzip').type('application/json; charset=utf-8').send(gzip.bytes);
}
