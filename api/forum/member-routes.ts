import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPostBody,
  createThreadBody,
  FORUM_API_TEXTS as TEXTS,
  FORUM_ERROR_CODES as CODES,
  FORUM_GIF_MAX_BYTES,
  likeResultSchema,
  mediaUploadFields,
  mediaUploadResultSchema,
  postParams,
  postRevisionsSchema,
  postSchema,
  threadIdParams,
  threadPostParams,
  threadSchema,
  updatePostBody,
  updateThreadBody,
} from '../../contract/forum';
import { errorSchema, noContentSchema, validationErrorSchema } from '../../contract/http';
import { followResultSchema } from '../../contract/notifications';
import { PRIVATE_NO_STORE } from '../http-cache';
import { httpError } from '../http-error';
import { currentUser } from '../plugins/auth';
import { uploadedFileField } from '../plugins/forms';
import { postNotFound, threadNotFound } from './errors';

const security = [{ bearer: [] }];
const writeErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  422: validationErrorSchema,
  423: errorSchema,
  429: errorSchema,
};

const uploadBody = z.object({
  ...mediaUploadFields,
  file: uploadedFileField(
    'PNG, JPEG or WebP up to 300 KB and 1024×1024, or GIF up to 1 MB and 512×512',
  ).optional(),
});

/**
 * The forum's writes for signed-in users (one authentication hook for the folder, in onRequest, so a
 * refused call never has its body read): threads and replies, the owner's edits and deletes (admins may
 * edit and delete anything), likes and image uploads. Who may do what (a locked thread refuses non-admins
 * with 423) is the service's to decide (permissions.ts).
 */
const forumMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });
  const byUser = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : undefined);
  const likeLimit = app.limitRequests({
    name: 'forum-like',
    max: app.config.FORUM_LIKE_RATE_LIMIT_MAX,
    windowSeconds: app.config.FORUM_LIKE_RATE_LIMIT_WINDOW,
    key: byUser,
  });
  const uploadLimit = app.limitRequests({
    name: 'forum-upload',
    max: app.config.FORUM_UPLOAD_RATE_LIMIT_MAX,
    windowSeconds: app.config.FORUM_UPLOAD_RATE_LIMIT_WINDOW,
    key: byUser,
  });
  // Edits and deletes: the feature's write limit (WRITE_RATE_LIMIT_*). New threads and replies count
  // against their own limits (forum_writes, accepted writes only), likes and uploads against theirs.
  const editLimit = app.limitWrites('forum');

  function rateLimited(detail: string, retryAfterSeconds: number) {
    return httpError(429, detail, {
      code: CODES.rateLimited,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }

  app.post(
    '/forum/threads',
    {
      schema: {
        tags: ['forum'],
        summary: 'Start a thread',
        description:
          'At most 10 threads per user, 10 referenced series (`series_ids`) and 10 series mentioned in the ' +
          'original post. Rate-limited per user (only threads created count): 429 with Retry-After.',
        security,
        body: createThreadBody,
        response: { 201: threadSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const outcome = await app.forum.createThread(currentUser(request), request.body);
      if (outcome.kind === 'thread-limit')
        throw httpError(403, TEXTS.threadLimit, { code: CODES.threadLimit });
      if (outcome.kind === 'rate-limited')
        throw rateLimited(TEXTS.creatingTooFast, outcome.retryAfterSeconds);
      if (!outcome.thread) throw threadNotFound();
      return reply.status(201).send(outcome.thread);
    },
  );

  app.patch(
    '/forum/threads/:id',
    {
      preParsing: editLimit,
      schema: {
        tags: ['forum'],
        summary: "Edit a thread's title, original post or references (owner or admin)",
        security,
        params: threadIdParams,
        body: updateThreadBody,
        response: { 200: threadSchema, ...writeErrors },
      },
    },
    async (request) => {
      const updated = await app.forum.updateThread(currentUser(request), request.params.id, request.body);
      if (!updated) throw threadNotFound();
      return updated;
    },
  );

  app.delete(
    '/forum/threads/:id',
    {
      preParsing: editLimit,
      schema: {
        tags: ['forum'],
        summary: 'Delete a thread with its posts, likes and images (owner or admin)',
        security,
        params: threadIdParams,
        response: { 204: noContentSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      if (!(await app.forum.deleteThread(currentUser(request), request.params.id))) throw threadNotFound();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/forum/threads/:id/posts',
    {
      schema: {
        tags: ['forum'],
        summary: 'Reply to a thread, or to a post of it (`parent_id`)',
        description:
          'At most 10 distinct series between `series_ids` and the `series:` links of the text. Locked threads ' +
          'take replies from admins only. Rate-limited per user (only replies posted count): 429 with Retry-After.',
        security,
        params: threadIdParams,
        body: createPostBody,
        response: { 201: postSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const outcome = await app.forum.createPost(currentUser(request), request.params.id, request.body);
      if (outcome.kind === 'thread-not-found') throw threadNotFound();
      if (outcome.kind === 'parent-not-found') {
        throw httpError(404, TEXTS.parentNotFound, { code: CODES.parentNotFound });
      }
      if (outcome.kind === 'rate-limited') throw rateLimited(TEXTS.postingTooFast, outcome.retryAfterSeconds);
      if (!outcome.post) throw postNotFound();
      return reply.status(201).send(outcome.post);
    },
  );

  app.patch(
    '/forum/threads/:id/posts/:postId',
    {
      preParsing: editLimit,
      schema: {
        tags: ['forum'],
        summary: 'Edit a post (owner or admin)',
        security,
        params: threadPostParams,
        body: updatePostBody,
        response: { 200: postSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { id, postId } = request.params;
      const updated = await app.forum.updatePost(currentUser(request), id, postId, request.body);
      if (!updated) throw postNotFound();
      return updated;
    },
  );

  app.get(
    '/forum/threads/:id/posts/:postId/revisions',
    {
      schema: {
        tags: ['forum'],
        summary: "A post's earlier versions, newest first (its author or an admin)",
        description:
          "Each version with its own time: when it became the post's text (its creation, or the edit " +
          'that wrote it). Others are refused with 403; they only see that the post was edited (`edited_at`).',
        security,
        params: postParams,
        response: {
          200: postRevisionsSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request) => app.forum.revisions(currentUser(request), request.params.id, request.params.postId),
  );

  app.delete(
    '/forum/threads/:id/posts/:postId/mine',
    {
      preParsing: editLimit,
      schema: {
        tags: ['forum'],
        summary: 'Delete your own post with its replies',
        description:
          "The original post goes only with its thread (400). Admins delete others' posts with the admin variant.",
        security,
        params: threadPostParams,
        response: { 204: noContentSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { id, postId } = request.params;
      if (!(await app.forum.deleteOwnPost(currentUser(request), id, postId))) throw postNotFound();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/forum/threads/:id/posts/:postId/heart',
    {
      onRequest: likeLimit,
      schema: {
        tags: ['forum'],
        summary: 'Like or unlike a post (a toggle)',
        description: 'Answers the new count and whether the caller likes the post. Exact under concurrency.',
        security,
        params: postParams,
        response: {
          200: likeResultSchema,
          401: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const result = await app.forum.toggleLike({
        threadId: request.params.id,
        postId: request.params.postId,
        userId: currentUser(request).id,
      });
      if (!result) throw postNotFound();
      return result;
    },
  );

  for (const [method, following] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/forum/threads/:id/follow',
      preParsing: editLimit,
      schema: {
        tags: ['forum'],
        summary: following ? 'Follow a thread' : 'Stop following a thread',
        description:
          'A follower is notified of every new post in the thread (THREAD_REPLY). Writing a thread or a reply ' +
          'follows it too.',
        security,
        params: threadIdParams,
        response: {
          200: followResultSchema,
          401: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
      handler: async (request) => {
        const found = await app.forum.setFollowing({
          threadId: request.params.id,
          userId: currentUser(request).id,
          following,
        });
        if (!found) throw threadNotFound();
        return { following };
      },
    });
  }

  app.post(
    '/forum/media/upload',
    {
      onRequest: uploadLimit,
      // One byte over the largest limit marks the file truncated, so the answer can name the limit.
      config: { multipartOptions: { limits: { fileSize: FORUM_GIF_MAX_BYTES + 1, files: 1 } } },
      schema: {
        tags: ['forum'],
        summary: 'Upload an image for a thread (or a post of it), or for a thread being written',
        description:
          'Multipart `thread_id`, optional `post_id`, `file`. The type is read from the bytes (PNG, JPEG, WebP, ' +
          'GIF). Stored re-encoded without metadata (stills as WebP; GIFs as GIFs, animation kept) and deleted ' +
          'with the thread or post. Without `thread_id` (a thread being written) the image belongs to its ' +
          'uploader: the first thread or post of theirs whose markdown shows its URL claims it, and it is ' +
          'removed when none did within `FORUM_UNCLAIMED_MEDIA_GRACE` (24 hours by default).',
        consumes: ['multipart/form-data'],
        security,
        body: uploadBody,
        response: { 201: mediaUploadResultSchema, ...writeErrors, 413: errorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.forum.uploadImage(currentUser(request), request.body)),
  );
};

export default forumMemberRoutes;
