import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addVary,
  PRIVATE_NO_STORE,
  PUBLIC_SHORT_CACHE,
  sendCachedJson,
  type CachedJson,
} from '../http-cache';
import {
  QUERY_REQUIRED,
  SERIES_NOT_FOUND,
  SERIES_NOT_FOUND_CODE,
  seriesIdParams,
} from '../../contract/catalogue';
import { notFound, ValidationHttpError } from '../http-error';
import { optionalCallerId } from './caller';
import {
  CATALOGUE_MAX_PAGE_SIZE,
  CATALOGUE_VERSIONS_MAX_PAGE_SIZE,
  catalogueQuerySchema,
  cataloguePageSchema,
  catalogueVersionsQuerySchema,
  catalogueVersionsSchema,
  rankedSeriesListSchema,
  rankedSeriesSchema,
  rankingOrderQuerySchema,
  rankingOrderSchema,
  rankingsQuerySchema,
  SEARCH_MAX_RESULTS,
  searchQuerySchema,
  searchResultsSchema,
  seriesDetailSchema,
  SUGGEST_MAX_RESULTS,
  TRENDING_DAYS,
  SUGGEST_MIN_CHARS,
  suggestionsSchema,
  suggestQuerySchema,
} from '../../contract/catalogue';
import { errorSchema, validationErrorSchema } from '../../contract/http';

/**
 * Read-only catalogue: rankings, search, summaries and details, answered by the catalogue service from its
 * ranked snapshot (see service.ts) as serialized JSON with an ETag.
 */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app;

  function sendPublic(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
    return sendCachedJson(request, reply, cached, PUBLIC_SHORT_CACHE);
  }

  app.get(
    '/series/rankings',
    {
      schema: {
        tags: ['series'],
        summary: 'Ranked series, one page at a time',
        description:
          'Ranked series first (final score desc; ties share a rank and are shown by vote count desc, then id), ' +
          'Unranked last; or by `sort` (popular: distinct voters; trending: distinct voters of the last ' +
          `${TRENDING_DAYS} days; newest: date added; title: A-Z; ties in final-score order). Ranks are over ` +
          'the whole catalogue, or within `type` when given; paging, the order and the filters (`genre`: all ' +
          'of them; `not`: none of them; `status`) never change them. A genre no series has gives []. A page ' +
          'past the end is [].',
        querystring: rankingsQuerySchema,
        response: { 200: rankedSeriesListSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { page, page_size: pageSize, type, status, sort } = request.query;
      const lower = (genres: string[] | undefined) => (genres ?? []).map((genre) => genre.toLowerCase());
      const [genres, not] = [lower(request.query.genre), lower(request.query.not)];
      return sendPublic(
        request,
        reply,
        await catalogue.rankings({ page, pageSize, type, sort, status, genres, not }),
      );
    },
  );

  app.get(
    '/series/search',
    {
      schema: {
        tags: ['series'],
        summary: 'Search series by title, alternative title, author or artist',
        description:
          'Blind to case, accents and punctuation, forgiving typos, and matching inside words and CJK text. ' +
          'Ordered by relevance (the whole name, then its start, then a whole word, then inside a word, then ' +
          'a similar word), ties by final score; at most ' +
          `${SEARCH_MAX_RESULTS}. Results carry their true rank (overall, or within \`type\` when given) and ` +
          '`matched_title`, the alternative title that matched (null when another name did). A term without ' +
          'a letter or digit finds nothing.',
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const term = request.query.query.trim();
      if (!term) {
        throw new ValidationHttpError([{ field: 'query', message: QUERY_REQUIRED }], QUERY_REQUIRED);
      }
      return sendPublic(request, reply, await catalogue.search(term, request.query.type));
    },
  );

  app.get(
    '/series/suggest',
    {
      schema: {
        tags: ['series'],
        summary: 'Suggestions for the search box as a term is typed',
        description:
          `The first \`limit\` (at most ${SUGGEST_MAX_RESULTS}) results of \`GET /series/search\` for the term, in ` +
          `its order, with a few fields each. A term under ${SUGGEST_MIN_CHARS} characters is refused (422).`,
        querystring: suggestQuerySchema,
        response: { 200: suggestionsSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) =>
      sendPublic(request, reply, await catalogue.suggest(request.query.q, request.query.limit)),
  );

  app.get(
    '/series/summary/:id',
    {
      schema: {
        tags: ['series'],
        summary: 'One series with its overall rank',
        params: seriesIdParams,
        response: { 200: rankedSeriesSchema, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const cached = await catalogue.summary(request.params.id);
      if (!cached) throw notFound(SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
      return sendPublic(request, reply, cached);
    },
  );

  app.get(
    '/series-details/:id',
    {
      schema: {
        tags: ['series'],
        summary: 'A series with its synopsis, detail cover and per-category votes',
        description:
          "Optional auth: with a valid bearer token `vote_scores` holds the caller's own scores and the " +
          'answer is private; anonymous answers are public and `vote_scores` is {}.',
        security: [{}, { bearer: [] }],
        params: seriesIdParams,
        response: { 200: seriesDetailSchema, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const anonymous = request.headers.authorization === undefined;
      const cached = anonymous
        ? await catalogue.detail(id)
        : await catalogue.personalDetail(id, await optionalCallerId(request, reply));
      if (!cached) throw notFound(SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
      // The answer depends on who asks, so shared caches must key on the caller or not store it.
      addVary(reply, 'Authorization');
      return sendCachedJson(request, reply, cached, anonymous ? PUBLIC_SHORT_CACHE : PRIVATE_NO_STORE);
    },
  );

  app.get(
    '/series/catalogue',
    {
      schema: {
        tags: ['series'],
        summary: 'Every series with its detail, in id order (for static site builds)',
        description:
          `Pages of up to ${CATALOGUE_MAX_PAGE_SIZE} SeriesDetail objects (anonymous: vote_scores is {}), ` +
          'so a build of the whole catalogue takes a handful of requests.',
        querystring: catalogueQuerySchema,
        response: {
          200: cataloguePageSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { page, page_size: pageSize, after_id: afterId, ids } = request.query;
      return sendPublic(request, reply, await catalogue.cataloguePage(page, pageSize, afterId, ids));
    },
  );

  app.get(
    '/series/catalogue-versions',
    {
      schema: {
        tags: ['series'],
        summary: "Each series' version, in id order (for static site builds)",
        description:
          `Pages of up to ${CATALOGUE_VERSIONS_MAX_PAGE_SIZE} ids with a version that changes whenever the ` +
          "series' own detail does. A build that kept the details it read before reads again (`GET " +
          '/series/catalogue?ids=…`) only the series whose version changed, and all of them when `basis` did.',
        querystring: catalogueVersionsQuerySchema,
        response: { 200: catalogueVersionsSchema, 422: validationErrorSchema },
      },
    },
    async (request) => catalogue.catalogueVersions(request.query.after_id, request.query.page_size),
  );

  app.get(
    '/series/ranking-order',
    {
      schema: {
        tags: ['series'],
        summary: "A ranked list's whole order: ids and ranks (for static site builds)",
        description:
          'Every series of the overall list, or of `type`, in the order of `GET /series/rankings`, with its ' +
          'rank in that list (null: Unranked), so a build places every series without paging the rankings.',
        querystring: rankingOrderQuerySchema,
        response: { 200: rankingOrderSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) =>
      sendPublic(request, reply, await catalogue.rankingOrder(request.query.type, request.query.sort)),
  );
};

export default catalogueRoutes;
