import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

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
  }
}

/** The client's address as the rate limits see it (an IPv6 client's /64, so one host counts once). */
export function clientIp(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * Rate limits over @fastify/rate-limit's in-memory store: counts are per instance, so several instances behind
 * one balancer each allow the limit (a shared store, e.g. Redis, would make them global).
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    // global: false: routes opt in, through limitRequests or `config: { rateLimit }`.
    await app.register(rateLimit, { global: false });

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
  },
  { name: 'rate-limit' },
);
