import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** CORS for the site's origin(s) and the usual security headers. */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    await app.register(cors, {
      origin: app.config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: ['X-Total-Count', 'Retry-After', 'ETag', 'X-Request-Id'],
      maxAge: 600,
    });
    await app.register(helmet, {
      // The API serves JSON and images; the docs page needs its own inline assets.
      contentSecurityPolicy: false,
      // Covers are embedded by the site, which lives on another origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
  },
  { name: 'security', dependencies: ['config'] },
);
