import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ProfilesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public profiles, avatars and the reading-stats preference, profiles kept in memory (see service.ts). */
    profiles: ProfilesService;
  }
}

export default fp(
  async function profilesPlugin(app: FastifyInstance) {
    app.decorate(
      'profiles',
      new ProfilesService({
        db: app.db,
        media: app.media,
        retiredMedia: app.retiredMedia,
        feed: app.changeFeed,
        log: app.log,
        ttlMs: app.config.CACHE_TTL_MS,
      }),
    );
  },
  { name: 'profiles', dependencies: ['config', 'change-feed', 'media'] },
);
