import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  authorizationServerMetadataSchema,
  emptyObjectSchema,
  oauthErrorSchema,
  tokenResponseSchema,
} from '../../contract/apps';

/**
 * The OAuth 2.0 protocol endpoints apps call directly (RFC 6749 error bodies `{error, error_description}`,
 * `Cache-Control: no-store`): the token endpoint, revocation (RFC 7009) and the server's metadata (RFC
 * 8414). Their CORS is open to any origin without credentials (plugins/security.ts), so a browser app can
 * call them. The authorization endpoint is the site's /oauth/authorize page (account-routes.ts).
 */
const appsProtocolRoutes: FastifyPluginAsyncZod = async (app) => {
  // What the API refuses before these handlers (a NUL in a field, an oversized or undecodable body) is
  // answered in the protocol's shape too.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    reply.header('cache-control', 'no-store');
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ error: 'server_error' });
    }
    return reply.status(400).send({ error: 'invalid_request', error_description: error.message });
  });
  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Token endpoint (RFC 6749 section 3.2): authorization_code with PKCE, and refresh_token',
        description:
          '`application/x-www-form-urlencoded`. `grant_type=authorization_code` with `code`, `redirect_uri`, ' +
          '`client_id`, `code_verifier`; `grant_type=refresh_token` with `refresh_token` (and optionally a ' +
          'narrower `scope`). Confidential clients authenticate with HTTP Basic (client_secret_basic) or ' +
          '`client_secret` in the body (client_secret_post); public clients send `client_id` alone. Access ' +
          `tokens live ${ACCESS_TOKEN_LIFETIME_SECONDS / 60} minutes by default; each refresh answers a new ` +
          'refresh token, and a refresh token used twice revokes its whole family. A code is single use: a ' +
          'second use revokes what the first issued.',
        consumes: ['application/x-www-form-urlencoded'],
        response: {
          200: tokenResponseSchema,
          400: oauthErrorSchema,
          401: oauthErrorSchema,
          500: oauthErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await app.apps.token({ headers: request.headers, body: request.body });
      return reply
        .status(answer.status as 200)
        .headers(answer.headers)
        .send(answer.body as never);
    },
  );

  app.post(
    '/oauth/revoke',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Revocation (RFC 7009): the token and every token of its grant stop working',
        description:
          '`application/x-www-form-urlencoded` `token` (an access or refresh token) and optionally ' +
          '`token_type_hint`; the client names itself as at the token endpoint. 200 `{}` even for an unknown ' +
          'token.',
        consumes: ['application/x-www-form-urlencoded'],
        response: { 200: emptyObjectSchema, 400: oauthErrorSchema, 401: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const answer = await app.apps.revoke(clientCredentials(request, body), text(body.token));
      return reply
        .status(answer.status as 200)
        .headers(answer.headers)
        .send(answer.body as never);
    },
  );

  app.get(
    '/.well-known/oauth-authorization-server',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Authorization server metadata (RFC 8414)',
        response: { 200: authorizationServerMetadataSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return app.apps.metadata();
    },
  );
};

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** client_secret_basic (RFC 6749 section 2.3.1: form-urlencoded name and password) or the body's fields. */
function clientCredentials(
  request: FastifyRequest,
  body: Record<string, unknown>,
): { clientId?: string; clientSecret?: string } {
  const header = request.headers.authorization;
  const basic = header && /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      try {
        return {
          clientId: decodeURIComponent(decoded.slice(0, colon)),
          clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
        };
      } catch {
        return {};
      }
    }
  }
  return { clientId: text(body.client_id), clientSecret: text(body.client_secret) };
}

export default appsProtocolRoutes;
