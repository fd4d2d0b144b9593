import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addVary,
  cachedJson,
  PRIVATE_NO_STORE,
  PUBLIC_SHORT_CACHE,
  sendCachedJson,
  type CachedJson,
} from '../http-cache';
import { QUERY_REQUIRED, SERIES_NOT_FOUND } from '../../contract/catalogue';
import { notFound, ValidationHttpError } from '../http-error';
import type { CatalogueSnapshot, PlacedSeries } from './catalogue-snapshot';
import { optionalCallerId } from './caller';
import { loadCallerScores, loadSeriesDetailPage, loadSeriesDetailRow, seriesExists } from './details';
import { toRankedSeries, toSeriesDetail } from './presenters';
import { pageOf } from './ranking';
import {
  CATALOGUE_MAX_PAGE_SIZE,
  catalogueQuerySchema,
  cataloguePageSchema,
  rankedSeriesListSchema,
  rankedSeriesSchema,
  rankingsQuerySchema,
  SEARCH_MAX_RESULTS,
  searchQuerySchema,
  seriesDetailSchema,
  type SeriesDetail,
} from '../../contract/catalogue';
import { errorSchema, validationErrorSchema, idParams } from '../../contract/http';
import { findSeriesIdsMatching } from './search';

const SEARCH_LIMIT = SEARCH_MAX_RESULTS;

/**
 * Read-only catalogue: rankings, search, summaries and details. Every answer is computed from the cached
 * ranked snapshot (see cache.ts) and memoized on it as serialized JSON with an ETag, so a repeated read is
 * a map lookup; only details and search touch the database, once per snapshot and key.
 */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.catalogueCache;
  const media = app.media;

  /**
   * The snapshot and the series' place in it. A series another instance created after this snapshot was
   * loaded exists in the database but not here: reload once rather than answer 404 for a TTL.
   */
  async function placeSeries(
    id: number,
  ): Promise<{ snapshot: CatalogueSnapshot; placed: PlacedSeries } | undefined> {
    let snapshot = await cache.get();
    let placed = snapshot.placement(id);
    if (!placed && (await seriesExists(app.db, id))) {
      await cache.seriesChanged([id]);
      snapshot = await cache.get();
      placed = snapshot.placement(id);
    }
    return placed && { snapshot, placed };
  }

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
          'Unranked last. Ranks are over the whole catalogue, or within `type` when given; paging and the ' +
          'genre filter never change them. A page past the end is [].',
        querystring: rankingsQuerySchema,
        response: { 200: rankedSeriesListSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { page, page_size: pageSize, type } = request.query;
      const genre = request.query.genre?.toLowerCase();
      const genreFilter = genre && genre !== 'all' ? genre : undefined;
      const snapshot = await cache.get();
      const scope = type ? snapshot.ranking.byType[type] : snapshot.ranking.overall;
      const listed = genreFilter
        ? await snapshot.memoize(`genre:${type ?? ''}:${genreFilter}`, () =>
            scope.filter((entry) => entry.series.genres.includes(genreFilter)),
          )
        : scope;
      const entries = pageOf(listed, page, pageSize);
      // Serialized again only when an entry of the page changed (its series or its rank).
      const cached = snapshot.derive(
        `rankings:${type ?? ''}:${genreFilter ?? ''}:${page}:${pageSize}`,
        entries,
        () => cachedJson(entries.map((entry) => toRankedSeries(entry, media))),
      );
      return sendPublic(request, reply, cached);
    },
  );

  app.get(
    '/series/search',
    {
      schema: {
        tags: ['series'],
        summary: 'Search series by title, author, artist or genre',
        description:
          'Case-insensitive substring match. Results carry their true rank (overall, or within `type` when ' +
          `given), are ordered by it and number at most ${SEARCH_LIMIT}.`,
        querystring: searchQuerySchema,
        response: { 200: rankedSeriesListSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const term = request.query.query.trim().toLowerCase();
      const { type } = request.query;
      if (!term) {
        throw new ValidationHttpError([{ field: 'query', message: QUERY_REQUIRED }], QUERY_REQUIRED);
      }
      const snapshot = await cache.get();
      const cached = await snapshot.memoize(`search:${type ?? ''}:${term}`, async () => {
        // Which series match depends on their text only, so votes do not send searches to the database.
        const ids = await snapshot.memoizeByText(`search-ids:${type ?? ''}:${term}`, () =>
          findSeriesIdsMatching(app.db, term, type),
        );
        // Series the snapshot does not know yet (created elsewhere within the TTL) wait for the next load.
        const found = ids.flatMap((id) => snapshot.placement(id) ?? []);
        const position = (placed: PlacedSeries) => (type ? placed.typePosition : placed.overallPosition);
        found.sort((a, b) => position(a) - position(b));
        return cachedJson(
          found
            .slice(0, SEARCH_LIMIT)
            .map((placed) => toRankedSeries(type ? placed.inType : placed.overall, media)),
        );
      });
      return sendPublic(request, reply, cached);
    },
  );

  app.get(
    '/series/summary/:id',
    {
      schema: {
        tags: ['series'],
        summary: 'One series with its overall rank',
        params: idParams,
        response: { 200: rankedSeriesSchema, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const found = await placeSeries(request.params.id);
      if (!found) throw notFound(SERIES_NOT_FOUND);
      const { snapshot, placed } = found;
      const cached = snapshot.derive(`summary:${request.params.id}`, [placed.overall], () =>
        cachedJson(toRankedSeries(placed.overall, media)),
      );
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
        params: idParams,
        response: { 200: seriesDetailSchema, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = await placeSeries(id);
      if (!found) throw notFound(SERIES_NOT_FOUND);
      const { snapshot, placed } = found;
      // The row is kept across patches that did not change this series; the rank is this snapshot's.
      const row = await snapshot.memoizeSeries(id, 'detail-row', () => loadSeriesDetailRow(app.db, id));
      const rank = placed.overall.rank;
      const anonymous =
        row &&
        snapshot.derive(`detail:${id}`, [row, rank], () => {
          const detail = toSeriesDetail(row, rank, media);
          return { detail, cached: cachedJson(detail) };
        });
      if (!anonymous) throw notFound(SERIES_NOT_FOUND);
      // The answer depends on who asks, so shared caches must key on the caller or not store it.
      addVary(reply, 'Authorization');
      if (request.headers.authorization === undefined) return sendPublic(request, reply, anonymous.cached);
      const callerId = await optionalCallerId(request, reply);
      const detail: SeriesDetail = {
        ...anonymous.detail,
        vote_scores: await loadCallerScores(app.db, id, callerId),
      };
      return sendCachedJson(request, reply, cachedJson(detail), PRIVATE_NO_STORE);
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
      const { page, page_size: pageSize } = request.query;
      const offset = (page - 1) * pageSize;
      const snapshot = await cache.get();
      const { rows, total } =
        offset > Number.MAX_SAFE_INTEGER / 2
          ? { rows: [], total: snapshot.size }
          : await loadSeriesDetailPage(app.db, offset, pageSize);
      const items = rows.map((row) =>
        toSeriesDetail(row, snapshot.placement(row.series.id)?.overall.rank ?? null, media),
      );
      const body = { items, page, page_size: pageSize, total, has_more: offset + rows.length < total };
      return sendPublic(request, reply, cachedJson(body));
    },
  );
};

export default catalogueRoutes;
