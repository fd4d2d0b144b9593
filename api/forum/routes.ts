import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import forumAdminRoutes from './admin-routes';
import forumMemberRoutes from './member-routes';
import forumReadRoutes from './read-routes';

/**
 * The forum (docs/api.md, Forum): reads for anyone, writes for signed-in users, moderation for admins, each
 * mapping HTTP to the forum service (`app.forum`, see service.ts).
 */
const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(forumReadRoutes);
  await app.register(forumMemberRoutes);
  await app.register(forumAdminRoutes);
};

export default forumRoutes;
