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

/**
 * The forum's hot reads held in memory: thread lists and searches (as visitors see them) and whole threads
 * with their like index, so a thread of hundreds of posts is read from the database once per change, not
 * once per request. Every write in this process drops what it changed at once; another instance's writes
 * show within the TTL (CACHE_TTL_MS), as with the tracker and the rankings.
 */
export class ForumCache {
  readonly lists: AnswerCache;
  private readonly threads = new Map<number, ThreadEntry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxThreads = 200,
    private readonly now: () => number = Date.now,
  ) {
    this.lists = new AnswerCache({ ttlMs, now });
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

  /** A thread's title, flags, posts or references changed (or it was created or deleted). */
  threadChanged(threadId: number): void {
    this.threads.delete(threadId);
    this.lists.invalidate();
  }

  /** Only likes changed: the lists show none. */
  likesChanged(threadId: number): void {
    this.threads.delete(threadId);
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
