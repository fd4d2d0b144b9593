import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, validationErrorSchema } from '../../contract/http';
import {
  markReadBody,
  NOTIFICATION_ERROR_CODES as CODES,
  NOTIFICATION_TEXTS as TEXTS,
  notificationListQuery,
  notificationPageSchema,
  notificationStreamSchema,
  unreadCountSchema,
} from '../../contract/notifications';
import { PRIVATE_NO_STORE } from '../http-cache';
import { httpError } from '../http-error';
import { bearerToken, currentUser, INVALID_CREDENTIALS } from '../plugins/auth';

const security = [{ bearer: [] }];
/** When a refused stream may try again: long enough not to hammer, short enough to feel live. */
const STREAM_RETRY_SECONDS = 30;

/**
 * The signed-in user's notifications: the list, the unread count, marking read, and the stream of unread
 * counts, each mapping HTTP to `app.notifications` (see service.ts).
 */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first",
        description: 'With the unread count. A LIKE groups the likes of one post while it is unread.',
        security,
        querystring: notificationListQuery,
        response: { 200: notificationPageSchema, 401: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      return app.notifications.page(currentUser(request).id, { page, pageSize });
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's unread notifications",
        security,
        response: { 200: unreadCountSchema, 401: errorSchema },
      },
    },
    async (request) => ({ unread: await app.notifications.unread(currentUser(request).id) }),
  );

  app.post(
    '/notifications/read',
    {
      preParsing: app.limitWrites('notifications'),
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read',
        description:
          "`{ids}` marks those of them that are the caller's (others are ignored); `{all: true}` all.",
        security,
        body: markReadBody,
        response: { 200: unreadCountSchema, 401: errorSchema, 422: validationErrorSchema, 429: errorSchema },
      },
    },
    async (request) => ({
      unread: await app.notifications.markRead(currentUser(request).id, request.body),
    }),
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        summary: "A live stream of the caller's unread count (Server-Sent Events)",
        description:
          'Send the token in the `Authorization` header (read it with `fetch`, not `EventSource`). An ' +
          '`unread` event with data `{"unread": n}` comes at once and after every change, whichever instance ' +
          'it happened on; a comment line comes at least every 25 s. The stream ends when its token expires ' +
          'or stops being valid (a sign-out everywhere, the account deleted), on every instance: reconnecting ' +
          'with that token then answers 401. Too many open streams of the caller on ' +
          `this instance: 429 \`${CODES.tooManyStreams}\`; too many on the instance: 503 ` +
          `\`${CODES.streamsBusy}\`; both with Retry-After.`,
        security,
        produces: ['text/event-stream'],
        response: { 200: notificationStreamSchema, 401: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The stream ends when the token it was opened with expires (authenticate just checked it).
      const token = bearerToken(request);
      const expiresAtMs = token === undefined ? undefined : await app.accounts.tokenExpiresAt(token);
      if (token === undefined || expiresAtMs === undefined) {
        throw httpError(401, INVALID_CREDENTIALS, {
          code: 'INVALID_TOKEN',
          headers: { 'www-authenticate': 'Bearer' },
        });
      }
      const admitted = app.notifications.admitStream(user.id);
      const retry = { 'retry-after': String(STREAM_RETRY_SECONDS) };
      if (admitted.kind === 'user-limit') {
        throw httpError(429, TEXTS.tooManyStreams, { code: CODES.tooManyStreams, headers: retry });
      }
      if (admitted.kind === 'instance-limit') {
        throw httpError(503, TEXTS.streamsBusy, { code: CODES.streamsBusy, headers: retry });
      }
      // The stream outlives the handler: Fastify hands the raw response over, with the headers its hooks
      // set so far (CORS, security, request id).
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string | number | string[]>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      reply.raw.flushHeaders();
      app.notifications.addStream(user.id, reply.raw, { token, expiresAtMs });
    },
  );
};

export default notificationRoutes;
