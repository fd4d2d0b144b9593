import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from '../accounts/authentication';
import { HttpError } from '../http-error';

export type { AuthUser };

/** A preHandler; the reply is unused, so code outside a route hook may call it with the request alone. */
type AuthHook = (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;

/**
 * A route hook that settles a request it can answer from memory at once (calling `done`, no promise) and
 * returns a promise otherwise; awaited without `done`, it behaves as an async function.
 */
type FastAuthHook = (
  request: FastifyRequest,
  reply?: FastifyReply,
  done?: HookHandlerDoneFunction,
) => Promise<void> | void;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler: 401 unless a valid bearer token of an existing user is sent; sets request.user. */
    authenticate: FastAuthHook;
    /** preHandler: as authenticate, then 403 unless the user's role in the database is ADMIN. */
    requireAdmin: AuthHook;
    /** preHandler: sets request.user from a valid token, and leaves it null for none or a bad one. */
    optionalUser: AuthHook;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const NOT_AUTHENTICATED = 'Not authenticated';
export const INVALID_CREDENTIALS = 'Could not validate credentials';
export const ADMIN_REQUIRED = 'Admin access required';

/** The user set by app.authenticate / app.requireAdmin; for handlers behind those hooks. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(NOT_AUTHENTICATED);
  return request.user;
}

export function isAdmin(user: Pick<AuthUser, 'role'> | null | undefined): boolean {
  return user?.role.toUpperCase() === 'ADMIN';
}

/**
 * Bearer-token authentication for every feature. Use per route (`{ onRequest: app.authenticate }`) or per
 * route folder (`app.addHook('onRequest', app.authenticate)` inside the folder's plugin): onRequest, so a
 * bad token is refused before the body is parsed (401, never 415 or 413).
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    const { accounts } = app;
    app.decorateRequest('user', null);

    async function authenticateByLookup(request: FastifyRequest, token: string | undefined): Promise<void> {
      if (token === undefined) throw unauthorized(NOT_AUTHENTICATED);
      const user = await accounts.userOfToken(token);
      if (!user) throw unauthorized(INVALID_CREDENTIALS, 'INVALID_TOKEN');
      request.user = user;
    }

    // A signed-in client sends the same token with every request: that case is settled synchronously, as
    // the promise and the extra turn of the event loop cost a cached read a measurable share of its time.
    function authenticate(
      request: FastifyRequest,
      _reply?: FastifyReply,
      done?: HookHandlerDoneFunction,
    ): Promise<void> | void {
      const token = request.user ? undefined : bearerToken(request);
      const user = request.user ?? (token === undefined ? undefined : accounts.rememberedUser(token));
      if (!user) return authenticateByLookup(request, token);
      request.user = user;
      done?.();
    }

    app.decorate('authenticate', authenticate);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await authenticate(request);
      if (!isAdmin(request.user)) throw new HttpError(403, ADMIN_REQUIRED, {}, undefined, 'ADMIN_REQUIRED');
    });
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      request.user = (token !== undefined && (await accounts.userOfToken(token))) || null;
    });
  },
  { name: 'auth', dependencies: ['accounts'] },
);

/** The token of an `Authorization: Bearer <token>` header; undefined when there is no bearer header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function unauthorized(detail: string, code = 'NOT_AUTHENTICATED'): HttpError {
  return new HttpError(401, detail, { 'WWW-Authenticate': 'Bearer' }, undefined, code);
}
