import type { FetchError } from 'ofetch';
import { api, errorDetail, errorStatus } from '../../lib/api-client';
import { FORUM_PAGE_SIZE, TEXT } from './forum-texts';
import type {
  ForumPost,
  ForumThread,
  HeartResult,
  MentionSuggestion,
  ThreadWithPosts,
  UploadResult,
} from './forum-types';

/** The forum's calls (api.md, Forum; part2 §7). The API checks every permission and limit itself. */

export interface ThreadPage {
  threads: ForumThread[];
  total: number | null;
}

export async function fetchThreads(q: string, page: number, pageSize = FORUM_PAGE_SIZE): Promise<ThreadPage> {
  const response = await api.raw<ForumThread[]>('/forum/threads', {
    query: { ...(q.trim() ? { q: q.trim() } : {}), page, page_size: pageSize },
  });
  const total = Number(response.headers.get('x-total-count'));
  return {
    threads: response._data ?? [],
    total: Number.isFinite(total) && response.headers.has('x-total-count') ? total : null,
  };
}

/** How many threads the user has (spec §7: page_size 1000 counts one's own threads). */
export async function countOwnThreads(username: string): Promise<number> {
  const response = await api.raw<ForumThread[]>('/forum/threads', {
    query: { author: username, page: 1, page_size: 1000 },
  });
  const threads = response._data ?? [];
  return threads.filter((thread) => thread.author_username === username).length;
}

export interface ThreadFetch {
  data: ThreadWithPosts | null;
  etag: string | null;
}

/** The thread and its posts; with an ETag, null data means "not modified". */
export async function fetchThread(id: number, etag?: string | null): Promise<ThreadFetch> {
  const response = await api.raw<ThreadWithPosts>(`/forum/threads/${id}`, {
    headers: etag ? { 'if-none-match': etag } : {},
    // The poll compares ETags itself; the browser cache must not answer for the API.
    cache: 'no-store',
    ignoreResponseError: true,
  });
  if (response.status === 304) return { data: null, etag: etag ?? null };
  if (!response.ok) {
    throw Object.assign(new Error(errorDetail({ data: response._data })), {
      status: response.status,
      statusCode: response.status,
      data: response._data,
    });
  }
  return { data: response._data ?? null, etag: response.headers.get('etag') };
}

export interface ThreadInput {
  title: string;
  first_post_markdown: string;
  series_ids?: number[];
}

export function createThread(input: ThreadInput): Promise<ForumThread> {
  return api<ForumThread>('/forum/threads', { method: 'POST', body: input });
}

export function updateThread(id: number, input: ThreadInput): Promise<ForumThread> {
  return api<ForumThread>(`/forum/threads/${id}`, { method: 'PATCH', body: input });
}

export async function deleteThread(id: number): Promise<void> {
  await api(`/forum/threads/${id}`, { method: 'DELETE' });
}

export interface PostInput {
  content_markdown: string;
  parent_id?: number;
  series_ids?: number[];
}

/** Spec §5: parent_id only when a positive number, series_ids only when non-empty. */
export function postBody(
  content: string,
  parentId: number | null | undefined,
  seriesIds: number[],
): PostInput {
  return {
    content_markdown: content.trim(),
    ...(parentId && parentId > 0 ? { parent_id: parentId } : {}),
    ...(seriesIds.length ? { series_ids: seriesIds.map(Number) } : {}),
  };
}

export function createPost(threadId: number, input: PostInput): Promise<ForumPost> {
  return api<ForumPost>(`/forum/threads/${threadId}/posts`, { method: 'POST', body: input });
}

export function updatePost(
  threadId: number,
  postId: number,
  content: string,
  seriesIds: number[],
): Promise<ForumPost> {
  return api<ForumPost>(`/forum/threads/${threadId}/posts/${postId}`, {
    method: 'PATCH',
    body: { content_markdown: content.trim(), series_ids: seriesIds },
  });
}

/** Admins use the admin variant, authors their own (spec §6). */
export async function deletePost(threadId: number, postId: number, asAdmin: boolean): Promise<void> {
  await api(`/forum/threads/${threadId}/posts/${postId}${asAdmin ? '' : '/mine'}`, { method: 'DELETE' });
}

export function setThreadLocked(id: number, locked: boolean): Promise<{ id: number; locked: boolean }> {
  return api(`/forum/threads/${id}/lock`, { method: 'PATCH', body: { locked } });
}

export function setLatestFirst(
  id: number,
  latestFirst: boolean,
): Promise<{ id: number; latest_first: boolean }> {
  return api(`/forum/threads/${id}/settings`, { method: 'PATCH', body: { latest_first: latestFirst } });
}

export function toggleHeart(threadId: number, postId: number): Promise<HeartResult> {
  return api<HeartResult>(`/forum/threads/${threadId}/posts/${postId}/heart`, { method: 'POST' });
}

export function searchSeriesForMention(q: string, signal?: AbortSignal): Promise<MentionSuggestion[]> {
  return api<MentionSuggestion[]>('/forum/series-search', { query: { q, limit: 10 }, signal });
}

export function uploadImage(threadId: number, file: File, postId?: number): Promise<UploadResult> {
  const form = new FormData();
  form.append('thread_id', String(threadId));
  if (postId) form.append('post_id', String(postId));
  form.append('file', file);
  return api<UploadResult>('/forum/media/upload', { method: 'POST', body: form });
}

/** What a failed forum write says (spec §8): 429 with its wait, 423, profanity, else the detail or fallback. */
export function forumErrorMessage(
  error: unknown,
  fallback: string,
  kind: { tooFast?: string; profanity?: string } = {},
): string {
  const status = errorStatus(error);
  if (status === 429) {
    const retryAfter = Number((error as FetchError).response?.headers.get('retry-after'));
    const base = errorDetail(error, kind.tooFast ?? TEXT.postsTooFast);
    return Number.isFinite(retryAfter) && retryAfter > 0
      ? `${base}; try again in ${Math.ceil(retryAfter)}s`
      : base;
  }
  if (status === 423) return TEXT.lockedByAdmin;
  const detail = (error as FetchError | undefined)?.data?.detail as unknown;
  if (detail && typeof detail === 'object' && (detail as { code?: unknown }).code === 'PROFANITY') {
    return errorDetail(error, kind.profanity ?? TEXT.editProfanity);
  }
  return errorDetail(error, fallback);
}
