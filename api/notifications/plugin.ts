import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NotificationsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Notifications and their live streams (see service.ts). A feature whose write notifies records the
     * notifications in its transaction (`app.notifications.recordPost(tx, …)` and the like), then calls
     * `app.notifications.changed(userIds)` once it committed.
     */
    notifications: NotificationsService;
  }
}

export default fp(
  async function notificationsPlugin(app: FastifyInstance) {
    const { config } = app;
    const service = new NotificationsService({
      database: app.database,
      changeFeed: app.changeFeed,
      streams: {
        perUser: config.NOTIFICATION_STREAMS_PER_USER,
        perInstance: config.NOTIFICATION_STREAMS_PER_INSTANCE,
        heartbeatMs: config.NOTIFICATION_HEARTBEAT_MS,
      },
      onError: (error) => app.log.warn({ err: error }, 'could not send an unread count'),
    });
    app.decorate('notifications', service);
    // Open streams would hold the server's close until their clients leave: they end first, and their
    // clients reconnect (to another instance).
    app.addHook('preClose', async () => service.closeStreams());
  },
  { name: 'notifications', dependencies: ['config', 'change-feed'] },
);
