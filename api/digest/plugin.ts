import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSecret } from '../plugins/secrets';
import { createMailer } from '../mail/mailer';
import { everyInterval } from '../plugins/scheduled-jobs';
import { DigestService } from './service';
import { unreadNotificationsIn } from './unread-notifications';
import { UnsubscribeTokens } from './unsubscribe-token';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily digest of unread notifications: preferences, unsubscribe, the job (see service.ts). */
    digest: DigestService;
  }
}

/** The tokens a digest's unsubscribe link carries, keyed from JWT_SECRET like the access tokens. */
export function unsubscribeTokens(config: FastifyInstance['config']): UnsubscribeTokens {
  return new UnsubscribeTokens(resolveSecret(config, config.JWT_SECRET, 'jwt-secret'));
}

/**
 * Decorates the app with the digest service and wakes it every DIGEST_CHECK_INTERVAL; each wake-up sends
 * only if this instance takes the job's lease, so the digests go once however many instances run.
 */
export default fp(
  async function digestPlugin(app: FastifyInstance) {
    const digest = new DigestService({
      db: app.db,
      mailer: createMailer(app.config, app.log),
      tokens: unsubscribeTokens(app.config),
      siteUrl: app.config.SITE_URL.replace(/\/+$/, ''),
      apiUrl: app.config.publicApiUrl,
      log: app.log,
      notifications: unreadNotificationsIn(app.db),
    });
    app.decorate('digest', digest);
    let schedule: { stop(): void } | undefined;
    app.addHook('onReady', async () => {
      const intervalMs = app.config.DIGEST_CHECK_INTERVAL * 1000;
      schedule = everyInterval(intervalMs, () =>
        digest
          .sendDue({ quietMs: intervalMs / 2 })
          .catch((error: unknown) => app.log.error({ err: error }, 'the digest job failed')),
      );
    });
    app.addHook('onClose', async () => schedule?.stop());
  },
  { name: 'digest', dependencies: ['config'] },
);
