import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReadingListsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reading lists: their queries, writes and the answers kept in memory (see service.ts). */
    readingLists: ReadingListsService;
  }
}

export default fp(
  async function readingListsPlugin(app: FastifyInstance) {
    const { config } = app;
    app.decorate(
      'readingLists',
      new ReadingListsService({
        db: app.db,
        media: app.media,
        changeFeed: app.changeFeed,
        catalogue: {
          snapshot: () => app.catalogue.snapshot(),
          servableSnapshot: () => app.catalogue.servableSnapshot(),
        },
        ttlMs: config.CACHE_TTL_MS,
        minVoters: config.RANKING_MIN_VOTERS,
        maxItems: config.READING_LIST_MAX_ITEMS,
        siteUrl: config.SITE_URL,
      }),
    );
  },
  { name: 'reading-lists', dependencies: ['config', 'change-feed', 'media', 'catalogue'] },
);
