import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer } from '../mail/mailer';
import { IssuesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue reports and the public tracker, with the tracker's answers kept in memory (see service.ts). */
    issues: IssuesService;
  }
}

export default fp(
  async function issuesPlugin(app: FastifyInstance) {
    app.decorate(
      'issues',
      new IssuesService({
        db: app.db,
        media: app.media,
        retiredMedia: app.retiredMedia,
        changeFeed: app.changeFeed,
        mailer: createMailer(app.config, app.log),
        notifications: app.notifications,
        log: app.log,
        ttlMs: app.config.CACHE_TTL_MS,
      }),
    );
  },
  { name: 'issues', dependencies: ['config', 'change-feed', 'media', 'notifications'] },
);
