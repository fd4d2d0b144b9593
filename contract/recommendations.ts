import { z } from 'zod';
import { SERIES_TYPES } from './catalogue-values';
import { cursorId } from './http';
import { ALSO_LIKED_HIGH_SCORE, ALSO_LIKED_MAX, ALSO_LIKED_MIN_CO_RATERS } from './recommendations-values';

/*
 * "Readers also liked" (GET /series/{id}/also-liked): the series most often rated highly by the readers who
 * rated a series highly. The numbers are in ./recommendations-values, re-exported here.
 */

export * from './recommendations-values';

export const alsoLikedSeriesSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover_url: z.string().nullable().describe('Absolute URL of the full-size cover; null when there is none'),
  type: z.enum(SERIES_TYPES),
  rank: z
    .number()
    .int()
    .nullable()
    .describe('Overall competition rank, as the rankings show it; null while Unranked'),
  final_score: z.number().describe('The final score the rankings show'),
});
export type AlsoLikedSeries = z.infer<typeof alsoLikedSeriesSchema>;

export const alsoLikedListSchema = z
  .array(alsoLikedSeriesSchema)
  .max(ALSO_LIKED_MAX)
  .describe(
    `At most ${ALSO_LIKED_MAX}, most alike first: the series most often rated highly (a personal score or a ` +
      `mean vote of at least ${ALSO_LIKED_HIGH_SCORE}) by the readers who rated this one highly, each shared ` +
      `by at least ${ALSO_LIKED_MIN_CO_RATERS} of them; [] when there are not enough such readers`,
  );

/** Most series one page of GET /series/also-liked-lists holds. */
export const ALSO_LIKED_LISTS_MAX_PAGE_SIZE = 5000;

/** GET /series/also-liked-lists (for static builds): the stored lists, by series id, paged by the last id. */
export const alsoLikedListsQuerySchema = z.object({
  after_id: cursorId.default(0).describe('Start after this series id (the last one of the previous page)'),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(ALSO_LIKED_LISTS_MAX_PAGE_SIZE)
    .default(ALSO_LIKED_LISTS_MAX_PAGE_SIZE),
});
export const alsoLikedListsSchema = z.object({
  items: z
    .array(
      z.object({
        series_id: z.number().int(),
        liked_ids: z.array(z.number().int()).max(ALSO_LIKED_MAX).describe('Most alike first'),
      }),
    )
    .describe('Series that have a list, in id order; a series without one is left out'),
  has_more: z.boolean(),
});
export type AlsoLikedLists = z.infer<typeof alsoLikedListsSchema>;
