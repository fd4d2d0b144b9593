import type { FastifyInstance } from 'fastify';
import {
  FORUM_API_TEXTS as TEXTS,
  FORUM_ERROR_CODES as CODES,
  type Post,
  type Thread,
  type ThreadDetail,
} from '../../contract/forum';
import { MAX_ID } from '../../contract/http';
import type { Config } from '../config';
import { httpError } from '../http-error';
import { cachedJson } from '../http-cache';
import type { ForumCache, LoadedThread } from './forum-cache';
import { removeForumImages } from './forum-images';
import { toPost, toThread } from './presenters';
import { loadPosts, threadById, threadLikes } from './thread-reads';
import type { ForumWriteLimits } from './thread-writes';

/* What the forum's three route plugins share: errors, answers and settings. */

export const threadNotFound = () => httpError(404, TEXTS.threadNotFound, { code: CODES.threadNotFound });
export const postNotFound = () => httpError(404, TEXTS.postNotFound, { code: CODES.postNotFound });
export const threadLocked = () => httpError(423, TEXTS.locked, { code: CODES.locked });

/** A path id above the largest integer id cannot name a row: 404, like a missing one. */
export function existingId(id: number, notFound: () => Error): number {
  if (id > MAX_ID) throw notFound();
  return id;
}

export function forumWriteLimits(config: Config): ForumWriteLimits {
  return {
    thread: { max: config.FORUM_THREAD_RATE_LIMIT_MAX, windowSeconds: config.FORUM_THREAD_RATE_LIMIT_WINDOW },
    post: { max: config.FORUM_POST_RATE_LIMIT_MAX, windowSeconds: config.FORUM_POST_RATE_LIMIT_WINDOW },
  };
}

export async function threadAnswer(app: FastifyInstance, threadId: number): Promise<Thread | undefined> {
  const [snapshot, row] = await Promise.all([app.catalogue.snapshot(), threadById(app.db, threadId)]);
  return row && toThread(row, snapshot, app.media);
}

/**
 * A thread with every post, oldest first, and its like index, from the forum cache or the database: a fixed
 * number of queries (thread, references, posts, mentions, likes), whatever the number of posts.
 */
export async function loadedThread(
  app: FastifyInstance,
  cache: ForumCache,
  threadId: number,
): Promise<LoadedThread | undefined> {
  const snapshot = await app.catalogue.snapshot();
  return cache.thread(threadId, snapshot, async () => {
    const [row, posts, likedBy] = await Promise.all([
      threadById(app.db, threadId),
      loadPosts(app.db, threadId, null),
      threadLikes(app.db, threadId),
    ]);
    if (!row) return undefined;
    const detail: ThreadDetail = {
      thread: toThread(row, snapshot, app.media),
      posts: posts.map((post) => toPost(post, snapshot, app.media)),
    };
    return { detail, visitor: cachedJson(detail), likedBy };
  });
}

export async function postAnswer(
  app: FastifyInstance,
  threadId: number,
  postId: number,
  viewerId: number,
): Promise<Post> {
  const [snapshot, [row]] = await Promise.all([
    app.catalogue.snapshot(),
    loadPosts(app.db, threadId, viewerId, [postId]),
  ]);
  if (!row) throw postNotFound();
  return toPost(row, snapshot, app.media);
}

/** Removes the files of deleted rows; the rows are gone, so a failure only leaves garbage, logged. */
export async function removeDeletedImages(app: FastifyInstance, keys: string[]): Promise<void> {
  await removeForumImages(app.media, keys).catch((error: unknown) =>
    app.log.warn({ err: error, keys }, 'could not remove deleted forum images'),
  );
}
