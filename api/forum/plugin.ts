import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ForumService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The forum, with its hot reads kept in memory (see service.ts). Its writes drop what they change,
     * here and on the other instances; so must anything else that changes what threads show (an account
     * deletion: `app.forum.everythingChanged()`).
     */
    forum: ForumService;
  }
}

export default fp(
  async function forumPlugin(app: FastifyInstance) {
    const { config } = app;
    app.decorate(
      'forum',
      new ForumService({
        db: app.db,
        media: app.media,
        changeFeed: app.changeFeed,
        catalogue: { snapshot: () => app.catalogue.snapshot() },
        log: app.log,
        ttlMs: config.CACHE_TTL_MS,
        limits: {
          thread: {
            max: config.FORUM_THREAD_RATE_LIMIT_MAX,
            windowSeconds: config.FORUM_THREAD_RATE_LIMIT_WINDOW,
          },
          post: { max: config.FORUM_POST_RATE_LIMIT_MAX, windowSeconds: config.FORUM_POST_RATE_LIMIT_WINDOW },
        },
        siteUrl: config.SITE_URL,
        feedUrl: `${config.publicApiUrl}/forum/feed.xml`,
      }),
    );
  },
  { name: 'forum', dependencies: ['config', 'change-feed', 'media', 'catalogue'] },
);
