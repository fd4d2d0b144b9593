import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';
import {
  databaseRateLimitStore,
  embeddedRateLimitCounters,
  embeddedRateLimitStore,
  sweepRateLimitCounters,
} from './rate-limit-store';

export const TOO_MANY_REQUESTS = 'Too many requests. Please slow down.';

export interface RequestLimit {
  /** Names the counter; two limits with the same name share their counts. */
  name: string;
  /** Requests allowed per key per window. */
  max: number;
  windowSeconds: number;
  /** Whose requests are counted together; undefined skips this limit for the request. */
  key: (request: FastifyRequest) => string | undefined;
  /** The 429 `detail`; the contract's generic text by default. */
  detail?: string;
}

type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler answering 429 `{detail}` with `Retry-After` (whole seconds) once a key exceeds its limit.
     * Several can guard one route (say per IP and per account), which @fastify/rate-limit's own route hook
     * cannot: it runs once per request.
     */
    limitRequests(limit: RequestLimit): LimitHook;
    /**
     * The write limit of a feature, as one hook for its route plugin: `app.addHook('preParsing',
     * app.limitWrites('reading-lists'))`. Counts POST, PUT, PATCH and DELETE per signed-in user (per client IP
     * for anonymous calls), WRITE_RATE_LIMIT_MAX per WRITE_RATE_LIMIT_WINDOW unless `limit` says otherwise.
     * preParsing runs after every onRequest hook (authentication included) and before the body is read.
     */
    limitWrites(
      feature: string,
      limit?: Partial<Pick<RequestLimit, 'max' | 'windowSeconds' | 'detail'>>,
    ): LimitHook;
  }
}

/**
 * A feature's write limit (`app.limitWrites(feature)`) on every write route the plugin registers after this
 * call, in preParsing; its reads skip the hook altogether rather than run it to learn they are not counted.
 */
export function limitWriteRoutes(app: FastifyInstance, feature: string): void {
  const limit = app.limitWrites(feature);
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => SAFE_METHODS.has(method))) return;
    route.preParsing = [...[route.preParsing ?? []].flat(), limit];
  });
}

/** Every admin write (catalogue, tracker), cover uploads included, per admin: ADMIN_RATE_LIMIT_*. */
export function adminWriteLimit(app: FastifyInstance): LimitHook {
  return app.limitWrites('admin', {
    max: app.config.ADMIN_RATE_LIMIT_MAX,
    windowSeconds: app.config.ADMIN_RATE_LIMIT_WINDOW,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whose writes count together: the signed-in user, else the client's address. */
export function writerKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${clientIp(request)}`;
}

/** The client's address as the rate limits see it (an IPv6 client's /64, so one host counts once). */
export function clientIp(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/** How often each instance deletes the database's expired counters. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Rate limits over @fastify/rate-limit with a store every instance shares: Redis when REDIS_URL is set,
 * else the database's rate_limit_counters table: on PostgreSQL an upsert per counted request; on the
 * embedded engine (one process only) counted in memory and written back within a second (see
 * EmbeddedRateLimitCounters). Either way counts survive a restart. A store that fails lets the request through (logged) rather than failing the write.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    const { REDIS_URL } = app.config;
    if (REDIS_URL) {
      const { Redis } = await import('ioredis');
      const redis = new Redis(REDIS_URL, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: true,
      });
      redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store (Redis) error'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      // global: false: routes opt in, through limitRequests or `config: { rateLimit }`.
      await app.register(rateLimit, {
        global: false,
        redis,
        nameSpace: 'panelrank-rate-limit:',
        skipOnError: true,
      });
    } else {
      const { pglite } = app.database;
      let store = databaseRateLimitStore(app.db);
      if (pglite) {
        const counters = embeddedRateLimitCounters(pglite, app.db, (error) =>
          app.log.warn({ err: error }, 'could not write rate-limit counters back'),
        );
        store = embeddedRateLimitStore(counters);
        app.addHook('onClose', () => counters.flush());
      }
      await app.register(rateLimit, { global: false, store, skipOnError: true });
      const sweep = setInterval(() => {
        sweepRateLimitCounters(app.db).catch((error: unknown) =>
          app.log.warn({ err: error }, 'could not sweep expired rate-limit counters'),
        );
      }, SWEEP_INTERVAL_MS);
      sweep.unref();
      app.addHook('onClose', async () => clearInterval(sweep));
    }

    app.decorate('limitRequests', ({ name, max, windowSeconds, key, detail }: RequestLimit): LimitHook => {
      const check = app.createRateLimit({
        max,
        timeWindow: windowSeconds * 1000,
        keyGenerator: (request) => `${name}:${key(request) ?? ''}`,
      });
      return async (request) => {
        if (key(request) === undefined) return;
        const limit = await check(request);
        if (limit.isAllowed || !limit.isExceeded) return;
        const retryAfter = Math.max(1, Math.ceil(limit.ttl / 1000));
        throw new HttpError(429, detail ?? TOO_MANY_REQUESTS, { 'Retry-After': String(retryAfter) });
      };
    });

    app.decorate(
      'limitWrites',
      (feature: string, limit: Partial<Pick<RequestLimit, 'max' | 'windowSeconds' | 'detail'>> = {}) =>
        app.limitRequests({
          name: `${feature}-writes`,
          max: limit.max ?? app.config.WRITE_RATE_LIMIT_MAX,
          windowSeconds: limit.windowSeconds ?? app.config.WRITE_RATE_LIMIT_WINDOW,
          detail: limit.detail,
          key: (request) => (SAFE_METHODS.has(request.method) ? undefined : writerKey(request)),
        }),
    );
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
