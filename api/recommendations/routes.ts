import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE, seriesIdParams } from '../../contract/catalogue';
import { errorSchema, validationErrorSchema } from '../../contract/http';
import {
  ALSO_LIKED_HIGH_SCORE,
  ALSO_LIKED_MAX,
  ALSO_LIKED_MIN_CO_RATERS,
  alsoLikedListSchema,
  alsoLikedListsQuerySchema,
  alsoLikedListsSchema,
} from '../../contract/recommendations';
import { PUBLIC_SHORT_CACHE, sendCachedJson } from '../http-cache';
import { notFound } from '../http-error';

/** "Readers also liked" on a series page: public, cacheable like the catalogue's other answers. */
const recommendationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { recommendations } = app;

  app.get(
    '/series/:id/also-liked',
    {
      schema: {
        tags: ['series'],
        summary: 'Series the readers of this one also liked',
        description:
          `Up to ${ALSO_LIKED_MAX} series, most alike first: those most often rated highly (a personal score ` +
          `or a mean vote of at least ${ALSO_LIKED_HIGH_SCORE}) by the readers who rated this one highly, ` +
          `ties by that count relative to both series' readers, then by id. Only series shared by at least ` +
          `${ALSO_LIKED_MIN_CO_RATERS} such readers are listed, so with too little data the list is []. ` +
          'Recomputed on a schedule; rank and final score are the current ones, as the rankings show them.',
        params: seriesIdParams,
        response: { 200: alsoLikedListSchema, 404: errorSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const cached = await recommendations.alsoLiked(request.params.id);
      if (!cached) throw notFound(SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
      return sendCachedJson(request, reply, cached, PUBLIC_SHORT_CACHE);
    },
  );

  app.get(
    '/series/also-liked-lists',
    {
      schema: {
        tags: ['series'],
        summary: 'Every series\' "Readers also liked", as ids (for static site builds)',
        description:
          'The stored lists of the series after `after_id`, in id order, each most alike first; a series ' +
          'without a list is left out. The values to show with them are those of `GET /series/catalogue`.',
        querystring: alsoLikedListsQuerySchema,
        response: { 200: alsoLikedListsSchema, 422: validationErrorSchema },
      },
    },
    async (request) => recommendations.lists(request.query.after_id, request.query.page_size),
  );
};

export default recommendationRoutes;
