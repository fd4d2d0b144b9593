import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, validationErrorSchema } from '../../contract/http';
import {
  NEW_ACCOUNT_DAYS,
  unknownSeriesMessage,
  unknownUsersMessage,
  VOTE_ANOMALY_MAX_ACCOUNTS,
  VOTE_ANOMALY_WINDOW_HOURS,
  VOTE_REVIEW_ERROR_CODES,
  VOTE_VOIDS_PAGE_SIZE,
  voteAnomaliesSchema,
  voteVoidBodySchema,
  voteVoidPageSchema,
  voteVoidResultSchema,
  voteVoidsQuerySchema,
} from '../../contract/vote-review';
import { ValidationHttpError, type FieldProblem } from '../http-error';
import { PRIVATE_NO_STORE } from '../http-cache';
import { currentUser } from '../plugins/auth';
import { adminWriteLimit } from '../plugins/rate-limit';

const adminReadErrors = { 401: errorSchema, 403: errorSchema };

/**
 * The review of unusual voting (admins only, checked against the database on every call, in onRequest so
 * a visitor's body is never read): the series many new accounts voted on lately, voiding votes, and the
 * log of voids.
 */
const voteReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });
  // Shared with the catalogue's and the tracker's admin writes: one budget per admin.
  const adminLimit = adminWriteLimit(app);

  app.get(
    '/admin/vote-anomalies',
    {
      schema: {
        tags: ['vote review'],
        summary: 'Series with unusual voting (admin)',
        description:
          `Series on which at least VOTE_ANOMALY_MIN_VOTES (default 10) of the voters of the last ` +
          `${VOTE_ANOMALY_WINDOW_HOURS} hours are accounts created within the last ` +
          `${NEW_ACCOUNT_DAYS} days, the most such accounts first, each with those accounts (the most votes ` +
          `in the window first, at most ${VOTE_ANOMALY_MAX_ACCOUNTS}).`,
        security: [{ bearer: [] }],
        response: { 200: voteAnomaliesSchema, ...adminReadErrors },
      },
    },
    async () => app.ranking.voteAnomalies(),
  );

  app.post(
    '/admin/vote-voids',
    {
      onRequest: [adminLimit],
      schema: {
        tags: ['vote review'],
        summary: "Void accounts' votes (admin)",
        description:
          'JSON `{user_ids, series_id?, reason}`: removes the votes of those accounts on the series (absent or null: on ' +
          'every series) with the totals, distributions, voter counts, final scores and ranks they made, in ' +
          'one transaction with the log entry; the accounts can no longer vote on those series. Ids that name ' +
          'nothing are a 422 naming them, and nothing is voided.',
        security: [{ bearer: [] }],
        body: voteVoidBodySchema,
        response: {
          200: voteVoidResultSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const { user_ids: userIds, series_id: seriesId, reason } = request.body;
      const voided = await app.ranking.voidVotes({
        adminId: admin.id,
        adminUsername: admin.username,
        userIds,
        seriesId,
        reason,
      });
      if (voided.outcome === 'unknown') {
        const problems: FieldProblem[] = [];
        if (voided.userIds.length > 0) {
          problems.push({ field: 'user_ids', message: unknownUsersMessage(voided.userIds) });
        }
        if (voided.seriesId !== undefined) {
          problems.push({ field: 'series_id', message: unknownSeriesMessage(voided.seriesId) });
        }
        throw new ValidationHttpError(
          problems,
          problems.map((problem) => problem.message).join('; '),
          VOTE_REVIEW_ERROR_CODES.unknownIds,
        );
      }
      return { voided_votes: voided.voidedVotes, series_ids: voided.seriesIds };
    },
  );

  app.get(
    '/admin/vote-voids',
    {
      schema: {
        tags: ['vote review'],
        summary: 'The "Voided votes" log (admin)',
        description: `Newest first, ${VOTE_VOIDS_PAGE_SIZE} a page.`,
        security: [{ bearer: [] }],
        querystring: voteVoidsQuerySchema,
        response: { 200: voteVoidPageSchema, ...adminReadErrors, 422: validationErrorSchema },
      },
    },
    async (request) => app.ranking.voteVoids(request.query.page),
  );
};

export default voteReviewRoutes;
