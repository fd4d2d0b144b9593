import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyInterval } from '../plugins/scheduled-jobs';
import { ForumService } from './service';
import { sweepUnclaimedForumMedia } from './unclaimed-media';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The forum, with its hot reads kept in memory (see service.ts). Its writes drop what they change,
     * here and on the other instances; so must anything else that changes what threads show (an account
     * deletion: `app.forum.changed(null)`).
     */
    forum: ForumService;
  }
}

/**
 * The forum's service, and the sweep of images uploaded for threads never written, woken every
 * FORUM_UNCLAIMED_MEDIA_CHECK_INTERVAL in each instance; only the instance that takes the job's lease sweeps.
 */
export default fp(
  async function forumPlugin(app: FastifyInstance) {
    const { config } = app;
    app.decorate(
      'forum',
      new ForumService({
        db: app.db,
        media: app.media,
        changeFeed: app.changeFeed,
        catalogue: {
          snapshot: () => app.catalogue.snapshot(),
          findSeries: (term, type, limit) => app.catalogue.findSeries(term, type, limit),
        },
        notifications: app.notifications,
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

    let schedule: { stop(): void } | undefined;
    app.addHook('onReady', async () => {
      const intervalMs = config.FORUM_UNCLAIMED_MEDIA_CHECK_INTERVAL * 1000;
      schedule = everyInterval(intervalMs, () =>
        sweepUnclaimedForumMedia(app.db, config.FORUM_UNCLAIMED_MEDIA_GRACE, {
          quietMs: intervalMs / 2,
        }).catch((error: unknown) => app.log.error({ err: error }, 'the unclaimed forum media sweep failed')),
      );
    });
    app.addHook('onClose', async () => schedule?.stop());
  },
  { name: 'forum', dependencies: ['config', 'change-feed', 'media', 'catalogue', 'notifications'] },
);
