import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that can carry a secret: OAuth tokens, codes and client secrets (an app may wrongly send a
 * bearer token as `?access_token=`, RFC 6750 section 2.3, which the API does not accept). Their values never reach
 * the log; a bearer token in the Authorization header never does either (headers are not logged).
 */
const SECRET_PARAMETERS =
  /([?&](?:access_token|refresh_token|token|code|client_secret|code_verifier)=)[^&#]*/gi;

/** The URL as logged: secret parameters' values replaced by "[redacted]". */
export function redactedUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMETERS, '$1[redacted]') : url;
}

/** Fastify's request serializer, with the URL redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactedUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
