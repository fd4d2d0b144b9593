import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORUM_CATALOGUE_MAX_PAGE_SIZE,
  FORUM_MAX_PAGE_SIZE,
  forumCataloguePageSchema,
  forumCatalogueQuery,
  forumFeedSchema,
  mentionResultsSchema,
  mentionSearchQuery,
  MENTION_RESULTS_MAX,
  threadDetailSchema,
  threadListQuery,
  threadIdParams,
  threadListSchema,
} from '../../contract/forum';
import { errorSchema, noContentSchema, validationErrorSchema } from '../../contract/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary, ifNoneMatchHits, sendCachedJson } from '../http-cache';
import { threadNotFound } from './errors';
import type { CachedGzip } from './thread-answers';

/** Visitors may keep answers but check them (ETag) before each use; signed-in answers carry their likes. */
const PUBLIC_REVALIDATE = 'public, no-cache';
const PRIVATE_REVALIDATE = 'private, no-cache';
/** Smaller answers are not worth a second representation. */
const GZIP_FROM_BYTES = 8 * 1024;

/**
 * The forum's reads (docs/api.md, Forum): anyone may read; a valid token only adds the caller's likes, and a
 * bad one is ignored (optional authentication, once for the folder).
 */
const forumReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.optionalUser);

  app.get(
    '/forum/threads',
    {
      schema: {
        tags: ['forum'],
        summary: 'Threads: pinned first, then by last activity',
        description:
          `An array with the total in \`X-Total-Count\`; \`page_size\` 1-${FORUM_MAX_PAGE_SIZE}. \`q\` matches ` +
          "every word in the title, ignoring case; `author` keeps one user's threads. `viewer_following` is " +
          "the caller's.",
        querystring: threadListQuery,
        response: { 200: threadListSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { q, author, page, page_size: pageSize } = request.query;
      const viewerId = request.user?.id ?? null;
      const answer = await app.forum.threadList({ q, author }, { page, pageSize }, viewerId);
      reply.header('x-total-count', String(answer.total ?? 0));
      addVary(reply, 'Authorization');
      return sendCachedJson(
        request,
        reply,
        answer,
        viewerId === null ? PUBLIC_REVALIDATE : PRIVATE_REVALIDATE,
      );
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
        params: threadIdParams,
        response: {
          200: threadDetailSchema,
          304: noContentSchema,
          404: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewerId = request.user?.id ?? null;
      const answer = await app.forum.threadAnswer(request.params.id, viewerId);
      if (!answer) throw threadNotFound();
      addVary(reply, 'Authorization');
      const cacheControl = viewerId === null ? PUBLIC_REVALIDATE : PRIVATE_REVALIDATE;
      if (!answer.gzip || answer.json.body.length < GZIP_FROM_BYTES) {
        return sendCachedJson(request, reply, answer.json, cacheControl);
      }
      // The shared answer of a long thread goes gzipped to clients that take it (every browser does).
      addVary(reply, 'Accept-Encoding');
      if (!/\bgzip\b/i.test(request.headers['accept-encoding'] ?? '')) {
        return sendCachedJson(request, reply, answer.json, cacheControl);
      }
      return sendGzip(request, reply, answer.gzip(), cacheControl);
    },
  );

  app.get(
    '/forum/catalogue',
    {
      schema: {
        tags: ['forum'],
        summary: 'Every thread with its posts, in id order (for static site builds)',
        description:
          `Up to ${FORUM_CATALOGUE_MAX_PAGE_SIZE} threads a page, each as \`GET /forum/threads/{id}\` gives it ` +
          'to a visitor; the next page starts `after_id` the last thread of this one.',
        querystring: forumCatalogueQuery,
        response: { 200: forumCataloguePageSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { after_id: afterId, page_size: pageSize } = request.query;
      return sendCachedJson(
        request,
        reply,
        await app.forum.threadCatalogue(afterId, pageSize),
        PUBLIC_REVALIDATE,
      );
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
    async (request) => app.forum.mentions(request.query.q, request.query.limit),
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
      const feed = await app.forum.feed();
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(feed);
    },
  );
};

/** Sends the gzipped answer as sendCachedJson sends the plain one: its own ETag, 304 while it still holds. */
function sendGzip(
  request: FastifyRequest,
  reply: FastifyReply,
  gzip: CachedGzip,
  cacheControl: string,
): FastifyReply {
  reply.header('etag', gzip.etag).header('cache-control', cacheControl);
  if (ifNoneMatchHits(request.headers['if-none-match'], gzip.etag)) return reply.code(304).send();
  return reply.header('content-encoding', 'gzip').type('application/json; charset=utf-8').send(gzip.bytes);
}

export default forumReadRoutes;
