import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { AccessTokens } from '../accounts/access-tokens';
import { resolveSecret } from '../accounts/secrets';
import { users, type UserRole } from '../db/schema';
import { GuardedTtlCache } from '../guarded-ttl-cache';
import { HttpError } from '../http-error';

/**
 * The signed-in user, as the database says (never as the token remembers it): read at most
 * AUTH_USER_CACHE_MS ago, and every change to it since was announced (`app.invalidateUser`).
 */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  role: UserRole;
}

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
    accessTokens: AccessTokens;
    /**
     * Call after any change to a user's row that authentication reads (role, token version, username,
     * e-mail) or after deleting the user: drops what this instance remembers of them and tells every other
     * instance, resolving once told, so a demoted or deleted user is refused everywhere from the next request.
     */
    invalidateUser(userId: number): Promise<void>;
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

/** The change-feed topic of users: ids of users whose row changed or who were deleted. */
export const USERS_TOPIC = 'users';

/**
 * The users that valid tokens named lately, so a signed-in request costs no database read (on the embedded
 * engine that read was most of a cached answer's time). An entry serves only tokens of the version it was
 * read with, until `forget` (every change to the user is announced) or the TTL, which bounds only changes
 * nobody announced (SQL by hand). Misses (unknown users, old token versions) are never kept.
 */
export class TokenUserCache {
  private readonly users: GuardedTtlCache<number, { tokenVersion: number; user: AuthUser }>;

  constructor(ttlMs: number, maxEntries = 10_000, now?: () => number) {
    this.users = new GuardedTtlCache(ttlMs, maxEntries, now);
  }

  get(userId: number, tokenVersion: number): AuthUser | undefined {
    const entry = this.users.get(userId);
    return entry?.tokenVersion === tokenVersion ? entry.user : undefined;
  }

  /** Take it before reading a user and pass it to `set`: a `forget` in between discards what was read. */
  get generation(): number {
    return this.users.generation;
  }

  set(tokenVersion: number, user: AuthUser, generation: number): void {
    this.users.set(user.id, { tokenVersion, user }, generation);
  }

  /** Drops these users (null: everyone), and any read of a user in flight. */
  forget(userIds: number[] | null): void {
    this.users.forget(userIds);
  }
}

/**
 * Bearer-token authentication for every feature. Use per route (`{ onRequest: app.authenticate }`) or per
 * route folder (`app.addHook('onRequest', app.authenticate)` inside the folder's plugin): onRequest, so a
 * bad token is refused before the body is parsed (401, never 415 or 413).
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    const accessTokens = new AccessTokens(
      resolveSecret(app.config, app.config.JWT_SECRET, 'jwt-secret'),
      app.config.ACCESS_TOKEN_TTL,
    );
    app.decorate('accessTokens', accessTokens);
    app.decorateRequest('user', null);
    const knownUsers = new TokenUserCache(app.config.AUTH_USER_CACHE_MS);
    app.changeFeed.subscribe(USERS_TOPIC, ({ ids }) => knownUsers.forget(ids));
    app.decorate('invalidateUser', async (userId: number) => {
      knownUsers.forget([userId]);
      await app.changeFeed.publish(USERS_TOPIC, [userId]);
    });

    /** The token's user when it is valid, current (token version) and the user still exists. */
    async function userFromToken(token: string): Promise<AuthUser | undefined> {
      const claims = await accessTokens.verify(token);
      if (!claims) return undefined;
      const known = knownUsers.get(claims.userId, claims.tokenVersion);
      if (known) return known;
      const generation = knownUsers.generation;
      const [row] = await app.db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          role: users.role,
          tokenVersion: users.tokenVersion,
        })
        .from(users)
        .where(eq(users.id, claims.userId))
        .limit(1);
      if (!row || row.tokenVersion !== claims.tokenVersion) return undefined;
      // Frozen: every request of this user shares the object.
      const user = Object.freeze({ id: row.id, username: row.username, email: row.email, role: row.role });
      knownUsers.set(row.tokenVersion, user, generation);
      return user;
    }

    /** The user of a token verified and read lately, without waiting; undefined when it must be looked up. */
    function rememberedUser(token: string): AuthUser | undefined {
      const claims = accessTokens.remembered(token);
      return claims && knownUsers.get(claims.userId, claims.tokenVersion);
    }

    async function authenticateByLookup(request: FastifyRequest, token: string | undefined): Promise<void> {
      if (token === undefined) throw unauthorized(NOT_AUTHENTICATED);
      const user = await userFromToken(token);
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
      const user = request.user ?? (token === undefined ? undefined : rememberedUser(token));
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
      request.user = (token !== undefined && (await userFromToken(token))) || null;
    });
  },
  { name: 'auth', dependencies: ['config', 'change-feed'] },
);

/** The token of an `Authorization: Bearer <token>` header; undefined when there is no bearer header. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function unauthorized(detail: string, code = 'NOT_AUTHENTICATED'): HttpError {
  return new HttpError(401, detail, { 'WWW-Authenticate': 'Bearer' }, undefined, code);
}
