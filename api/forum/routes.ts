import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import forumAdminRoutes from './admin-routes';
import forumMemberRoutes from './member-routes';
import forumReadRoutes from './read-routes';

/**
 * The forum (api.md "Forum"): reads for anyone, writes for signed-in users, moderation for admins. The
 * three share the cache of hot reads (`app.forumCache`, see cache-plugin.ts), which every write updates
 * here and on the other instances.
 */
const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(forumReadRoutes(app.forumCache));
  await app.register(forumMemberRoutes(app.forumCache));
  await app.register(forumAdminRoutes(app.forumCache));
};

export default forumRoutes;
