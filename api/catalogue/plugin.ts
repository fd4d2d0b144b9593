import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogueService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The ranked catalogue and its reads and writes. Other features read its snapshot (`snapshot()`), and
     * call `changed(ids)` after a committed write to series, their details or votes.
     */
    catalogue: CatalogueService;
  }
}

export default fp(
  async function cataloguePlugin(app: FastifyInstance) {
    const catalogue = new CatalogueService({
      database: app.database,
      media: app.media,
      retiredMedia: app.retiredMedia,
      log: app.log,
      feed: app.changeFeed,
      ranker: app.ranking.ranker,
      voterScores: (seriesId, userId) => app.ranking.voterScores(seriesId, userId),
      ttlMs: app.config.CACHE_TTL_MS,
      patchIntervalMs: app.config.CACHE_PATCH_INTERVAL_MS,
    });
    app.decorate('catalogue', catalogue);
    // New ranking priors: every series is scored again in memory, serving the current snapshot meanwhile.
    app.ranking.onRescored(() => catalogue.rescore());
    // Load before serving, so the first visitors do not wait for it; a failure is retried on first read.
    app.addHook('onReady', async () => {
      await catalogue
        .snapshot()
        .catch((error: unknown) => app.log.error({ err: error }, 'catalogue load failed'));
    });
  },
  { name: 'catalogue', dependencies: ['config', 'change-feed', 'media', 'ranking'] },
);
