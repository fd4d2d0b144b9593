import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyInterval } from '../plugins/scheduled-jobs';
import { sweepNotifications } from './notification-retention';

/**
 * The notifications' retention sweep, woken every RETENTION_CHECK_INTERVAL in each instance; only the
 * instance that takes the job's lease sweeps.
 */
export default fp(
  async function retentionPlugin(app: FastifyInstance) {
    let schedule: { stop(): void } | undefined;
    app.addHook('onReady', async () => {
      const intervalMs = app.config.RETENTION_CHECK_INTERVAL * 1000;
      schedule = everyInterval(intervalMs, () =>
        sweepNotifications(app.db, { quietMs: intervalMs / 2 }).catch((error: unknown) =>
          app.log.error({ err: error }, 'the notification retention sweep failed'),
        ),
      );
    });
    app.addHook('onClose', async () => schedule?.stop());
  },
  { name: 'retention', dependencies: ['config'] },
);
