import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import {
  FORUM_CATALOGUE_MAX_PAGE_SIZE,
  FORUM_PAGE_SIZE,
  forumCataloguePageSchema,
  postSchema,
  threadListSchema,
  threadSchema,
  type Thread,
  type ThreadDetail,
} from '../../../contract/forum';
import { buildApiUrl, buildFetch, type BuildSourceEnv } from '../../lib/build-fetch';
import { buildPagesState } from '../incremental-build/changed-pages';
import { fingerprint } from '../incremental-build/fingerprint';
import { renderPost } from './markdown';
import type { InitialThread, PrerenderedThread } from './forum-types';

/*
 * Build-time forum data: the `forumThreads` collection (every thread that exists at build time, each post
 * rendered once by the one markdown renderer) and the first page of the thread list. Read from the API the
 * build uses; a build without the API (a snapshot build) gets no threads and a warning, and the pages then
 * load them live (the /forum island, and /forum/fallback for every thread).
 */

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

/** A thread as a visitor reads it, with its posts rendered by the one markdown renderer. */
export function prerenderThread({ thread, posts }: ThreadDetail, siteOrigin?: string): PrerenderedThread {
  return {
    thread,
    posts: posts.map(({ content_markdown, viewer_has_hearted: _mine, ...post }) => ({
      ...post,
      ...renderPost(content_markdown, siteOrigin === undefined ? {} : { siteOrigin }),
    })),
  };
}

/**
 * Every thread with its posts, through the bulk endpoint (`GET /forum/catalogue`), each page starting after
 * the last thread of the one before: about a hundred requests for 5,000 threads, where one request per
 * thread kept the build's first page waiting on the API.
 */
export async function fetchThreadDetails(apiUrl: string): Promise<ThreadDetail[]> {
  const threads: ThreadDetail[] = [];
  for (let afterId = 0; ;) {
    const { body } = await getJson(apiUrl, '/forum/catalogue', {
      after_id: afterId,
      page_size: FORUM_CATALOGUE_MAX_PAGE_SIZE,
    });
    const { items, has_more } = forumCataloguePageSchema.parse(body);
    threads.push(...items);
    const last = items.at(-1);
    if (!has_more || !last) return threads;
    afterId = last.thread.id;
  }
}

/** The store's meta key for the code fingerprint its entries were rendered with. */
const RENDERED_BY = 'rendered-by';

/**
 * The collection in Astro's content store, which a build's cache folder keeps for the next build. A thread
 * whose data is as the store has it keeps its entry: rendering every post again cost a rebuild 8 s at 5,000
 * threads on a slow machine. Entries are reused only by a build of the same code (the markdown renderer is
 * part of it), never by the dev server.
 */
export function forumThreadsLoader(env: BuildSourceEnv): Loader {
  return {
    name: 'panelrank-forum-threads',
    schema: prerenderedThreadSchema,
    async load(context) {
      const apiUrl = buildApiUrl(env);
      let details: ThreadDetail[];
      try {
        details = await fetchThreadDetails(apiUrl);
      } catch (error) {
        context.logger.warn(
          `Forum threads are not pre-rendered: ${(error as Error).message} (API ${apiUrl}). ` +
            'Thread pages load them live through /forum/fallback.',
        );
        details = [];
      }
      const code = buildPagesState()?.code ?? '';
      if (code === '' || context.meta.get(RENDERED_BY) !== code) context.store.clear();
      context.meta.set(RENDERED_BY, code);
      const listed = new Set<string>();
      let rendered = 0;
      for (const detail of details) {
        const id = String(detail.thread.id);
        listed.add(id);
        // A SHA-256 of the thread as the API answers it, not the store's own digest (non-cryptographic): a post
        // crafted to collide with its thread's previous one could otherwise keep the old rendering.
        const digest = fingerprint(detail);
        if (context.store.get(id)?.digest === digest) continue;
        const data = await context.parseData({ id, data: { ...prerenderThread(detail) } });
        context.store.set({ id, data, digest });
        rendered += 1;
      }
      for (const id of context.store.keys()) if (!listed.has(id)) context.store.delete(id);
      context.logger.info(
        `${details.length} forum threads from ${apiUrl} (${rendered} rendered, ` +
          `${details.length - rendered} kept from the previous build).`,
      );
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
