import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const DOCS_POLICY =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; " +
  "form-action 'none'";

/** CORS for the site's origin(s), the usual security headers and a Content-Security-Policy on everything. */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    await app.register(cors, {
      origin: app.config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: ['X-Total-Count', 'Retry-After', 'ETag', 'X-Request-Id'],
      maxAge: 600,
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
