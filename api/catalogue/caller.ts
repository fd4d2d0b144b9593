import type { FastifyRequest } from 'fastify';

/**
 * The signed-in caller's user id on an optional-auth read, or undefined for an anonymous caller.
 *
 * Seam for the accounts feature: it replaces this body with bearer-token resolution. Per api.md an
 * optional-auth call ignores a bad token, so an invalid, expired or revoked token must yield undefined
 * here, never an error.
 */
export async function optionalCallerId(_request: FastifyRequest): Promise<number | undefined> {
  return undefined;
}
