import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON body serialized once, with its entity tag, ready to be sent many times. */
export interface CachedJson {
  body: string;
  etag: string;
}

/** Shared caches may keep these lists briefly and serve them stale while they revalidate. */
export const PUBLIC_SHORT_CACHE = 'public, max-age=30, stale-while-revalidate=300';
/** For answers that differ by caller (e.g. their own vote scores). */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Serializes a value and tags it with a hash of its bytes. A content hash rather than a counter, so every
 * API instance gives the same ETag for the same answer and a revalidation can hit any of them.
 */
export function cachedJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** RFC 9110 If-None-Match: `*` or a list of tags, compared weakly (a W/ prefix is ignored). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Sends a pre-serialized JSON body, or 304 when the client already holds it. The body is a string with a
 * JSON content type, so Fastify sends it as is instead of serializing it again.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
  cacheControl: string,
): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', cacheControl);
  if (ifNoneMatchHits(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

/**
 * Adds a request header to `Vary`, keeping what is there: CORS already varies every answer on `Origin`, and
 * overwriting that would let a shared cache hand one origin's `Access-Control-Allow-Origin` to another.
 */
export function addVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((field) => field.toLowerCase() === header.toLowerCase())) return;
  reply.header('vary', [...fields, header].join(', '));
}
