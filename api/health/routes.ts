import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthFailureSchema, healthSchema } from '../../contract/http';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: "Liveness, database check and this instance's view (cache version, notifications)",
        response: {
          200: healthSchema,
          503: healthFailureSchema,
        },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.db.execute(sql`select 1`);
        const { version, series, verifiedAt } = app.catalogue.status();
        const { instance, ...notifications } = app.changeFeed.status();
        return {
          status: 'ok' as const,
          database: 'ok' as const,
          instance: {
            id: instance,
            catalogue_version: version,
            catalogue_series: series,
            catalogue_verified_at: verifiedAt === null ? null : new Date(verifiedAt).toISOString(),
            notifications,
          },
        };
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.status(503).send({ status: 'error' as const, database: 'unreachable' as const });
      }
    },
  );
};

export default healthRoutes;
