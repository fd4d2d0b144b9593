import { z } from 'zod';
import { rankedSeriesSchema, SERIES_TYPES, seriesDetailSchema } from '../../../contract/catalogue';
import type { RankedSeries, RankingKey, SeriesPageData } from './catalogue-types';

/*
 * The build-time snapshot of the catalogue, made of the contract's schemas. Build-time only (the loader and
 * `npm run snapshot`): islands trust the live API and never ship these schemas.
 */

/** One entry of the `series` collection: a series page's data. */
export const seriesPageDataSchema = z.object({ series: rankedSeriesSchema, detail: seriesDetailSchema });

/** One entry of the `rankings` collection: the pre-rendered first page of a ranked list. */
export const rankingPageSchema = z.object({
  key: z.enum(['ALL', ...SERIES_TYPES]),
  items: z.array(rankedSeriesSchema),
});

export const SNAPSHOT_FORMAT = 'panelrank-catalogue';
export const SNAPSHOT_VERSION = 2;

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
