import type { FetchError } from 'ofetch';
import type {
  CreatePostBody,
  CreateThreadBody,
  LikeResult,
  LockResult,
  MediaUploadResult,
  MentionResult,
  Post,
  PostRevision,
  SettingsResult,
  Thread,
  ThreadDetail,
  UpdateThreadBody,
} from '../../../contract/forum';
import {
  FORUM_PAGE_SIZE,
  MAX_THREADS_PER_USER,
  MENTION_RESULTS_MAX,
  rateLimitMessage,
} from '../../../contract/forum-values';
import type { FollowResult } from '../../../contract/notifications';
import { api, errorDetail, errorStatus } from '../../lib/api-client';

/** The forum's calls (docs/api.md, Forum). The API checks every permission and limit itself. */

export interface ThreadPage {
  threads: Thread[];
  /** From `X-Total-Count`. */
  total: number;
}

export async function fetchThreads(q: string, page: number, pageSize = FORUM_PAGE_SIZE): Promise<ThreadPage> {
  const query = q.trim();
  const response = await api.raw<Thread[]>('/forum/threads', {
    query: { ...(query ? { q: query } : {}), page, page_size: pageSize },
  });
  const threads = response._data ?? [];
  const total = Number(response.headers.get('x-total-count'));
  return { threads, total: Number.isFinite(total) && total >= threads.length ? total : threads.length };
}

/** Whether the user may start another thread (one's own threads are counted with page_size 1000). */
export async function hasThreadsLeft(username: string): Promise<boolean> {
  const mine = await api<Thread[]>('/forum/threads', {
    query: { author: username, page: 1, page_size: 1000 },
  });
  return mine.filter((thread) => thread.author_username === username).length < MAX_THREADS_PER_USER;
}

export interface ThreadFetch {
  /** Null when the API answered 304: nothing changed since `etag`. */
  detail: ThreadDetail | null;
  etag: string | null;
}

/** The thread and its posts; with an ETag, a 304 comes back as `detail: null`. */
export async function fetchThread(id: number, etag?: string | null): Promise<ThreadFetch> {
  const response = await api.raw<ThreadDetail>(`/forum/threads/${id}`, {
    headers: etag ? { 'if-none-match': etag } : {},
    // The poll compares ETags itself; the browser's cache must not answer in the API's place.
    cache: 'no-store',
  });
  if (response.status === 304) return { detail: null, etag: etag ?? null };
  return { detail: response._data ?? null, etag: response.headers.get('etag') };
}

export function createThread(body: CreateThreadBody): Promise<Thread> {
  return api<Thread>('/forum/threads', { method: 'POST', body });
}

export function updateThread(id: number, body: UpdateThreadBody): Promise<Thread> {
  return api<Thread>(`/forum/threads/${id}`, { method: 'PATCH', body });
}

export async function deleteThread(id: number): Promise<void> {
  await api(`/forum/threads/${id}`, { method: 'DELETE' });
}

/** Content trimmed, parent_id only when a positive number, series_ids only when non-empty. */
export function postBody(
  content: string,
  parentId: number | null | undefined,
  seriesIds: number[],
): CreatePostBody {
  return {
    content_markdown: content.trim(),
    ...(parentId && parentId > 0 ? { parent_id: parentId } : {}),
    ...(seriesIds.length ? { series_ids: seriesIds.map(Number) } : {}),
  };
}

export function createPost(threadId: number, body: CreatePostBody): Promise<Post> {
  return api<Post>(`/forum/threads/${threadId}/posts`, { method: 'POST', body });
}

export function updatePost(
  threadId: number,
  postId: number,
  content: string,
  seriesIds: number[],
): Promise<Post> {
  return api<Post>(`/forum/threads/${threadId}/posts/${postId}`, {
    method: 'PATCH',
    body: { content_markdown: content.trim(), series_ids: seriesIds },
  });
}

/** A post's earlier versions, newest first (its author and admins only). */
export function fetchPostRevisions(threadId: number, postId: number): Promise<PostRevision[]> {
  return api<PostRevision[]>(`/forum/threads/${threadId}/posts/${postId}/revisions`, { cache: 'no-store' });
}

/** Admins use the admin variant, authors the owner's (`/mine`). */
export async function deletePost(threadId: number, postId: number, asAdmin: boolean): Promise<void> {
  await api(`/forum/threads/${threadId}/posts/${postId}${asAdmin ? '' : '/mine'}`, { method: 'DELETE' });
}

/** Follows (or stops following) a thread: a follower is notified of every new post in it. */
export async function setFollowing(id: number, following: boolean): Promise<boolean> {
  const answer = await api<FollowResult>(`/forum/threads/${id}/follow`, {
    method: following ? 'POST' : 'DELETE',
  });
  return answer.following;
}

export function setThreadLocked(id: number, locked: boolean): Promise<LockResult> {
  return api<LockResult>(`/forum/threads/${id}/lock`, { method: 'PATCH', body: { locked } });
}

export function setLatestFirst(id: number, latestFirst: boolean): Promise<SettingsResult> {
  return api<SettingsResult>(`/forum/threads/${id}/settings`, {
    method: 'PATCH',
    body: { latest_first: latestFirst },
  });
}

/** Likes a post, or takes the like back (the contract calls a like a heart). */
export function toggleLike(threadId: number, postId: number): Promise<LikeResult> {
  return api<LikeResult>(`/forum/threads/${threadId}/posts/${postId}/heart`, { method: 'POST' });
}

export function searchSeriesForMention(q: string): Promise<MentionResult[]> {
  return api<MentionResult[]>('/forum/series-search', { query: { q, limit: MENTION_RESULTS_MAX } });
}

/**
 * Uploads an image for a thread (and a post of it); without a thread, for the thread being written, which
 * claims it once created with the image in its text.
 */
export function uploadImage(
  file: File,
  target: { threadId?: number | undefined; postId?: number | undefined } = {},
): Promise<MediaUploadResult> {
  const form = new FormData();
  if (target.threadId) form.append('thread_id', String(target.threadId));
  if (target.threadId && target.postId) form.append('post_id', String(target.postId));
  form.append('file', file);
  return api<MediaUploadResult>('/forum/media/upload', { method: 'POST', body: form });
}

/** The code of a failed call's answer: top level, or inside an object `detail` (PROFANITY). */
export function errorCode(error: unknown): string | undefined {
  const data = (error as FetchError | undefined)?.data as { code?: unknown; detail?: unknown } | undefined;
  if (typeof data?.code === 'string') return data.code;
  const nested = data?.detail as { code?: unknown } | undefined;
  return nested && typeof nested === 'object' && typeof nested.code === 'string' ? nested.code : undefined;
}

/**
 * What a failed forum write says: the answer's detail (a string, or a PROFANITY object's message),
 * with a 429's wait from Retry-After added; else the fallback.
 */
export function forumErrorMessage(error: unknown, fallback: string): string {
  const detail = errorDetail(error, fallback);
  if (errorStatus(error) !== 429) return detail;
  const retryAfter = Number((error as FetchError).response?.headers.get('retry-after'));
  return rateLimitMessage(detail, Number.isFinite(retryAfter) ? Math.ceil(retryAfter) : undefined);
}
