import { z } from 'zod';
import {
  rankedSeriesSchema,
  rankingMethodSchema,
  seriesDetailSchema,
  type RankingMethod,
} from '../../../contract/catalogue';
import { alsoLikedListsSchema } from '../../../contract/recommendations';
import { topReviewsSchema } from '../../../contract/reviews';
import type { RankingKey, RankingPlace, SeriesPageData } from './catalogue-types';

/*
 * The build-time snapshot of the catalogue, made of the contract's schemas. Build-time only (build-catalogue.ts and
 * `npm run snapshot`): islands trust the live API and never ship these schemas.
 */

/** A series page's data. */
export const seriesPageDataSchema = z.object({ series: rankedSeriesSchema, detail: seriesDetailSchema });

const rankingPlacesSchema = z.array(z.object({ id: z.number().int(), rank: z.number().int().nullable() }));

export const SNAPSHOT_FORMAT = 'panelrank-catalogue';
/**
 * 3: `rankings` holds each list's whole order (id and rank), no longer the first page's series.
 * 4: series carry their external ids and details their score distributions.
 * 5: the ranking method (`m`, the category means and min voters) the scores were computed with.
 * 6: series and details carry their alternative titles, and the trending order (`trending`), which only
 *    the API can count.
 * 7: "Readers also liked" (`also_liked`): each listed series' list, as ids.
 * 8: reviews (`reviews`): each reviewed series' review count and three most helpful reviews.
 */
export const SNAPSHOT_VERSION = 8;

/** Each series' "Readers also liked" as ids, most alike first; a series without a list is left out. */
export const alsoLikedSnapshotSchema = alsoLikedListsSchema.shape.items;
export type AlsoLikedSnapshot = z.infer<typeof alsoLikedSnapshotSchema>;

/** Each reviewed series' review count and most helpful reviews; a series without reviews is left out. */
export const reviewsSnapshotSchema = topReviewsSchema.shape.items;
export type ReviewsSnapshot = z.infer<typeof reviewsSnapshotSchema>;

export const buildCatalogueSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(SNAPSHOT_VERSION),
  generated_at: z.string(),
  api_url: z.string(),
  series: z.array(seriesPageDataSchema),
  rankings: z.object({
    ALL: rankingPlacesSchema,
    MANHWA: rankingPlacesSchema,
    MANGA: rankingPlacesSchema,
    MANHUA: rankingPlacesSchema,
  }),
  trending: rankingPlacesSchema,
  ranking_method: rankingMethodSchema,
  also_liked: alsoLikedSnapshotSchema,
  reviews: reviewsSnapshotSchema,
});

/**
 * The catalogue a build renders, fetched from the API or read from a snapshot file: what build-catalogue.ts
 * holds and what `npm run snapshot` writes.
 */
export interface BuildCatalogue {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  generated_at: string;
  /** The API the data came from. */
  api_url: string;
  /** Every series with its detail (in the API's order: id order from the bulk endpoint). */
  series: SeriesPageData[];
  /** The whole order of each ranked list, with the ranks of that list (per type on type lists). */
  rankings: Record<RankingKey, RankingPlace[]>;
  /** The trending order (distinct voters of the last days), with the overall ranks. */
  trending: RankingPlace[];
  /** The weighting every score above was computed with (GET /series/ranking-method), for /how-rankings-work. */
  ranking_method: RankingMethod;
  /** "Readers also liked" of every series that has a list (GET /series/also-liked-lists). */
  also_liked: AlsoLikedSnapshot;
  /** The review count and most helpful reviews of every reviewed series (GET /series/top-reviews). */
  reviews: ReviewsSnapshot;
}
