import { z } from 'zod';
import { SERIES_TYPES } from '../navigation/series-types';
import {
  SERIES_STATUSES,
  type RankedSeries,
  type RankingKey,
  type SeriesDetail,
  type SeriesPageData,
} from './catalogue-types';

/*
 * Validation of what the build reads from the API or a snapshot file. Build-time only (the loader and
 * `npm run snapshot`): islands trust the live API and never ship these schemas.
 */

const coverVariantSchema = z.object({ width: z.number(), url: z.string() });

export const rankedSeriesSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  genre: z.string(),
  type: z.enum(SERIES_TYPES),
  status: z.enum(SERIES_STATUSES).nullable(),
  author: z.string(),
  artist: z.string(),
  cover_url: z.string().nullable(),
  cover_variants: z.array(coverVariantSchema).default([]),
  rank: z.number().int().nullable(),
  vote_count: z.number().int(),
  final_score: z.number(),
});

export const seriesDetailSchema = z.object({
  series_id: z.number().int(),
  title: z.string(),
  type: z.enum(SERIES_TYPES),
  genre: z.string(),
  status: z.enum(SERIES_STATUSES).nullable(),
  author: z.string(),
  artist: z.string(),
  synopsis: z.string(),
  series_cover_url: z.string(),
  series_cover_variants: z.array(coverVariantSchema).default([]),
  cover_url: z.string().nullable().default(null),
  cover_variants: z.array(coverVariantSchema).default([]),
  story_total: z.number(),
  story_count: z.number().int(),
  characters_total: z.number(),
  characters_count: z.number().int(),
  worldbuilding_total: z.number(),
  worldbuilding_count: z.number().int(),
  art_total: z.number(),
  art_count: z.number().int(),
  drama_or_fight_total: z.number(),
  drama_or_fight_count: z.number().int(),
  vote_counts: z.record(z.string(), z.number()),
  vote_scores: z.record(z.string(), z.number()).default({}),
  rank: z.number().int().nullable(),
  final_score: z.number(),
  vote_count: z.number().int(),
});

/** One entry of the `series` collection: a series page's data. */
export const seriesPageDataSchema = z.object({ series: rankedSeriesSchema, detail: seriesDetailSchema });

/** One entry of the `rankings` collection: the pre-rendered first page of a ranked list. */
export const rankingPageSchema = z.object({
  key: z.enum(['ALL', ...SERIES_TYPES]),
  items: z.array(rankedSeriesSchema),
});

export const SNAPSHOT_FORMAT = 'panelrank-catalogue';
export const SNAPSHOT_VERSION = 1;

export const catalogueSnapshotSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(SNAPSHOT_VERSION),
  generated_at: z.string(),
  api_url: z.string(),
  series: z.array(seriesPageDataSchema),
  rankings: z.object({
    ALL: z.array(rankedSeriesSchema),
    MANHWA: z.array(rankedSeriesSchema),
    MANGA: z.array(rankedSeriesSchema),
    MANHUA: z.array(rankedSeriesSchema),
  }),
});

/** The whole build-time catalogue: what the loader stores and what `npm run snapshot` writes. */
export interface CatalogueSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  generated_at: string;
  /** The API the data came from. */
  api_url: string;
  /** Every series with its detail (in the API's order: id order from the bulk endpoint). */
  series: SeriesPageData[];
  /** The first page of each ranked list, with the ranks of that list (per type on type pages). */
  rankings: Record<RankingKey, RankedSeries[]>;
}

// The schemas must produce the types the pages and islands use.
type Assert<T extends true> = T;
export type _SchemasMatchTypes = Assert<
  z.infer<typeof rankedSeriesSchema> extends RankedSeries
    ? z.infer<typeof seriesDetailSchema> extends SeriesDetail
      ? z.infer<typeof catalogueSnapshotSchema> extends CatalogueSnapshot
        ? true
        : false
      : false
    : false
>;
