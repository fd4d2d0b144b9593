import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { defaultErrorCode, HttpError } from '../http-error';

/** A client's X-Request-Id is kept only when it is a short token that is safe in logs and headers. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Server ids for every request; a client's own id only when it is a short safe token (for tracing). */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Node's HTTP server bounds: the whole request (headers and body) must arrive within REQUEST_TIMEOUT or it
 * is answered 408 (checked every second, so a stalled body is cut off at most a second late); headers
 * within 10 s; an idle connection is closed after IDLE_TIMEOUT.
 */
export function serverTimeouts(config: Config): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'
> & {
  http: ServerOptions;
} {
  const requestMs = config.REQUEST_TIMEOUT * 1000;
  const idleMs = config.IDLE_TIMEOUT * 1000;
  return {
    requestTimeout: requestMs,
    // Socket inactivity (no byte either way): longer than any request may legitimately take.
    connectionTimeout: Math.max(idleMs, requestMs) + 5000,
    keepAliveTimeout: idleMs,
    http: { headersTimeout: Math.min(10_000, requestMs), connectionsCheckingInterval: 1000 },
  };
}

const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    detail: 'Request timed out: the request was not received in time',
  },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'Request headers too large' },
};

/**
 * Requests Node's parser refuses before Fastify sees them (malformed framing such as `Content-Length: -1`
 * or both Content-Length and Transfer-Encoding, oversized headers, a request that did not arrive in time)
 * are answered in the contract's `{detail, code}` shape, then the connection is closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, detail: 'Malformed request' };
  const body = JSON.stringify({ detail, code: defaultErrorCode(status) });
  const reason =
    status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Security-Policy: default-src 'none'\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * How much of a refused body the API still reads (and throws away) so that the client hears the 413: above
 * any body an honest client sends (a form with four 5 MB files), and reading it costs no memory; a slow
 * client is still cut off by REQUEST_TIMEOUT.
 */
const REFUSED_BODY_READ_LIMIT = 32 * 1024 * 1024;

/**
 * Reads and discards the rest of a body that was refused as too large (413), before the answer is sent.
 * Answered while the client is still sending, a client that reads only once its body is sent (without
 * `Expect: 100-continue`) never hears it: the socket closes with unread bytes in it, the client's next write
 * fails (EPIPE, connection reset) and it reports a network error.
 * Fastify's body parser marks its 413 `Connection: close`; once the whole body is read that is no longer
 * needed. A body that declares or reaches more than REFUSED_BODY_READ_LIMIT is not read: the answer goes
 * out at once and the connection is closed.
 */
export async function discardRefusedBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const body = request.raw;
  if (body.complete || body.destroyed) return;
  if (Number(request.headers['content-length']) > REFUSED_BODY_READ_LIMIT) {
    reply.header('connection', 'close');
    return;
  }
  const whole = await new Promise<boolean>((resolve) => {
    let read = 0;
    const stop = (arrived: boolean) => {
      body.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      resolve(arrived);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > REFUSED_BODY_READ_LIMIT) {
        body.pause();
        stop(false);
      }
    };
    const onEnd = () => stop(true);
    const onGone = () => stop(body.complete);
    // A multipart parser may still be attached: it must not see (or hold back) the rest.
    body.unpipe();
    body.on('data', onData).once('end', onEnd).once('error', onGone).once('close', onGone);
    body.resume();
  });
  if (whole) reply.removeHeader('connection');
  else reply.header('connection', 'close');
}

const IDENTITY = /^\s*(identity)?\s*$/i;

/**
 * The API decodes no Content-Encoding (gzip, deflate, br...): such a body is refused with 415 before it is
 * read, instead of being parsed as if it were plain.
 */
export default fp(
  async function boundedRequestsPlugin(app: FastifyInstance) {
    app.addHook('onRequest', async (request) => {
      const encoding = request.headers['content-encoding'];
      if (encoding !== undefined && !IDENTITY.test(encoding)) {
        throw new HttpError(
          415,
          `Unsupported Content-Encoding: ${encoding.slice(0, 40)}; send the body uncompressed`,
        );
      }
    });
  },
  { name: 'bounded-requests' },
);
