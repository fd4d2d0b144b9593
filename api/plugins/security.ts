import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const DOCS_POLICY =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; " +
  "form-action 'none'";

/** The library API, the OAuth token and revocation endpoints and the server metadata (docs/features/apps.md). */
const OPEN_TO_ANY_ORIGIN =
  /^\/(v1(\/|\?|$)|oauth\/(token|revoke)\/?(\?|$)|\.well-known\/oauth-authorization-server\/?(\?|$))/;

/** CORS for the site's origin(s) (for the apps' calls: any origin), the usual security headers and a Content-Security-Policy on everything. */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const shared = {
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: ['X-Total-Count', 'Retry-After', 'ETag', 'X-Request-Id'],
      maxAge: 600,
    };
    // The site's own calls: its origins only.
    const siteCors = { ...shared, origin: app.config.corsOrigins };
    // What apps call from anywhere (a browser app too): any origin, never with credentials; they
    // authenticate with a bearer token or a client secret, never a cookie. WWW-Authenticate is readable.
    const openCors = {
      ...shared,
      origin: '*',
      credentials: false,
      exposedHeaders: [...shared.exposedHeaders, 'WWW-Authenticate'],
    };
    await app.register(cors, {
      delegator: (request, callback) =>
        callback(null, OPEN_TO_ANY_ORIGIN.test(request.url ?? '') ? openCors : siteCors),
    });
    await app.register(helmet, {
      // Set below: none at all for JSON and media, what the docs page needs for it.
      contentSecurityPolicy: false,
      // Covers are embedded by the site, which lives on another origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
    // JSON and media never need to load or run anything, so a browser that renders one (an uploaded image
    // opened directly, a JSON answer) is allowed nothing. The docs page (Swagger UI) gets its own assets.
    app.addHook('onSend', async (request, reply) => {
      const docs = request.url === '/docs' || request.url.startsWith('/docs/');
      reply.header('content-security-policy', docs ? DOCS_POLICY : NOTHING_POLICY);
    });
  },
  { name: 'security', dependencies: ['config'] },
);
