import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FORUM_LIKES_TOPIC, FORUM_TOPIC, ForumCache } from './forum-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The forum's cache of hot reads (threads, thread lists). Forum writes drop what they change through it,
     * which also tells the other instances; so does anything else that changes what threads show (an account
     * deletion: `app.forumCache.everythingChanged()`).
     */
    forumCache: ForumCache;
  }
}

/** The forum's cache for the whole app, kept in agreement with the other instances' through the change feed. */
export default fp(
  async function forumCachePlugin(app: FastifyInstance) {
    const cache = new ForumCache(app.config.CACHE_TTL_MS, {
      announce: (topic, threadIds) => app.changeFeed.publish(topic, threadIds),
    });
    app.changeFeed.subscribe(FORUM_TOPIC, ({ ids }) => cache.forget(ids));
    app.changeFeed.subscribe(FORUM_LIKES_TOPIC, ({ ids }) => cache.forgetLikes(ids));
    app.decorate('forumCache', cache);
  },
  { name: 'forum-cache', dependencies: ['config', 'change-feed'] },
);
