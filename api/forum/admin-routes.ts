import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORUM_API_TEXTS as TEXTS,
  FORUM_ERROR_CODES as CODES,
  lockBody,
  lockResultSchema,
  pinBody,
  pinResultSchema,
  settingsBody,
  settingsResultSchema,
  threadPostParams,
} from '../../contract/forum';
import { errorSchema, idParams, noContentSchema, validationErrorSchema } from '../../contract/http';
import { PRIVATE_NO_STORE } from '../http-cache';
import { httpError } from '../http-error';
import { existingId, postNotFound, removeDeletedImages, threadNotFound } from './answers';
import type { ForumCache } from './forum-cache';
import { deletePost } from './post-writes';
import { postAccess } from './thread-reads';
import { setThreadFlag, type ThreadFlag } from './thread-writes';

const security = [{ bearer: [] }];
const adminErrors = {
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  422: validationErrorSchema,
};

/**
 * Moderation (admins only; one hook for the folder, in onRequest, so the role is checked in the database
 * before the body is read): lock, ordering, pin, and deleting anyone's post.
 */
const forumAdminRoutes =
  (cache: ForumCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.requireAdmin);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
    });

    async function setFlag(id: number, flag: ThreadFlag, value: boolean): Promise<number> {
      const threadId = existingId(id, threadNotFound);
      const changed = await setThreadFlag(app.db, threadId, flag, value);
      cache.threadChanged(threadId);
      if (!changed) throw threadNotFound();
      return threadId;
    }

    app.patch(
      '/forum/threads/:id/lock',
      {
        schema: {
          tags: ['forum'],
          summary:
            'Lock or unlock a thread (admin): a locked thread takes replies and edits from admins only',
          security,
          params: idParams,
          body: lockBody,
          response: { 200: lockResultSchema, ...adminErrors },
        },
      },
      async (request) => ({
        id: await setFlag(request.params.id, 'locked', request.body.locked),
        locked: request.body.locked,
      }),
    );

    app.patch(
      '/forum/threads/:id/settings',
      {
        schema: {
          tags: ['forum'],
          summary: 'Latest-first ordering of top-level replies (admin)',
          security,
          params: idParams,
          body: settingsBody,
          response: { 200: settingsResultSchema, ...adminErrors },
        },
      },
      async (request) => ({
        id: await setFlag(request.params.id, 'latestFirst', request.body.latest_first),
        latest_first: request.body.latest_first,
      }),
    );

    app.patch(
      '/forum/threads/:id/pin',
      {
        schema: {
          tags: ['forum'],
          summary: 'Pin or unpin a thread (admin): pinned threads head the list',
          security,
          params: idParams,
          body: pinBody,
          response: { 200: pinResultSchema, ...adminErrors },
        },
      },
      async (request) => ({
        id: await setFlag(request.params.id, 'pinned', request.body.pinned),
        pinned: request.body.pinned,
      }),
    );

    app.delete(
      '/forum/threads/:id/posts/:postId',
      {
        schema: {
          tags: ['forum'],
          summary: 'Delete any post with its replies and their images (admin)',
          description: 'The original post goes only with its thread (400).',
          security,
          params: threadPostParams,
          response: { 204: noContentSchema, 400: errorSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const threadId = existingId(request.params.id, threadNotFound);
        const post = await postAccess(app.db, threadId, existingId(request.params.postId, postNotFound));
        if (!post) throw postNotFound();
        if (post.isOriginal) throw httpError(400, TEXTS.originalPostDelete, { code: CODES.originalPost });
        const keys = await deletePost(app.db, threadId, post.id);
        cache.threadChanged(threadId);
        if (!keys) throw postNotFound();
        await removeDeletedImages(app, keys);
        return reply.status(204).send(null);
      },
    );
  };

export default forumAdminRoutes;
