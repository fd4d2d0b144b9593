import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The signed-in caller's user id on an optional-auth read, or undefined for an anonymous caller. An
 * optional-auth call ignores a bad token: an invalid, expired or revoked token, or a deleted
 * user, yields undefined here, never an error (the auth plugin's optionalUser hook does exactly that).
 */
export async function optionalCallerId(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<number | undefined> {
  await request.server.optionalUser(request, reply);
  return request.user?.id;
}
