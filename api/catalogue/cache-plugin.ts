import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogueCache } from './cache';
import { loadCatalogue, loadCatalogueFingerprint } from './catalogue-load';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory ranked catalogue; writes to series, details or votes must call `invalidate()`. */
    catalogueCache: CatalogueCache;
  }
}

export default fp(
  async function catalogueCachePlugin(app: FastifyInstance) {
    const cache = new CatalogueCache({
      source: { load: () => loadCatalogue(app.db), fingerprint: () => loadCatalogueFingerprint(app.db) },
      minVoters: app.config.RANKING_MIN_VOTERS,
      ttlMs: app.config.CACHE_TTL_MS,
      onBackgroundError: (error) => app.log.error({ err: error }, 'catalogue refresh failed'),
    });
    app.decorate('catalogueCache', cache);
    // Load before serving, so the first visitors do not wait for it; a failure is retried on first read.
    app.addHook('onReady', async () => {
      await cache.get().catch((error: unknown) => app.log.error({ err: error }, 'catalogue load failed'));
    });
  },
  { name: 'catalogue-cache', dependencies: ['config'] },
);
