import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogueCache } from './cache';
import { loadCatalogue, loadCatalogueFingerprint, loadCatalogueRows } from './catalogue-load';

/** The change-feed topic of series, their details and their scores. */
const CATALOGUE_TOPIC = 'catalogue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory ranked catalogue (reads go through `get()`). */
    catalogueCache: CatalogueCache;
    /**
     * Call after a committed write to series, their details or votes: patches this instance's cache
     * (resolving once reads show the write) and tells the other instances. `null` when the write cannot
     * tell which series it changed: every instance reloads in full.
     */
    catalogueChanged(seriesIds: number[] | null): Promise<void>;
  }
}

export default fp(
  async function catalogueCachePlugin(app: FastifyInstance) {
    const cache = new CatalogueCache({
      source: {
        load: () => loadCatalogue(app.db),
        fingerprint: () => loadCatalogueFingerprint(app.db),
        loadSeries: (ids) => loadCatalogueRows(app.db, ids),
      },
      minVoters: app.config.RANKING_MIN_VOTERS,
      ttlMs: app.config.CACHE_TTL_MS,
      patchIntervalMs: app.config.CACHE_PATCH_INTERVAL_MS,
      onBackgroundError: (error) => app.log.error({ err: error }, 'catalogue refresh failed'),
    });
    /** Applies a change to this instance's cache, whoever made it. */
    const apply = async (ids: number[] | null) => {
      if (ids) return cache.seriesChanged(ids);
      cache.invalidate();
    };
    app.decorate('catalogueCache', cache);
    app.decorate('catalogueChanged', async (ids: number[] | null) => {
      app.changeFeed.publish(CATALOGUE_TOPIC, ids);
      await apply(ids);
    });
    app.changeFeed.subscribe(CATALOGUE_TOPIC, ({ ids }) => void apply(ids));
    // Load before serving, so the first visitors do not wait for it; a failure is retried on first read.
    app.addHook('onReady', async () => {
      await cache.get().catch((error: unknown) => app.log.error({ err: error }, 'catalogue load failed'));
    });
  },
  { name: 'catalogue-cache', dependencies: ['config', 'change-feed'] },
);
