import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seriesIdParams } from '../../contract/catalogue';
import { errorSchema, noContentSchema, validationErrorSchema } from '../../contract/http';
import {
  helpfulResultSchema,
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
  REVIEW_TEXTS,
  REVIEWS_PAGE_SIZE,
  reviewCreateSchema,
  reviewIdParams,
  reviewListQuerySchema,
  reviewListSchema,
  reviewSchema,
  reviewUpdateSchema,
  REVIEWS_ON_SERIES_PAGE,
  topReviewsQuerySchema,
  topReviewsSchema,
} from '../../contract/reviews';
import { addVary, PRIVATE_NO_STORE } from '../http-cache';
import { currentUser } from '../plugins/auth';
import { limitWriteRoutes } from '../plugins/rate-limit';

const security = [{ bearer: [] }];

/**
 * Written reviews (docs/api.md, Reviews): everyone reads a series' reviews; signed-in readers write one
 * per series, edit and delete their own (admins delete any) and mark others' helpful. Every write counts
 * against the feature's write limit; posting a review against its own (REVIEW_RATE_LIMIT_*) as well.
 */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const createLimit = app.limitRequests({
    name: 'review-create',
    max: config.REVIEW_RATE_LIMIT_MAX,
    windowSeconds: config.REVIEW_RATE_LIMIT_WINDOW,
    key: (request) => (request.user ? `user:${request.user.id}` : undefined),
    detail: REVIEW_TEXTS.tooFast,
  });
  limitWriteRoutes(app, 'reviews');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/series/:id/reviews',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['reviews'],
        summary: "A series' written reviews",
        description:
          `${REVIEWS_PAGE_SIZE} per page, \`page\` from 1. \`sort=helpful\` (the default): most helpful ` +
          "first, then newest; `sort=newest`: newest first. `viewer_found_helpful` is the caller's own mark " +
          "(false for visitors); `score` is the author's personal score of the series, read at answer time.",
        params: seriesIdParams,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListSchema, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      addVary(reply, 'Authorization');
      return app.reviews.list(request.params.id, {
        sort: request.query.sort,
        page: request.query.page,
        viewerId: request.user?.id,
      });
    },
  );

  app.get(
    '/series/top-reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "Every series' most helpful reviews (for static site builds)",
        description:
          `For each series with reviews after \`after_id\`, in id order: its review count and its ` +
          `${REVIEWS_ON_SERIES_PAGE} most helpful reviews as a visitor sees them (as \`sort=helpful\`). A ` +
          'series without reviews is left out.',
        querystring: topReviewsQuerySchema,
        response: { 200: topReviewsSchema, 422: validationErrorSchema },
      },
    },
    async (request) => app.reviews.topReviews(request.query.after_id, request.query.page_size),
  );

  app.post(
    '/series/:id/reviews',
    {
      onRequest: app.authenticate,
      // The body is checked before the review limit counts, so a review refused for its length does not
      // use up one of the hour's reviews; every attempt still counts against the feature's write limit.
      preHandler: [async (request) => void app.reviews.checkBody(request.body.body_markdown), createLimit],
      schema: {
        tags: ['reviews'],
        summary: 'Review a series (one review per reader and series)',
        description:
          `\`body_markdown\`: markdown, ${REVIEW_MIN_LENGTH}–${REVIEW_MAX_LENGTH} characters after trimming, ` +
          'stored as written (trimmed); clients sanitize it when rendering. `spoiler` hides the body behind ' +
          '"Show spoilers". Rate-limited per user (every valid attempt counts; a body refused for its length does not): ' +
          '429 with Retry-After.',
        security,
        params: seriesIdParams,
        body: reviewCreateSchema,
        response: {
          201: reviewSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const review = await app.reviews.create(request.params.id, currentUser(request), {
        bodyMarkdown: request.body.body_markdown,
        spoiler: request.body.spoiler,
      });
      return reply.status(201).send(review);
    },
  );

  app.patch(
    '/reviews/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reviews'],
        summary: 'Edit your review',
        description: 'Either field may be left out; the body follows the limits of a new review.',
        security,
        params: reviewIdParams,
        body: reviewUpdateSchema,
        response: {
          200: reviewSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          413: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) =>
      app.reviews.update(request.params.id, currentUser(request), {
        bodyMarkdown: request.body.body_markdown,
        spoiler: request.body.spoiler,
      }),
  );

  app.delete(
    '/reviews/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reviews'],
        summary: 'Delete a review (its author, or an admin)',
        security,
        params: reviewIdParams,
        response: {
          204: noContentSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      await app.reviews.delete(request.params.id, currentUser(request));
      return reply.status(204).send(null);
    },
  );

  for (const [method, helpful] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/reviews/:id/helpful',
      onRequest: app.authenticate,
      schema: {
        tags: ['reviews'],
        summary: helpful
          ? 'Mark a review helpful (not your own; repeating changes nothing)'
          : 'Take back your helpful mark',
        description: "Answers the review's count and the caller's mark. Exact under concurrency.",
        security,
        params: reviewIdParams,
        response: {
          200: helpfulResultSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
      handler: async (request) => app.reviews.markHelpful(request.params.id, currentUser(request), helpful),
    });
  }
};

export default reviewRoutes;
