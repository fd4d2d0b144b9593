import { z } from 'zod';
import { rankedSeriesSchema, SERIES_TYPES, seriesDetailSchema } from '../../../contract/catalogue';
import type { RankingKey, RankingPlace, SeriesPageData } from './catalogue-types';

/*
 * The build-time snapshot of the catalogue, made of the contract's schemas. Build-time only (the loader and
 * `npm run snapshot`): islands trust the live API and never ship these schemas.
 */

/** One entry of the `series` collection: a series page's data. */
export const seriesPageDataSchema = z.object({ series: rankedSeriesSchema, detail: seriesDetailSchema });

/** One entry of the `rankings` collection: one pre-rendered page of a ranked list (id `ALL/2`). */
export const rankingPageSchema = z.object({
  key: z.enum(['ALL', ...SERIES_TYPES]),
  page: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  items: z.array(rankedSeriesSchema),
});

const rankingPlacesSchema = z.array(z.object({ id: z.number().int(), rank: z.number().int().nullable() }));

export const SNAPSHOT_FORMAT = 'panelrank-catalogue';
/**
 * 3: `rankings` holds each list's whole order (id and rank), no longer the first page's series.
 * 4: series carry their external ids and details their score distributions.
 */
export const SNAPSHOT_VERSION = 4;

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
});

/**
 * The catalogue a build renders, fetched from the API or read from a snapshot file: what the loader
 * stores and what `npm run snapshot` writes.
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
}
