import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import forumAdminRoutes from './admin-routes';
import { ForumCache } from './forum-cache';
import forumMemberRoutes from './member-routes';
import forumReadRoutes from './read-routes';

/**
 * The forum (api.md "Forum"): reads for anyone, writes for signed-in users, moderation for admins. The
 * three share the cache of hot reads, which every write updates.
 */
const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new ForumCache(app.config.CACHE_TTL_MS);
  await app.register(forumReadRoutes(cache));
  await app.register(forumMemberRoutes(cache));
  await app.register(forumAdminRoutes(cache));
};

export default forumRoutes;
