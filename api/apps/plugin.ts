import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Apps: OAuth clients, consent, tokens, personal tokens and the library API's bearer check. */
    apps: AppsService;
  }
}

/** How often each instance deletes authorization codes expired a day ago. */
const SWEEP_INTERVAL_MS = 3_600_000;

export default fp(
  async function appsPlugin(app: FastifyInstance) {
    const { config } = app;
    const apps = new AppsService({
      db: app.db,
      changeFeed: app.changeFeed,
      usersTopic: app.accounts.usersTopic,
      accessTokenLifetime: config.OAUTH_ACCESS_TOKEN_TTL,
      refreshTokenLifetime: config.OAUTH_REFRESH_TOKEN_TTL,
      bearerTtlMs: config.AUTH_USER_CACHE_MS,
      publicApiUrl: config.publicApiUrl,
      siteUrl: config.SITE_URL,
      onError: (error) => app.log.warn({ err: error }, 'apps: a background write failed'),
    });
    app.decorate('apps', apps);
    const sweep = setInterval(() => {
      apps.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep OAuth codes'));
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'apps', dependencies: ['config', 'change-feed', 'accounts'] },
);
