import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DIGEST_API_TEXTS as TEXTS,
  DIGEST_ERROR_CODES as CODES,
  preferencesBodySchema,
  preferencesSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from '../../contract/digest';
import { errorSchema, validationErrorSchema } from '../../contract/http';
import { PRIVATE_NO_STORE } from '../http-cache';
import { httpError } from '../http-error';
import { escapeHtml } from '../mail/verification-email';
import { currentUser } from '../plugins/auth';

/**
 * The digest's calls: the signed-in user's preference, and the unsubscribe link of its e-mails, which
 * works without signing in (its token is the proof) by GET (a click) or POST (a mail client's one-click
 * unsubscribe, RFC 8058).
 */
const digestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/auth/me/preferences',
    {
      onRequest: [app.authenticate, app.limitWrites('accounts')],
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's preferences: the e-mail digest and the profile's reading stats",
        description:
          '`email_digest`: "daily" or "never" (the default); `show_reading_stats`: whether the public profile ' +
          'shows the reading stats (true by default). Either or both; a field left out is kept; anything else ' +
          'is 422. Answers both.',
        security: [{ bearer: [] }],
        body: preferencesBodySchema,
        response: { 200: preferencesSchema, 401: errorSchema, 422: validationErrorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      const userId = currentUser(request).id;
      const { email_digest: digest, show_reading_stats: showStats } = request.body;
      const emailDigest =
        digest === undefined
          ? await app.digest.preference(userId)
          : await app.digest.setPreference(userId, digest);
      const showReadingStats =
        showStats === undefined
          ? await app.profiles.showsReadingStats(userId)
          : await app.profiles.setShowReadingStats(userId, showStats);
      return { email_digest: emailDigest, show_reading_stats: showReadingStats };
    },
  );

  const unsubscribe = async (
    request: FastifyRequest<{ Querystring: { token?: string | undefined } }>,
    reply: FastifyReply,
  ) => {
    reply.header('cache-control', 'no-store');
    if (!(await app.digest.unsubscribe(request.query.token))) {
      throw httpError(400, TEXTS.invalidUnsubscribeLink, { code: CODES.invalidUnsubscribeLink });
    }
    // A person who clicked the link in the e-mail reads a page; clients get JSON.
    if (request.method === 'GET' && prefersHtml(request)) {
      return reply.type('text/html; charset=utf-8').send(unsubscribedPage());
    }
    return { email_digest: 'never' as const, message: TEXTS.unsubscribed };
  };
  const unsubscribeSchema = {
    tags: ['notifications'],
    querystring: unsubscribeQuerySchema,
    response: { 200: unsubscribeResultSchema, 400: errorSchema, 422: validationErrorSchema },
  };
  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        ...unsubscribeSchema,
        summary: "Turn the daily digest off from its e-mail's link, without signing in",
        description: `400 "${TEXTS.invalidUnsubscribeLink}" for a forged or expired token. A browser gets a page.`,
      },
    },
    unsubscribe,
  );
  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        ...unsubscribeSchema,
        summary: 'One-click unsubscribe of the daily digest (RFC 8058), without signing in',
        description:
          'What mail clients send from the `List-Unsubscribe` headers: a form body ' +
          '`List-Unsubscribe=One-Click`, which is not needed.',
      },
    },
    unsubscribe,
  );
};

function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /\btext\/html\b/i.test(accept);
}

function unsubscribedPage(): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Unsubscribed · PanelRank</title></head>
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
    <h1>Unsubscribed</h1>
    <p>${escapeHtml(TEXTS.unsubscribed)}</p>
  </body>
</html>
`;
}

export default digestRoutes;
