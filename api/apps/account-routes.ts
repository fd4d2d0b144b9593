import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authorizationsSchema,
  authorizeBody,
  authorizeCheckSchema,
  authorizeQuery,
  authorizeRedirectSchema,
  clientIdParams,
  createdOAuthAppSchema,
  createdPersonalTokenSchema,
  createOAuthAppBody,
  createPersonalTokenBody,
  MAX_APPS_PER_USER,
  MAX_PERSONAL_TOKENS_PER_USER,
  oauthAppsSchema,
  oauthErrorSchema,
  personalTokenParams,
  personalTokensSchema,
} from '../../contract/apps';
import { errorSchema, noContentSchema, validationErrorSchema } from '../../contract/http';
import { PRIVATE_NO_STORE } from '../http-cache';
import { currentUser } from '../plugins/auth';
import { limitWriteRoutes } from '../plugins/rate-limit';
import { appsErrors } from './errors';
import type { AuthorizeOutcome } from './authorize';

const security = [{ bearer: [] }];
const errors = {
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: validationErrorSchema,
  429: errorSchema,
};

/**
 * What the site's pages call, as the signed-in reader (the site's own bearer token): /account/apps (apps,
 * authorizations, personal tokens) and the consent page /oauth/authorize (its check and its decision).
 *
 * The decision takes the site's token from the Authorization header, never from a cookie, so a form on
 * another site cannot post it on the reader's behalf (no CSRF), and the CORS policy keeps these calls to the
 * site's origin.
 */
const appsAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    done();
  });
  app.addHook('onRequest', app.authenticate);
  limitWriteRoutes(app, 'apps');

  app.get(
    '/oauth/apps',
    {
      schema: {
        tags: ['apps'],
        summary: 'The apps the caller registered',
        security,
        response: { 200: oauthAppsSchema, 401: errorSchema },
      },
    },
    async (request) => app.apps.apps(currentUser(request).id),
  );

  app.post(
    '/oauth/apps',
    {
      schema: {
        tags: ['apps'],
        summary: 'Register an app',
        description:
          `At most ${MAX_APPS_PER_USER} apps per reader (409). A confidential app's \`client_secret\` is ` +
          'answered this once (stored hashed); a public app has none and uses PKCE alone.',
        security,
        body: createOAuthAppBody,
        response: { 201: createdOAuthAppSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await app.apps.createApp(currentUser(request).id, request.body);
      if (created === 'limit') throw appsErrors.appLimit();
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/oauth/apps/:client_id',
    {
      schema: {
        tags: ['apps'],
        summary: 'Delete an app the caller registered, with every token and code issued to it',
        security,
        params: clientIdParams,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await app.apps.deleteApp(currentUser(request).id, request.params.client_id))) {
        throw appsErrors.appNotFound();
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/oauth/authorizations',
    {
      schema: {
        tags: ['apps'],
        summary: 'The apps the caller authorized (with live tokens)',
        security,
        response: { 200: authorizationsSchema, 401: errorSchema },
      },
    },
    async (request) => app.apps.authorizations(currentUser(request).id),
  );

  app.delete(
    '/oauth/authorizations/:client_id',
    {
      schema: {
        tags: ['apps'],
        summary: 'Revoke an app: every token the caller granted it stops working, on every instance',
        security,
        params: clientIdParams,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await app.apps.revokeAuthorization(currentUser(request).id, request.params.client_id))) {
        throw appsErrors.authorizationNotFound();
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/personal-tokens',
    {
      schema: {
        tags: ['apps'],
        summary: "The caller's personal access tokens (never the tokens themselves)",
        security,
        response: { 200: personalTokensSchema, 401: errorSchema },
      },
    },
    async (request) => app.apps.personalTokens(currentUser(request).id),
  );

  app.post(
    '/personal-tokens',
    {
      schema: {
        tags: ['apps'],
        summary: 'Create a personal access token',
        description:
          `At most ${MAX_PERSONAL_TOKENS_PER_USER} per reader (409). The \`token\` is answered this once ` +
          '(stored hashed); it never expires, and is revoked by deleting it.',
        security,
        body: createPersonalTokenBody,
        response: { 201: createdPersonalTokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await app.apps.createPersonalToken(currentUser(request).id, request.body);
      if (created === 'limit') throw appsErrors.tokenLimit();
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/personal-tokens/:id',
    {
      schema: {
        tags: ['apps'],
        summary: 'Revoke a personal access token',
        security,
        params: personalTokenParams,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await app.apps.deletePersonalToken(currentUser(request).id, request.params.id))) {
        throw appsErrors.tokenNotFound();
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/oauth/authorize/check',
    {
      schema: {
        tags: ['apps'],
        summary: "The consent page's check of the app's authorization request",
        description:
          'The query the app sent to the site’s /oauth/authorize, passed on. 200 `{client_id, app_name, ' +
          'scopes, redirect_uri}` for a valid request; 200 `{redirect_to}` (an RFC 6749 section 4.1.2.1 error ' +
          'redirect to the app) when the client and redirect URI are right but something else is wrong; 400 ' +
          '`{error, error_description}` for an unknown client or a redirect URI not registered exactly ' +
          '(never redirected to).',
        security,
        querystring: authorizeQuery,
        response: {
          200: authorizeCheckSchema,
          400: oauthErrorSchema,
          401: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await app.apps.checkAuthorization(request.query);
      if (outcome.kind !== 'valid') return sendOutcome(reply, outcome);
      return {
        client_id: outcome.client.clientId,
        app_name: outcome.client.name,
        scopes: outcome.scopes,
        redirect_uri: outcome.redirectUri,
      };
    },
  );

  app.post(
    '/oauth/authorize',
    {
      schema: {
        tags: ['apps'],
        summary: "The reader's decision on the consent page",
        description:
          'The authorization request with `decision`. 200 `{redirect_to}`: the app’s redirect URI with ' +
          '`code` and `state` (allow; the code lives 60 s, single use) or `error=access_denied` and `state` ' +
          '(deny); 400 as the check. Takes the site’s token from the Authorization header, never a cookie.',
        security,
        body: authorizeBody,
        response: { 200: authorizeRedirectSchema, 400: oauthErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendOutcome(reply, await app.apps.decide(currentUser(request).id, request.body)),
  );
};

function sendOutcome(reply: FastifyReply, outcome: Exclude<AuthorizeOutcome, { kind: 'valid' }>) {
  if (outcome.kind === 'redirect') return reply.send({ redirect_to: outcome.redirectTo });
  return reply.status(400).send({ error: outcome.error, error_description: outcome.description });
}

export default appsAccountRoutes;
