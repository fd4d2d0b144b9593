import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  FORUM_API_TEXTS as TEXTS,
  type createPostBody,
  type createThreadBody,
  type LikeResult,
  type MediaUploadResult,
  type MentionResult,
  type Post,
  type PostRevision,
  type Thread,
  type ThreadDetail,
  type updatePostBody,
  type updateThreadBody,
} from '../../contract/forum';
import { answerCache, loadAnswer, type CachedAnswer } from '../cache/answers';
import { Cache } from '../cache/cache';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { CatalogueService } from '../catalogue/service';
import { isPossibleSerialId } from '../../contract/http';
import type { Database } from '../db/client';
import type { Transaction } from '../db/transaction';
import { cachedJson, type CachedJson } from '../http-cache';
import type { MediaStorage } from '../media/storage';
import type { NotificationsService } from '../notifications/service';
import type { ChangeFeed } from '../plugins/change-feed';
import type { UploadedFile } from '../plugins/forms';
import { postNotFound, threadNotFound } from './errors';
import { FEED_ENTRIES, forumAtomFeed } from './feed';
import { checkForumImage, removeForumImages, storeForumImage } from './forum-images';
import { checkNewThread, checkPostInput, checkThreadChanges, checkUploadForm } from './forum-input';
import { followedAmong, setFollowing, threadFollowers } from './follows';
import { deleteLikesOf, toggleLike } from './likes';
import { dropUnclaimedOf } from './unclaimed-media';
import { searchMentions } from './mention-search';
import {
  mayChangeThread,
  mayDeleteOwnPost,
  mayDeletePost,
  mayEditPost,
  maySeePostHistory,
  mayWriteInThread,
  type Actor,
} from './permissions';
import { createPost, deletePost, updatePost, type CreatePostOutcome } from './post-writes';
import { postRevisions } from './post-revisions';
import { toPost, toPostRevision, toThread } from './presenters';
import { answerFor, visitorGzip, type CachedGzip, type LoadedThread } from './thread-answers';
import {
  listThreads,
  loadPosts,
  postAccess,
  recentThreadsWithOpening,
  threadAccess,
  threadById,
  threadIdsAfter,
  threadLikes,
  threadsByIds,
  type ThreadFilters,
} from './thread-reads';
import {
  createThread,
  deleteThread,
  existingSeriesIds,
  setThreadFlag,
  updateThread,
  type CreateThreadOutcome,
  type ForumWriteLimits,
  type ThreadFlag,
} from './thread-writes';

/** The bodies of the writes, as the routes' schemas parsed them. */
type CreateThreadBody = z.output<typeof createThreadBody>;
type CreatePostBody = z.output<typeof createPostBody>;
type UpdatePostBody = z.output<typeof updatePostBody>;
type UpdateThreadBody = z.output<typeof updateThreadBody>;

/** The change-feed topics of the forum: what a thread shows changed; only its likes or followers changed. */
export const FORUM_TOPIC = 'forum';
export const FORUM_LIKES_TOPIC = 'forum-likes';

/** Most whole threads kept; the least recently read goes first. */
const MAX_THREADS = 200;

/**
 * What the forum needs of the catalogue: the snapshot its series references are read from, and the
 * catalogue's search for the mention picker.
 */
export interface ForumCatalogue {
  snapshot(): Promise<CatalogueSnapshot>;
  findSeries: CatalogueService['findSeries'];
}

/**
 * What the forum needs of notifications (`app.notifications`): recording them in its writes' transactions,
 * given who is concerned, and announcing who was told once those committed.
 */
export type ForumNotifications = Pick<
  NotificationsService,
  'recordPost' | 'recordLike' | 'likeRemoved' | 'unreadAbout' | 'changed'
>;

export interface ForumOptions {
  db: Database;
  media: MediaStorage;
  changeFeed: Pick<ChangeFeed, 'subscribe' | 'publish'>;
  catalogue: ForumCatalogue;
  notifications: ForumNotifications;
  log: FastifyBaseLogger;
  /** CACHE_TTL_MS: the longest a change nobody announced takes to show; 0 keeps nothing. */
  ttlMs: number;
  limits: ForumWriteLimits;
  /** The site's base URL and the feed's own, for the Atom feed's links. */
  siteUrl: string;
  feedUrl: string;
  /** The caches' clock, for tests. */
  now?: () => number;
}

/** A whole thread kept in memory, with the catalogue its series references were read from. */
interface KeptThread {
  snapshot: CatalogueSnapshot;
  loaded: LoadedThread;
}

/** A thread as one caller sees it; `gzip` when it is the visitors' shared answer, compressed on demand. */
export interface ThreadAnswer {
  json: CachedJson;
  gzip?: () => CachedGzip;
}

export type NewThreadOutcome =
  { kind: 'created'; thread: Thread | undefined } | Exclude<CreateThreadOutcome, { kind: 'created' }>;
export type NewPostOutcome =
  { kind: 'created'; post: Post | undefined } | Exclude<CreatePostOutcome, { kind: 'created' }>;

/**
 * The forum: threads, posts, likes, images, mentions, the feed and moderation. Its hot reads are held in
 * memory: thread lists and searches as visitors see them, and whole threads with their like index, so a
 * thread of hundreds of posts is read from the database once per change, not once per request. Every write
 * drops what it changed at once and announces it, so the other instances drop it too; the TTL bounds
 * changes nobody announced.
 */
export class ForumService {
  private readonly threads: Cache<number, KeptThread>;
  private readonly lists: Cache<string, CachedAnswer>;

  constructor(private readonly options: ForumOptions) {
    this.threads = new Cache({ max: MAX_THREADS, ttlMs: options.ttlMs, now: options.now });
    this.lists = answerCache(options.ttlMs, options.now);
    options.changeFeed.subscribe(FORUM_TOPIC, ({ ids }) => this.forget(ids));
    options.changeFeed.subscribe(FORUM_LIKES_TOPIC, ({ ids }) => this.forgetLikes(ids));
  }

  /* Reads */

  /**
   * A page of threads, pinned first, then by last activity, with the total, as this caller sees it: the
   * visitors' shared answer, unless the caller follows some of its threads (`viewer_following`).
   */
  async threadList(
    filters: ThreadFilters,
    page: { page: number; pageSize: number },
    viewerId: number | null = null,
  ): Promise<CachedAnswer> {
    const shared = await this.sharedThreadList(filters, page);
    if (viewerId === null) return shared;
    const threads = JSON.parse(shared.body) as Thread[];
    const followed = await followedAmong(
      this.options.db,
      viewerId,
      threads.map((thread) => thread.id),
    );
    if (followed.size === 0) return shared;
    return {
      ...cachedJson(
        threads.map((thread) => (followed.has(thread.id) ? { ...thread, viewer_following: true } : thread)),
      ),
      total: shared.total,
    };
  }

  /** A page of threads as visitors see it, shared by every caller. */
  private async sharedThreadList(
    filters: ThreadFilters,
    page: { page: number; pageSize: number },
  ): Promise<CachedAnswer> {
    const snapshot = await this.options.catalogue.snapshot();
    // Equal searches (" Tower", "tower") share one entry; a new catalogue snapshot is a new key.
    const words = (filters.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).join(' ');
    const author = (filters.author ?? '').toLowerCase();
    const key = `${snapshot.fingerprint}|${snapshot.generation}|${words}|${author}|${page.page}|${page.pageSize}`;
    return loadAnswer(this.lists, key, async () => {
      const { threads, total } = await listThreads(this.options.db, filters, page);
      return { body: threads.map((thread) => toThread(thread, snapshot, this.options.media)), total };
    });
  }

  /** A thread with every post, oldest first, as this caller sees it (their likes); undefined when missing. */
  async threadAnswer(threadId: number, viewerId: number | null): Promise<ThreadAnswer | undefined> {
    const loaded = await this.loadedThread(threadId);
    if (!loaded) return undefined;
    const json = answerFor(loaded, viewerId);
    return json === loaded.visitor ? { json, gzip: () => visitorGzip(loaded) } : { json };
  }

  /**
   * Every thread as a visitor reads it (GET /forum/threads/{id}), `pageSize` threads after `afterId` in id
   * order, for static builds: a few statements a page instead of a request and four statements per thread.
   * Read past the thread cache, which keeps what readers open, not the whole forum.
   */
  async threadCatalogue(afterId: number, pageSize: number): Promise<CachedJson> {
    const { db, media } = this.options;
    const snapshot = await this.options.catalogue.snapshot();
    const found = await threadIdsAfter(db, afterId, pageSize + 1);
    const ids = found.slice(0, pageSize);
    const [rows, posts] = await Promise.all([threadsByIds(db, ids), loadPosts(db, ids, null)]);
    const postsByThread = new Map<number, Post[]>(ids.map((id) => [id, []]));
    for (const post of posts) postsByThread.get(post.threadId)?.push(toPost(post, snapshot, media));
    const items: ThreadDetail[] = rows.map((row) => ({
      thread: toThread(row, snapshot, media),
      posts: postsByThread.get(row.id) ?? [],
    }));
    return cachedJson({ items, has_more: found.length > pageSize });
  }

  /** Series suggestions for the editor's `@` mentions, by the catalogue's search. */
  async mentions(text: string, limit: number): Promise<MentionResult[]> {
    return searchMentions(this.options.catalogue, this.options.media, text, limit);
  }

  /** The Atom feed of the newest threads. */
  async feed(): Promise<string> {
    const threads = await recentThreadsWithOpening(this.options.db, FEED_ENTRIES);
    return forumAtomFeed(threads, {
      siteUrl: this.options.siteUrl.replace(/\/+$/, ''),
      selfUrl: this.options.feedUrl,
    });
  }

  /** A post's earlier versions, newest first, for its author or an admin: 404 when missing, else 403. */
  async revisions(actor: Actor, threadId: number, postId: number): Promise<PostRevision[]> {
    const post = await this.existingPost(threadId, postId);
    maySeePostHistory(actor, post);
    return (await postRevisions(this.options.db, post.id)).map(toPostRevision);
  }

  /*
   * Writes: each refuses what the caller may not do (the contract's 404 for what is missing, then the rules
   * of permissions.ts, then the body's checks), and drops what it changed, here and on the other instances.
   */

  /** A new thread with its original post, by any signed-in user within the thread cap and rate limit. */
  async createThread(actor: Actor, body: CreateThreadBody): Promise<NewThreadOutcome> {
    const { db, media } = this.options;
    const input = checkNewThread(body);
    const authorId = actor.id;
    const [seriesIds, mentionIds] = await Promise.all([
      existingSeriesIds(db, input.seriesIds),
      existingSeriesIds(db, input.mentionIds),
    ]);
    const outcome = await createThread(
      db,
      { ...input, seriesIds, mentionIds, authorId, urlOf: (key) => media.url(key) },
      this.options.limits,
    );
    if (outcome.kind !== 'created') return outcome;
    this.changed([outcome.threadId]);
    return { kind: 'created', thread: await this.thread(outcome.threadId) };
  }

  /**
   * Changes a thread's title, original post or references (its author or an admin, while open to them); the
   * thread as it is now, or undefined when it went meanwhile.
   */
  async updateThread(actor: Actor, id: number, body: UpdateThreadBody): Promise<Thread | undefined> {
    const { db, media } = this.options;
    const thread = await this.existingThread(id);
    mayChangeThread(actor, thread);
    const changes = checkThreadChanges(body);
    const threadId = thread.id;
    const editorId = actor.id;
    const [seriesIds, mentionIds] = await Promise.all([
      changes.seriesIds && existingSeriesIds(db, changes.seriesIds),
      changes.mentionIds && existingSeriesIds(db, changes.mentionIds),
    ]);
    const updated = await updateThread(db, threadId, {
      title: changes.title,
      content: changes.content,
      seriesIds,
      mentionIds,
      editorId,
      urlOf: (key) => media.url(key),
    });
    this.changed([threadId]);
    return updated ? this.thread(threadId) : undefined;
  }

  /**
   * Deletes a thread with its posts, likes, notifications and images (its author or an admin, while open to
   * them); false when it went meanwhile.
   */
  async deleteThread(actor: Actor, id: number): Promise<boolean> {
    const thread = await this.existingThread(id);
    mayChangeThread(actor, thread);
    const threadId = thread.id;
    const deleted = await deleteThread(this.options.db, threadId, this.options.notifications);
    this.changed([threadId]);
    if (!deleted) return false;
    this.options.notifications.changed(deleted.notified);
    await this.removeImages(deleted.keys);
    return true;
  }

  /**
   * A reply to the thread (or to a post of it, `parent_id`), in a thread open to the author; the new post as
   * its author sees it.
   */
  async createPost(actor: Actor, id: number, body: CreatePostBody): Promise<NewPostOutcome> {
    const { db, media } = this.options;
    const thread = await this.existingThread(id);
    mayWriteInThread(actor, thread);
    const input = checkPostInput(body, TEXTS.replyEmpty);
    const reply = { threadId: thread.id, authorId: actor.id, parentId: body.parent_id, ...input };
    const mentionIds = await existingSeriesIds(db, reply.mentionIds);
    const outcome = await createPost(
      db,
      { ...reply, mentionIds, urlOf: (key) => media.url(key) },
      this.options.limits,
      this.options.notifications,
    );
    this.changed([reply.threadId]);
    if (outcome.kind !== 'created') return outcome;
    this.options.notifications.changed(outcome.notified);
    return { kind: 'created', post: await this.post(reply.threadId, outcome.postId, reply.authorId) };
  }

  /**
   * Replaces a post's text and mentions (its author or an admin, in a thread open to them); the post as the
   * editor sees it, or undefined when it went meanwhile.
   */
  async updatePost(
    actor: Actor,
    threadId: number,
    postId: number,
    body: UpdatePostBody,
  ): Promise<Post | undefined> {
    const { db, media } = this.options;
    const thread = await this.existingThread(threadId);
    mayWriteInThread(actor, thread);
    const post = await this.existingPost(thread.id, postId);
    mayEditPost(actor, post);
    const edit = {
      threadId: thread.id,
      postId: post.id,
      editorId: actor.id,
      ...checkPostInput(body, TEXTS.contentEmpty),
    };
    const mentionIds = await existingSeriesIds(db, edit.mentionIds);
    const updated = await updatePost(db, {
      threadId: edit.threadId,
      postId: edit.postId,
      editorId: edit.editorId,
      content: edit.content,
      mentionIds,
      urlOf: (key) => media.url(key),
    });
    this.changed([edit.threadId]);
    return updated ? this.post(edit.threadId, edit.postId, edit.editorId) : undefined;
  }

  /**
   * The owner's delete: their own post with its replies, not the original post, in a thread open to them;
   * false when it went meanwhile.
   */
  async deleteOwnPost(actor: Actor, threadId: number, postId: number): Promise<boolean> {
    const thread = await this.existingThread(threadId);
    const post = await this.existingPost(thread.id, postId);
    mayDeleteOwnPost(actor, thread, post);
    return this.removePost(thread.id, post.id);
  }

  /**
   * The admin's delete (the admin routes let admins alone call it): any post but the original one, with its
   * replies; false when it went meanwhile.
   */
  async deletePost(threadId: number, postId: number): Promise<boolean> {
    const post = await this.existingPost(threadId, postId);
    mayDeletePost(post);
    return this.removePost(threadId, post.id);
  }

  /** Deletes a post with its replies, their notifications and images; false when it is not in the thread. */
  private async removePost(threadId: number, postId: number): Promise<boolean> {
    const deleted = await deletePost(this.options.db, threadId, postId, this.options.notifications);
    this.changed([threadId]);
    if (!deleted) return false;
    this.options.notifications.changed(deleted.notified);
    await this.removeImages(deleted.keys);
    return true;
  }

  /** Likes or unlikes a post; undefined when the post is not in the thread. */
  async toggleLike(like: {
    threadId: number;
    postId: number;
    userId: number;
  }): Promise<LikeResult | undefined> {
    const result = await toggleLike(this.options.db, like, this.options.notifications);
    if (!result) return undefined;
    // Only the thread changed: the lists show no likes.
    this.likesChanged([like.threadId]);
    this.options.notifications.changed(result.notified);
    return { count: result.count, hearted: result.hearted };
  }

  /** Follows or stops following a thread; false when there is no thread. */
  async setFollowing(follow: { threadId: number; userId: number; following: boolean }): Promise<boolean> {
    const found = await setFollowing(this.options.db, follow);
    // Only the followers changed: the lists show none.
    if (found) this.likesChanged([follow.threadId]);
    return found;
  }

  /** Sets an admin flag (lock, latest first, pin); false when the thread is gone. */
  async setFlag(threadId: number, flag: ThreadFlag, value: boolean): Promise<boolean> {
    const changed = await setThreadFlag(this.options.db, threadId, flag, value);
    this.changed([threadId]);
    return changed;
  }

  /**
   * Stores an image for a thread (in a thread open to the uploader), for a post of it (its author's or an
   * admin's), or for a thread being written (no thread): the form's checks (422), the thread and post
   * (404) and their permissions, then the forum's image rules (400 with the rule's code).
   */
  async uploadImage(
    actor: Actor,
    form: { thread_id?: number | undefined; post_id?: number | undefined; file?: UploadedFile | undefined },
  ): Promise<MediaUploadResult> {
    const file = checkUploadForm(form);
    const { thread_id: threadId, post_id: postId } = form;
    // Ids no row can have are not found before anything is read, as in a path (threadPostParams).
    if (threadId !== undefined && !isPossibleSerialId(threadId)) throw threadNotFound();
    if (postId !== undefined && !isPossibleSerialId(postId)) throw postNotFound();
    const thread = threadId === undefined ? undefined : await this.existingThread(threadId);
    if (thread) {
      mayWriteInThread(actor, thread);
      if (postId !== undefined) mayEditPost(actor, await this.existingPost(thread.id, postId));
    }
    const image = await checkForumImage(file);
    return storeForumImage(this.options.db, this.options.media, image, {
      threadId: thread?.id,
      postId,
      uploaderId: actor.id,
    });
  }

  /**
   * What goes of the forum with an account, in its deletion's transaction: its likes (off their posts'
   * counts) and the images it uploaded that nothing claimed. Its threads and posts stay, anonymous.
   */
  async accountDeleting(tx: Transaction, userId: number): Promise<number[]> {
    await deleteLikesOf(tx, userId);
    await dropUnclaimedOf(tx, userId);
    return [];
  }

  /**
   * After a write to these threads' titles, flags, posts or references, or their creation or deletion (null:
   * any thread, as when a deleted account's posts turn anonymous): their answers and every list go, here and
   * on the other instances.
   */
  changed(threadIds: number[] | null): void {
    this.forget(threadIds);
    void this.options.changeFeed.publish(FORUM_TOPIC, threadIds);
  }

  /**
   * The thread a call names, with what its permissions read: 404 when there is none. An id no row can have
   * (isPossibleSerialId) never reaches a query: the routes' path schemas refuse it first, a body's
   * `thread_id` only here.
   */
  private async existingThread(threadId: number) {
    const thread = isPossibleSerialId(threadId) ? await threadAccess(this.options.db, threadId) : undefined;
    if (!thread) throw threadNotFound();
    return thread;
  }

  /**
   * The post a call names in the thread, with what its permissions read: 404 "Post not found" when it is not
   * there, the thread missing included (as the path schema `postParams` answers an impossible thread id).
   */
  private async existingPost(threadId: number, postId: number) {
    const possible = isPossibleSerialId(threadId) && isPossibleSerialId(postId);
    const post = possible ? await postAccess(this.options.db, threadId, postId) : undefined;
    if (!post) throw postNotFound();
    return post;
  }

  /* The cache */

  /**
   * A thread with every post and its like index, from memory or the database: a fixed number of queries
   * (thread, references, posts, mentions, likes), whatever the number of posts. Concurrent readers share
   * one read; one built from an older catalogue snapshot (a renamed series) is read again.
   */
  private async loadedThread(threadId: number): Promise<LoadedThread | undefined> {
    const snapshot = await this.options.catalogue.snapshot();
    const kept = this.threads.get(threadId);
    if (kept?.snapshot === snapshot) return kept.loaded;
    if (kept) this.threads.delete(threadId);
    const read = () => this.threads.load(threadId, () => this.readThread(threadId, snapshot));
    let loaded = await read();
    // A read already under way when this snapshot came was shared: its references may be older.
    if (loaded && loaded.snapshot !== snapshot) {
      this.threads.delete(threadId);
      loaded = await read();
    }
    return loaded?.loaded;
  }

  private async readThread(threadId: number, snapshot: CatalogueSnapshot): Promise<KeptThread | undefined> {
    const { db, media } = this.options;
    const [row, posts, likedBy, followers] = await Promise.all([
      threadById(db, threadId),
      loadPosts(db, threadId, null),
      threadLikes(db, threadId),
      threadFollowers(db, threadId),
    ]);
    if (!row) return undefined;
    const detail: ThreadDetail = {
      thread: toThread(row, snapshot, media),
      posts: posts.map((post) => toPost(post, snapshot, media)),
    };
    return { snapshot, loaded: { detail, visitor: cachedJson(detail), likedBy, followers } };
  }

  /** After a like or a follow: those threads' answers go (the lists stay), here and on the other instances. */
  private likesChanged(threadIds: number[]): void {
    this.forgetLikes(threadIds);
    void this.options.changeFeed.publish(FORUM_LIKES_TOPIC, threadIds);
  }

  /** Drops the threads (null: every thread) and every list. */
  private forget(threadIds: number[] | null): void {
    this.threads.forget(threadIds);
    this.lists.forget(null);
  }

  /** Drops the threads whose likes or followers changed (null: every thread); the lists stay. */
  private forgetLikes(threadIds: number[] | null): void {
    this.threads.forget(threadIds);
  }

  /* Answers of writes */

  private async thread(threadId: number): Promise<Thread | undefined> {
    const [snapshot, row] = await Promise.all([
      this.options.catalogue.snapshot(),
      threadById(this.options.db, threadId),
    ]);
    return row && toThread(row, snapshot, this.options.media);
  }

  private async post(threadId: number, postId: number, viewerId: number): Promise<Post | undefined> {
    const [snapshot, [row]] = await Promise.all([
      this.options.catalogue.snapshot(),
      loadPosts(this.options.db, threadId, viewerId, [postId]),
    ]);
    return row && toPost(row, snapshot, this.options.media);
  }

  /** Removes the files of deleted rows; the rows are gone, so a failure only leaves garbage, logged. */
  private async removeImages(keys: string[]): Promise<void> {
    await removeForumImages(this.options.media, keys).catch((error: unknown) =>
      this.options.log.warn({ err: error, keys }, 'could not remove deleted forum images'),
    );
  }
}
