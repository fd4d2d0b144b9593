import { afterAll, beforeAll, expect } from 'vitest';
import type { Post, Thread, ThreadDetail } from '../../contract/forum';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { insertSeries, type SeriesFixture } from './series-fixtures';

/** Forum limits out of the way, unless a test sets its own. */
export const FORUM_TEST_ENV = {
  FORUM_THREAD_RATE_LIMIT_MAX: '1000',
  FORUM_POST_RATE_LIMIT_MAX: '1000',
  FORUM_UPLOAD_RATE_LIMIT_MAX: '1000',
  FORUM_LIKE_RATE_LIMIT_MAX: '100000',
} as const;

/** The forum calls, as a client makes them. */
export function forumCalls(server: TestServer) {
  const send = (method: string, path: string, token: string | undefined, json?: unknown) =>
    server.request(path, { method, token, ...(json !== undefined ? { json } : {}) });
  return {
    list: (query = '', token?: string) => send('GET', `/forum/threads${query}`, token),
    get: (id: number | string, token?: string, headers?: Record<string, string>) =>
      server.request(`/forum/threads/${id}`, { token, headers }),
    create: (token: string | undefined, body: unknown) => send('POST', '/forum/threads', token, body),
    update: (token: string | undefined, id: number | string, body: unknown) =>
      send('PATCH', `/forum/threads/${id}`, token, body),
    remove: (token: string | undefined, id: number | string) => send('DELETE', `/forum/threads/${id}`, token),
    reply: (token: string | undefined, id: number | string, body: unknown) =>
      send('POST', `/forum/threads/${id}/posts`, token, body),
    editPost: (token: string | undefined, id: number | string, postId: number | string, body: unknown) =>
      send('PATCH', `/forum/threads/${id}/posts/${postId}`, token, body),
    adminDeletePost: (token: string | undefined, id: number | string, postId: number | string) =>
      send('DELETE', `/forum/threads/${id}/posts/${postId}`, token),
    deleteMine: (token: string | undefined, id: number | string, postId: number | string) =>
      send('DELETE', `/forum/threads/${id}/posts/${postId}/mine`, token),
    lock: (token: string | undefined, id: number | string, locked: unknown) =>
      send('PATCH', `/forum/threads/${id}/lock`, token, { locked }),
    settings: (token: string | undefined, id: number | string, latestFirst: unknown) =>
      send('PATCH', `/forum/threads/${id}/settings`, token, { latest_first: latestFirst }),
    pin: (token: string | undefined, id: number | string, pinned: unknown) =>
      send('PATCH', `/forum/threads/${id}/pin`, token, { pinned }),
    like: (token: string | undefined, id: number | string, postId: number | string) =>
      send('POST', `/forum/threads/${id}/posts/${postId}/heart`, token),
    mentions: (query: string) => send('GET', `/forum/series-search${query}`, undefined),
    upload: (token: string | undefined, form: FormData) =>
      server.request('/forum/media/upload', { method: 'POST', token, body: form }),
  };
}

let titles = 0;

/** Creates a thread and answers it with its original post. */
export async function createdThread(
  server: TestServer,
  token: string,
  body: { title?: string; first_post_markdown?: string; series_ids?: number[] } = {},
): Promise<{ thread: Thread; originalPost: Post }> {
  titles += 1;
  const response = await forumCalls(server).create(token, {
    title: `Thread ${titles}`,
    first_post_markdown: `Opening post of thread ${titles}.`,
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const thread = (await response.json()) as Thread;
  const detail = await threadDetail(server, thread.id);
  return { thread, originalPost: detail.posts[0]! };
}

export async function threadDetail(server: TestServer, id: number, token?: string): Promise<ThreadDetail> {
  const response = await forumCalls(server).get(id, token);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ThreadDetail;
}

export async function createdPost(
  server: TestServer,
  token: string,
  threadId: number,
  body: { content_markdown?: string; parent_id?: number; series_ids?: number[] } = {},
): Promise<Post> {
  const response = await forumCalls(server).reply(token, threadId, { content_markdown: 'A reply.', ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Post;
}

/** Asserts a profanity answer: 400 with the object detail of the contract. */
export async function expectProfanity(response: Response, message: string): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(400);
  expect(JSON.parse(text)).toMatchObject({ detail: { code: 'PROFANITY', message }, code: 'PROFANITY' });
}

export type TestUser = Awaited<ReturnType<typeof createUserWithToken>>;

/** What most forum test files start from: a server, 12 series, a user and an admin. */
export interface ForumWorld {
  server: TestServer;
  calls: ReturnType<typeof forumCalls>;
  seriesIds: number[];
  author: TestUser;
  admin: TestUser;
}

export async function startForumWorld(series: (index: number) => SeriesFixture): Promise<ForumWorld> {
  const server = await startTestServer(FORUM_TEST_ENV);
  const seriesIds = await insertSeries(
    server,
    Array.from({ length: 12 }, (_, i) => series(i)),
  );
  return {
    server,
    calls: forumCalls(server),
    seriesIds,
    author: await createUserWithToken(server),
    admin: await createUserWithToken(server, { role: 'ADMIN' }),
  };
}

/** The forum world of a test file: started before its tests, closed after them. */
export function useForumWorld(series: (index: number) => SeriesFixture): ForumWorld {
  const world = {} as ForumWorld;
  beforeAll(async () => {
    Object.assign(world, await startForumWorld(series));
  });
  afterAll(() => world.server.close());
  return world;
}
