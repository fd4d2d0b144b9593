import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../db/like-pattern';
import type { Database } from '../db/client';
import {
  forumLikes,
  forumPosts,
  forumPostSeries,
  forumThreads,
  forumThreadSeries,
  users,
} from '../db/schema';

/** A thread as the answers need it, with its author's current username (null once the account is gone). */
export interface ThreadRow {
  id: number;
  title: string;
  authorId: number | null;
  authorUsername: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastPostAt: Date;
  postCount: number;
  locked: boolean;
  latestFirst: boolean;
  pinned: boolean;
  /** Series the thread references, in order. */
  seriesIds: number[];
}

export interface PostRow {
  id: number;
  threadId: number;
  parentId: number | null;
  isOriginal: boolean;
  authorId: number | null;
  authorUsername: string | null;
  contentMarkdown: string;
  createdAt: Date;
  updatedAt: Date;
  editedAt: Date | null;
  likeCount: number;
  viewerLikes: boolean;
  seriesIds: number[];
}

const threadColumns = {
  id: forumThreads.id,
  title: forumThreads.title,
  authorId: forumThreads.authorId,
  authorUsername: users.username,
  createdAt: forumThreads.createdAt,
  updatedAt: forumThreads.updatedAt,
  lastPostAt: forumThreads.lastPostAt,
  postCount: forumThreads.postCount,
  locked: forumThreads.locked,
  latestFirst: forumThreads.latestFirst,
  pinned: forumThreads.pinned,
};

export interface ThreadFilters {
  q?: string | undefined;
  author?: string | undefined;
}

/** Words of a search, lower-cased: every one must appear in the title. */
function titleWords(q: string | undefined): string[] {
  return (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

/** A page of threads, pinned first, then by last activity; with the total for `X-Total-Count`. */
export async function listThreads(
  db: Database,
  { q, author }: ThreadFilters,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ threads: ThreadRow[]; total: number }> {
  const conditions: SQL[] = titleWords(q).map(
    (word) => sql`${forumThreads.searchText} like ${`%${escapeLike(word)}%`}`,
  );
  if (author) conditions.push(sql`lower(${users.username}) = lower(${author})`);
  const rows = await db
    .select({ ...threadColumns, total: sql<number>`(count(*) over ())::int` })
    .from(forumThreads)
    .leftJoin(users, eq(users.id, forumThreads.authorId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(forumThreads.pinned), desc(forumThreads.lastPostAt), desc(forumThreads.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // Past the end: the window count saw no row, so count apart.
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(forumThreads)
      .leftJoin(users, eq(users.id, forumThreads.authorId))
      .where(conditions.length > 0 ? and(...conditions) : undefined);
    total = counted?.total ?? 0;
  }
  const refs = await threadSeriesIds(
    db,
    rows.map((row) => row.id),
  );
  return {
    threads: rows.map(({ total: _total, ...row }) => ({ ...row, seriesIds: refs.get(row.id) ?? [] })),
    total,
  };
}

/** The threads, in the order of their ids (missing ones left out). */
export async function threadsByIds(db: Database, ids: number[]): Promise<ThreadRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(threadColumns)
    .from(forumThreads)
    .leftJoin(users, eq(users.id, forumThreads.authorId))
    .where(inArray(forumThreads.id, ids));
  const refs = await threadSeriesIds(db, ids);
  const byId = new Map(rows.map((row) => [row.id, { ...row, seriesIds: refs.get(row.id) ?? [] }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The ids of up to `limit` threads after `afterId`, in id order (the build walks every thread so). */
export async function threadIdsAfter(db: Database, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: forumThreads.id })
    .from(forumThreads)
    .where(gt(forumThreads.id, afterId))
    .orderBy(asc(forumThreads.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function threadById(db: Database, id: number): Promise<ThreadRow | undefined> {
  return (await threadsByIds(db, [id]))[0];
}

async function threadSeriesIds(db: Database, threadIds: number[]): Promise<Map<number, number[]>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db
    .select({ threadId: forumThreadSeries.threadId, seriesId: forumThreadSeries.seriesId })
    .from(forumThreadSeries)
    .where(inArray(forumThreadSeries.threadId, threadIds))
    .orderBy(asc(forumThreadSeries.threadId), asc(forumThreadSeries.position));
  return groupValues(rows.map((row) => [row.threadId, row.seriesId]));
}

/** `[key, value]` pairs as key → values, in the order given. */
function groupValues(pairs: Array<[number, number]>): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const [key, value] of pairs) {
    const values = groups.get(key);
    if (values) values.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

/**
 * Posts of a thread or of several (or only the given ones), oldest first, with authors, series mentions and
 * whether the viewer likes each: three queries (four with a viewer) whatever the number of posts.
 */
export async function loadPosts(
  db: Database,
  threadId: number | number[],
  viewerId: number | null,
  onlyIds?: number[],
): Promise<PostRow[]> {
  const inThread = Array.isArray(threadId)
    ? inArray(forumPosts.threadId, threadId)
    : eq(forumPosts.threadId, threadId);
  const scope = onlyIds ? and(inThread, inArray(forumPosts.id, onlyIds)) : inThread;
  const [posts, mentions, liked] = await Promise.all([
    db
      .select({
        id: forumPosts.id,
        threadId: forumPosts.threadId,
        parentId: forumPosts.parentId,
        isOriginal: forumPosts.isOriginal,
        authorId: forumPosts.authorId,
        authorUsername: users.username,
        contentMarkdown: forumPosts.contentMarkdown,
        createdAt: forumPosts.createdAt,
        updatedAt: forumPosts.updatedAt,
        editedAt: forumPosts.editedAt,
        likeCount: forumPosts.likeCount,
      })
      .from(forumPosts)
      .leftJoin(users, eq(users.id, forumPosts.authorId))
      .where(scope)
      .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id)),
    db
      .select({ postId: forumPostSeries.postId, seriesId: forumPostSeries.seriesId })
      .from(forumPostSeries)
      .innerJoin(forumPosts, eq(forumPosts.id, forumPostSeries.postId))
      .where(scope)
      .orderBy(asc(forumPostSeries.postId), asc(forumPostSeries.position)),
    viewerId === null
      ? Promise.resolve([])
      : db
          .select({ postId: forumLikes.postId })
          .from(forumLikes)
          .innerJoin(forumPosts, eq(forumPosts.id, forumLikes.postId))
          .where(and(scope, eq(forumLikes.userId, viewerId))),
  ]);
  const mentionsByPost = groupValues(mentions.map((row) => [row.postId, row.seriesId]));
  const likedIds = new Set(liked.map((row) => row.postId));
  return posts.map((post) => ({
    ...post,
    viewerLikes: likedIds.has(post.id),
    seriesIds: mentionsByPost.get(post.id) ?? [],
  }));
}

/** Who likes which post of a thread: user id → post ids. */
export async function threadLikes(db: Database, threadId: number): Promise<Map<number, Set<number>>> {
  const rows = await db
    .select({ postId: forumLikes.postId, userId: forumLikes.userId })
    .from(forumLikes)
    .innerJoin(forumPosts, eq(forumPosts.id, forumLikes.postId))
    .where(eq(forumPosts.threadId, threadId));
  const byUser = groupValues(rows.map((row) => [row.userId, row.postId]));
  return new Map([...byUser].map(([userId, postIds]) => [userId, new Set(postIds)]));
}

/** What permission checks need of a post: its thread, author, and whether it is the original post. */
export async function postAccess(
  db: Database,
  threadId: number,
  postId: number,
): Promise<{ id: number; authorId: number | null; isOriginal: boolean } | undefined> {
  const [row] = await db
    .select({ id: forumPosts.id, authorId: forumPosts.authorId, isOriginal: forumPosts.isOriginal })
    .from(forumPosts)
    .where(and(eq(forumPosts.id, postId), eq(forumPosts.threadId, threadId)))
    .limit(1);
  return row;
}

/** What permission checks need of a thread. */
export async function threadAccess(
  db: Database,
  threadId: number,
): Promise<{ id: number; authorId: number | null; locked: boolean } | undefined> {
  const [row] = await db
    .select({ id: forumThreads.id, authorId: forumThreads.authorId, locked: forumThreads.locked })
    .from(forumThreads)
    .where(eq(forumThreads.id, threadId))
    .limit(1);
  return row;
}

/** The most recently started threads with their original posts, for the Atom feed. */
export async function recentThreadsWithOpening(
  db: Database,
  limit: number,
): Promise<Array<ThreadRow & { opening: string }>> {
  const recent = await db
    .select({ id: forumThreads.id })
    .from(forumThreads)
    .orderBy(desc(forumThreads.createdAt), desc(forumThreads.id))
    .limit(limit);
  const ids = recent.map((row) => row.id);
  if (ids.length === 0) return [];
  const [threads, openings] = await Promise.all([
    threadsByIds(db, ids),
    db
      .select({ threadId: forumPosts.threadId, content: forumPosts.contentMarkdown })
      .from(forumPosts)
      .where(and(inArray(forumPosts.threadId, ids), eq(forumPosts.isOriginal, true))),
  ]);
  const openingOf = new Map(openings.map((row) => [row.threadId, row.content]));
  return threads.map((thread) => ({ ...thread, opening: openingOf.get(thread.id) ?? '' }));
}
