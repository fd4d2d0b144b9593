import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import appsAccountRoutes from './account-routes';
import libraryRoutes from './library-routes';
import appsProtocolRoutes from './protocol-routes';

/** Apps' routes: the site's calls (account-routes), the OAuth protocol and the library API /v1. */
const appsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(appsAccountRoutes);
  await app.register(appsProtocolRoutes);
  await app.register(libraryRoutes);
};

export default appsRoutes;
