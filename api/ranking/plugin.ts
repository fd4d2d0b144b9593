import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyInterval } from '../plugins/scheduled-jobs';
import { RankingService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Votes, weighted scores, the ranking priors and who is ranked in what order. The catalogue ranks its
     * snapshot with `ranking.ranker` and reloads after `ranking.onRescored`.
     */
    ranking: RankingService;
  }
}

/**
 * Decorates the app with the ranking service. At start-up (before the catalogue's first load, whose hook
 * comes later) and every RANKING_PRIOR_REFRESH, the instance that takes the job's lease recomputes the
 * priors; the others keep the stored ones until they are told.
 */
export default fp(
  async function rankingPlugin(app: FastifyInstance) {
    const ranking = new RankingService({
      database: app.database,
      priorVotes: app.config.RANKING_PRIOR_VOTES,
      minVoters: app.config.RANKING_MIN_VOTERS,
      anomalyMinVoters: app.config.VOTE_ANOMALY_MIN_VOTES,
      // The catalogue plugin registers after this one; a void only runs once the app is ready.
      catalogueChanged: (ids) => app.catalogue.changed(ids),
      feed: app.changeFeed,
      log: app.log,
    });
    app.decorate('ranking', ranking);
    let schedule: { stop(): void } | undefined;
    app.addHook('onReady', async () => {
      const intervalMs = app.config.RANKING_PRIOR_REFRESH * 1000;
      const recompute = (quietMs: number) =>
        ranking
          .recompute({ quietMs })
          .catch((error: unknown) => app.log.error({ err: error }, 'recomputing the ranking priors failed'));
      // At start-up the lease is freed at once: an instance starting next rereads the same means and
      // rescores nothing, which costs one read of the totals.
      await recompute(0);
      // The catalogue's first load (its hook comes later) scores with them, whichever instance recomputed.
      await ranking
        .currentPriors()
        .catch((error: unknown) => app.log.error({ err: error }, 'reading the ranking priors failed'));
      schedule = everyInterval(intervalMs, () => recompute(intervalMs / 2));
    });
    app.addHook('onClose', async () => schedule?.stop());
  },
  { name: 'ranking', dependencies: ['config', 'change-feed'] },
);
