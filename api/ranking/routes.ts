import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ballotBodySchema,
  ballotResultSchema,
  CATEGORY_LABELS,
  VOTES_VOIDED,
  type VoteCategory,
  type VoteCategoryField,
  rankingMethodSchema,
  seriesDetailSchema,
  ALREADY_VOTED,
  INVALID_VOTE,
  SERIES_NOT_FOUND,
  SERIES_NOT_FOUND_CODE,
  seriesIdParams,
  voteBodySchema,
} from '../../contract/catalogue';
import { errorSchema, validationErrorSchema } from '../../contract/http';
import { VOTE_CATEGORY_FIELDS } from '../db/schema';
import { httpError, notFound } from '../http-error';
import { currentUser } from '../plugins/auth';
import { writerKey } from '../plugins/rate-limit';
import { MAX_SCORE, MIN_SCORE, parseVoteBody } from './vote-input';

/**
 * The ranking's calls: votes (one per user, series and category, applied atomically) and the method the
 * scores are computed with.
 */
const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/series/ranking-method',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The weighting every score is computed with',
        description:
          'Each category of a series scores (total + m × C) / (count + m), where C is the mean of every vote in ' +
          'that category across the catalogue and m `prior_votes`; `final_score` is the mean of the five. C is ' +
          'recomputed at start-up and every RANKING_PRIOR_REFRESH.',
        response: { 200: rankingMethodSchema },
      },
    },
    async () => app.ranking.method(),
  );

  const voteLimit = app.limitRequests({
    name: 'votes',
    max: app.config.VOTE_RATE_LIMIT_MAX,
    windowSeconds: app.config.VOTE_RATE_LIMIT_WINDOW,
    key: writerKey,
  });

  app.post(
    '/series-details/:id/vote',
    {
      onRequest: [app.authenticate, voteLimit],
      schema: {
        tags: ['voting'],
        summary: 'Vote on one category of a series',
        description:
          `Form or JSON \`{category, score}\`: category is one of ${CATEGORY_LABELS.map((l) => `"${l}"`).join(', ')} ` +
          `(the stored names such as WORLD_BUILDING are accepted too), score an integer ${MIN_SCORE}-${MAX_SCORE}. ` +
          'A vote is final: a second vote on the same category is refused with 403. The category totals, the ' +
          'voter count and the final score change in the same transaction as the vote.',
        security: [{ bearer: [] }],
        params: seriesIdParams,
        body: voteBodySchema,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
        response: {
          200: seriesDetailSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const vote = parseVoteBody(request.body);
      if (!vote) throw httpError(400, INVALID_VOTE, { code: 'INVALID_VOTE' });
      const cast = await app.ranking.vote({
        userId: currentUser(request).id,
        seriesId: request.params.id,
        ...vote,
      });
      if (cast.outcome === 'series-not-found') throw notFound(SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
      if (cast.outcome === 'banned') throw httpError(403, VOTES_VOIDED, { code: 'VOTES_VOIDED' });
      if (cast.outcome === 'duplicate') throw httpError(403, ALREADY_VOTED, { code: 'ALREADY_VOTED' });
      return app.catalogue.afterVote(cast.records, cast.scores);
    },
  );

  app.post(
    '/series-details/:id/votes',
    {
      onRequest: [app.authenticate, voteLimit],
      schema: {
        tags: ['voting'],
        summary: 'Vote on several categories of a series at once',
        description:
          `JSON \`{scores: {story?, characters?, worldbuilding?, art?, drama_or_fight?}}\`, each an integer ` +
          `${MIN_SCORE}-${MAX_SCORE}, at least one. Recorded in one transaction; a category the caller already ` +
          'voted in keeps its score (votes are final) and is listed in `already_voted`.',
        security: [{ bearer: [] }],
        params: seriesIdParams,
        body: ballotBodySchema,
        response: {
          200: ballotResultSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const seriesId = request.params.id;
      const scores = Object.fromEntries(
        VOTE_CATEGORY_FIELDS.flatMap(({ category, field }) => {
          const score = request.body.scores[field];
          return score === undefined ? [] : [[category, score]];
        }),
      );
      const counted = await app.ranking.castBallot({ userId, seriesId, scores });
      if (counted.outcome === 'series-not-found') throw notFound(SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
      if (counted.outcome === 'banned') throw httpError(403, VOTES_VOIDED, { code: 'VOTES_VOIDED' });
      const detail = counted.records
        ? await app.catalogue.afterVote(counted.records, counted.scores)
        : await app.catalogue.detailFor(seriesId, userId);
      // Deleted between the statement and the read.
      if (!detail) throw notFound(SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
      return {
        recorded: counted.recorded.map(fieldOf),
        already_voted: counted.alreadyVoted.map(fieldOf),
        detail,
      };
    },
  );
};

const fieldOf = (category: VoteCategory): VoteCategoryField =>
  VOTE_CATEGORY_FIELDS.find((field) => field.category === category)!.field;

export default rankingRoutes;
