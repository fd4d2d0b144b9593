import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import {
  FORUM_MAX_PAGE_SIZE,
  FORUM_PAGE_SIZE,
  postSchema,
  threadDetailSchema,
  threadListSchema,
  threadSchema,
  type Thread,
} from '../../../contract/forum';
import { answeredStatus, buildApiUrl, buildFetch, type BuildSourceEnv } from '../../lib/build-fetch';
import { renderPost } from './markdown';
import type { InitialThread, PrerenderedThread } from './forum-types';

/*
 * Build-time forum data: the `forumThreads` collection (every thread that exists at build time, each post
 * rendered once by the one markdown renderer) and the first page of the thread list. Read from the API the
 * build uses; a build without the API (a snapshot build) gets no threads and a warning, and the pages then
 * load them live (the /forum island, and /forum/fallback for every thread).
 */

/** Thread reads at a time: enough to hide latency, few enough not to crowd the API's other clients. */
const CONCURRENCY = 8;

/** One entry of `forumThreads` (id = the thread id); zod here is build-time only. */
export const prerenderedThreadSchema = z.object({
  thread: threadSchema,
  posts: z.array(
    postSchema.omit({ content_markdown: true, viewer_has_hearted: true }).extend({
      html: z.string(),
      text: z.string(),
    }),
  ),
});

async function getJson(
  apiUrl: string,
  path: string,
  query: Record<string, number> = {},
): Promise<{ body: unknown; headers: Headers }> {
  const response = await buildFetch.raw(path, { baseURL: apiUrl, query });
  return { body: response._data, headers: response.headers };
}

/** Every thread, in the list's order (pinned first, then last activity). */
async function fetchAllThreads(apiUrl: string): Promise<Thread[]> {
  const threads: Thread[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await getJson(apiUrl, '/forum/threads', { page, page_size: FORUM_MAX_PAGE_SIZE });
    const batch = threadListSchema.parse(body);
    threads.push(...batch);
    if (batch.length < FORUM_MAX_PAGE_SIZE) return threads;
  }
}

/** A thread with its posts rendered; null when it was deleted since the list was read. */
export async function fetchPrerenderedThread(
  apiUrl: string,
  id: number,
  siteOrigin?: string,
): Promise<PrerenderedThread | null> {
  let body: unknown;
  try {
    ({ body } = await getJson(apiUrl, `/forum/threads/${id}`));
  } catch (error) {
    if (answeredStatus(error) === 404) return null;
    throw error;
  }
  const { thread, posts } = threadDetailSchema.parse(body);
  return {
    thread,
    posts: posts.map(({ content_markdown, viewer_has_hearted: _mine, ...post }) => ({
      ...post,
      ...renderPost(content_markdown, siteOrigin === undefined ? {} : { siteOrigin }),
    })),
  };
}

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function forumThreadsLoader(env: BuildSourceEnv): Loader {
  return {
    name: 'panelrank-forum-threads',
    schema: prerenderedThreadSchema,
    async load(context) {
      const apiUrl = buildApiUrl(env);
      let threads: PrerenderedThread[];
      try {
        const list = await fetchAllThreads(apiUrl);
        const loaded = await mapLimited(list, CONCURRENCY, (thread) =>
          fetchPrerenderedThread(apiUrl, thread.id),
        );
        threads = loaded.filter((thread): thread is PrerenderedThread => thread !== null);
      } catch (error) {
        context.logger.warn(
          `Forum threads are not pre-rendered: ${(error as Error).message} (API ${apiUrl}). ` +
            'Thread pages load them live through /forum/fallback.',
        );
        threads = [];
      }
      context.store.clear();
      for (const entry of threads) {
        const data = await context.parseData({ id: String(entry.thread.id), data: { ...entry } });
        context.store.set({ id: String(entry.thread.id), data, digest: context.generateDigest(data) });
      }
      context.logger.info(`${threads.length} forum threads from ${apiUrl}.`);
    },
  };
}

/** The thread list's first page as the build shows it to crawlers and visitors without JavaScript. */
export interface PrerenderedThreadList {
  threads: Thread[];
  total: number;
}

export async function loadPrerenderedThreadList(
  env: BuildSourceEnv,
  warn: (message: string) => void = console.warn,
): Promise<PrerenderedThreadList | null> {
  const apiUrl = buildApiUrl(env);
  try {
    const { body, headers } = await getJson(apiUrl, '/forum/threads', {
      page: 1,
      page_size: FORUM_PAGE_SIZE,
    });
    const threads = threadListSchema.parse(body);
    return { threads, total: Number(headers.get('x-total-count') ?? threads.length) };
  } catch (error) {
    warn(
      `[forum] The thread list's first page is not pre-rendered: ${(error as Error).message} (API ${apiUrl}). ` +
        'Browsers load it live.',
    );
    return null;
  }
}

/** What a thread page hands its island: each post's HTML; the plain text only feeds the page's metadata. */
export function islandThread({ thread, posts }: PrerenderedThread): InitialThread {
  return { thread, posts: posts.map(({ text: _text, ...post }) => post) };
}
