import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lockBody,
  lockResultSchema,
  pinBody,
  pinResultSchema,
  postParams,
  settingsBody,
  settingsResultSchema,
  threadIdParams,
} from '../../contract/forum';
import { errorSchema, noContentSchema, validationErrorSchema } from '../../contract/http';
import { PRIVATE_NO_STORE } from '../http-cache';
import { limitWriteRoutes } from '../plugins/rate-limit';
import { postNotFound, threadNotFound } from './errors';
import type { ThreadFlag } from './thread-writes';

const security = [{ bearer: [] }];

/** The admin's switches of a thread: path, body field, column, and the contract's shapes. */
const FLAG_ROUTES = [
  {
    path: 'lock',
    field: 'locked',
    flag: 'locked',
    body: lockBody,
    result: lockResultSchema,
    summary: 'Lock or unlock a thread (admin): a locked thread takes replies and edits from admins only',
  },
  {
    path: 'settings',
    field: 'latest_first',
    flag: 'latestFirst',
    body: settingsBody,
    result: settingsResultSchema,
    summary: 'Latest-first ordering of top-level replies (admin)',
  },
  {
    path: 'pin',
    field: 'pinned',
    flag: 'pinned',
    body: pinBody,
    result: pinResultSchema,
    summary: 'Pin or unpin a thread (admin): pinned threads head the list',
  },
] as const satisfies ReadonlyArray<{ flag: ThreadFlag; [key: string]: unknown }>;
const adminErrors = {
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  422: validationErrorSchema,
  429: errorSchema,
};

/**
 * Moderation (admins only; one hook for the folder, in onRequest, so the role is checked before the body
 * is read): lock, ordering, pin, and deleting anyone's post.
 */
const forumAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  // The forum's write limit (WRITE_RATE_LIMIT_*), counted with the edits and deletes of the member routes.
  limitWriteRoutes(app, 'forum');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  async function setFlag(threadId: number, flag: ThreadFlag, value: boolean): Promise<number> {
    if (!(await app.forum.setFlag(threadId, flag, value))) throw threadNotFound();
    return threadId;
  }

  // PATCH .../lock {locked}, .../settings {latest_first}, .../pin {pinned}: each answers {id, <field>}.
  for (const route of FLAG_ROUTES) {
    app.patch(
      `/forum/threads/:id/${route.path}`,
      {
        schema: {
          tags: ['forum'],
          summary: route.summary,
          security,
          params: threadIdParams,
          body: route.body,
          response: { 200: route.result, ...adminErrors },
        },
      },
      async (request) => {
        const value = (request.body as Record<string, boolean>)[route.field]!;
        const id = await setFlag(request.params.id, route.flag, value);
        return { id, [route.field]: value } as {
          id: number;
          locked: boolean;
          latest_first: boolean;
          pinned: boolean;
        };
      },
    );
  }

  app.delete(
    '/forum/threads/:id/posts/:postId',
    {
      schema: {
        tags: ['forum'],
        summary: 'Delete any post with its replies and their images (admin)',
        description: 'The original post goes only with its thread (400).',
        security,
        params: postParams,
        response: { 204: noContentSchema, 400: errorSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      if (!(await app.forum.deletePost(request.params.id, request.params.postId))) throw postNotFound();
      return reply.status(204).send(null);
    },
  );
};

export default forumAdminRoutes;
