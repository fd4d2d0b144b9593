import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORUM_MAX_PAGE_SIZE,
  forumFeedSchema,
  mentionResultsSchema,
  mentionSearchQuery,
  MENTION_RESULTS_MAX,
  threadDetailSchema,
  threadListQuery,
  threadListSchema,
} from '../../contract/forum';
import { errorSchema, idParams, noContentSchema, validationErrorSchema } from '../../contract/http';
import { addVary, sendCachedJson } from '../http-cache';
import { existingId, loadedThread, threadNotFound } from './answers';
import { answerFor, sendGzip, visitorGzip, type ForumCache } from './forum-cache';
import { FEED_ENTRIES, forumAtomFeed } from './feed';
import { searchMentions } from './mention-search';
import { toThread } from './presenters';
import { listThreads, recentThreadsWithOpening } from './thread-reads';

/** Visitors may keep answers but check them (ETag) before each use; signed-in answers carry their likes. */
const PUBLIC_REVALIDATE = 'public, no-cache';
const PRIVATE_REVALIDATE = 'private, no-cache';
/** Smaller answers are not worth a second representation. */
const GZIP_FROM_BYTES = 8 * 1024;

/**
 * The forum's reads (api.md "Forum"): anyone may read; a valid token only adds the caller's likes, and a bad
 * one is ignored (optional authentication, once for the folder).
 */
const forumReadRoutes =
  (cache: ForumCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.optionalUser);

    app.get(
      '/forum/threads',
      {
        schema: {
          tags: ['forum'],
          summary: 'Threads: pinned first, then by last activity',
          description:
            `An array with the total in \`X-Total-Count\`; \`page_size\` 1-${FORUM_MAX_PAGE_SIZE}. \`q\` matches ` +
            "every word in the title, ignoring case; `author` keeps one user's threads.",
          querystring: threadListQuery,
          response: { 200: threadListSchema, 422: validationErrorSchema },
        },
      },
      async (request, reply) => {
        const { q, author, page, page_size: pageSize } = request.query;
        const snapshot = await app.catalogue.snapshot();
        // Equal searches (" Tower", "tower") share one entry; a new catalogue snapshot is a new key.
        const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).join(' ');
        const key = `${snapshot.fingerprint}|${snapshot.generation}|${words}|${(author ?? '').toLowerCase()}|${page}|${pageSize}`;
        const answer = await cache.lists.get(key, async () => {
          const { threads, total } = await listThreads(app.db, { q, author }, { page, pageSize });
          return { body: threads.map((thread) => toThread(thread, snapshot, app.media)), total };
        });
        reply.header('x-total-count', String(answer.total ?? 0));
        return sendCachedJson(request, reply, answer, PUBLIC_REVALIDATE);
      },
    );

    app.get(
      '/forum/threads/:id',
      {
        schema: {
          tags: ['forum'],
          summary: 'A thread with all its posts, oldest first',
          description:
            'The first post is the original post. With an ETag: a client polling for new replies sends ' +
            "`If-None-Match` and gets 304 while nothing changed. `viewer_has_hearted` is the caller's.",
          params: idParams,
          response: {
            200: threadDetailSchema,
            304: noContentSchema,
            404: errorSchema,
            422: validationErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const id = existingId(request.params.id, threadNotFound);
        const loaded = await loadedThread(app, cache, id);
        if (!loaded) throw threadNotFound();
        addVary(reply, 'Authorization');
        const viewerId = request.user?.id ?? null;
        const cacheControl = viewerId === null ? PUBLIC_REVALIDATE : PRIVATE_REVALIDATE;
        const answer = answerFor(loaded, viewerId);
        if (answer !== loaded.visitor || answer.body.length < GZIP_FROM_BYTES) {
          return sendCachedJson(request, reply, answer, cacheControl);
        }
        // The shared answer of a long thread goes gzipped to clients that take it (every browser does).
        addVary(reply, 'Accept-Encoding');
        if (!/\bgzip\b/i.test(request.headers['accept-encoding'] ?? '')) {
          return sendCachedJson(request, reply, answer, cacheControl);
        }
        return sendGzip(request, reply, visitorGzip(loaded), cacheControl);
      },
    );

    app.get(
      '/forum/series-search',
      {
        schema: {
          tags: ['forum'],
          summary: "Series suggestions for the editor's @ mentions",
          description: `From 1 character; at most ${MENTION_RESULTS_MAX} results. \`#12\` or \`12\` finds series 12 first.`,
          querystring: mentionSearchQuery,
          response: { 200: mentionResultsSchema, 422: validationErrorSchema },
        },
      },
      async (request) => {
        const snapshot = await app.catalogue.snapshot();
        return searchMentions(snapshot, app.media, request.query.q, request.query.limit);
      },
    );

    app.get(
      '/forum/feed.xml',
      {
        schema: {
          tags: ['forum'],
          summary: 'Atom feed of the newest threads',
          produces: ['application/atom+xml'],
          response: { 200: forumFeedSchema },
        },
      },
      async (_request, reply) => {
        const threads = await recentThreadsWithOpening(app.db, FEED_ENTRIES);
        const feed = forumAtomFeed(threads, {
          siteUrl: app.config.SITE_URL.replace(/\/+$/, ''),
          selfUrl: `${app.config.publicApiUrl}/forum/feed.xml`,
        });
        return reply
          .type('application/atom+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(feed);
      },
    );
  };

export default forumReadRoutes;
