import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyInterval } from '../plugins/scheduled-jobs';
import { RecommendationsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** "Readers also liked": the stored lists and their scheduled recomputation (see service.ts). */
    recommendations: RecommendationsService;
  }
}

/** How soon after start-up an instance fills an empty "Readers also liked" table (ms). */
const FIRST_RUN_DELAY_MS = 30_000;

/**
 * Decorates the app with the recommendations service. Every ALSO_LIKED_REFRESH each instance wakes, and
 * only the one that takes the job's lease recomputes; when nothing is stored yet (a fresh install), also
 * once shortly after start-up, so series pages need not wait a whole interval.
 */
export default fp(
  async function recommendationsPlugin(app: FastifyInstance) {
    const recommendations = new RecommendationsService({
      db: app.db,
      media: app.media,
      catalogue: { placeSeries: (id) => app.catalogue.placeSeries(id) },
    });
    app.decorate('recommendations', recommendations);

    let schedule: { stop(): void } | undefined;
    let firstRun: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      const intervalMs = app.config.ALSO_LIKED_REFRESH * 1000;
      if (intervalMs <= 0) return;
      const recompute = () =>
        recommendations
          .recompute({ quietMs: intervalMs / 2 })
          .catch((error: unknown) =>
            app.log.error({ err: error }, "recomputing 'Readers also liked' failed"),
          );
      schedule = everyInterval(intervalMs, recompute);
      const stored = await recommendations.hasLists().catch(() => true);
      if (!stored) {
        firstRun = setTimeout(() => void recompute(), FIRST_RUN_DELAY_MS);
        firstRun.unref();
      }
    });
    app.addHook('onClose', async () => {
      schedule?.stop();
      clearTimeout(firstRun);
    });
  },
  { name: 'recommendations', dependencies: ['config', 'media', 'catalogue'] },
);
