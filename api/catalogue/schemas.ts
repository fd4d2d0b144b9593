import { z } from 'zod';
import { SERIES_STATUSES, SERIES_TYPES } from '../db/schema';
import { CATEGORY_LABELS, VOTE_CATEGORY_FIELDS } from './categories';

const categoryLabel = z.enum(CATEGORY_LABELS as [string, ...string[]]);

export const coverVariantSchema = z.object({
  width: z.number().int().describe('Pixel width of this WebP variant'),
  url: z.string(),
});

export const rankedSeriesSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  genre: z.string().describe('Comma-separated genres'),
  type: z.enum(SERIES_TYPES),
  status: z.enum(SERIES_STATUSES).nullable(),
  author: z.string(),
  artist: z.string(),
  cover_url: z.string().nullable().describe('Absolute URL of the full-size cover; null when there is none'),
  cover_variants: z
    .array(coverVariantSchema)
    .describe('Narrower WebP renditions of the cover, for srcset (additive field)'),
  rank: z.number().int().nullable().describe('Competition rank (1, 2, 2, 4); null while Unranked'),
  vote_count: z.number().int().describe('Distinct users who voted in any category'),
  final_score: z.number().describe('Mean of the five category averages, a category without votes counting 0'),
});

const categoryFields = Object.fromEntries(
  VOTE_CATEGORY_FIELDS.flatMap(({ field }) => [
    [`${field}_total`, z.number().int()],
    [`${field}_count`, z.number().int()],
  ]),
) as Record<`${(typeof VOTE_CATEGORY_FIELDS)[number]['field']}_${'total' | 'count'}`, z.ZodNumber>;

export const seriesDetailSchema = z.object({
  series_id: z.number().int(),
  title: z.string(),
  type: z.enum(SERIES_TYPES),
  genre: z.string(),
  status: z.enum(SERIES_STATUSES).nullable(),
  author: z.string(),
  artist: z.string(),
  synopsis: z.string(),
  series_cover_url: z.string().describe('Absolute URL of the detail cover; "" when none was uploaded'),
  series_cover_variants: z.array(coverVariantSchema).describe('Variants of the detail cover (additive)'),
  cover_url: z.string().nullable().describe('The series cover, as in RankedSeries (additive)'),
  cover_variants: z.array(coverVariantSchema).describe('Variants of the series cover (additive)'),
  ...categoryFields,
  vote_counts: z.record(categoryLabel, z.number().int()).describe('Number of votes per category label'),
  vote_scores: z
    .partialRecord(categoryLabel, z.number().int())
    .describe("The caller's own score per category label; empty for anonymous callers"),
  rank: z.number().int().nullable().describe('Overall rank; null while Unranked'),
  final_score: z.number(),
  vote_count: z.number().int(),
});

export type RankedSeries = z.infer<typeof rankedSeriesSchema>;
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;

/** `type` filter: any casing; empty or ALL means every type. */
export const seriesTypeFilter = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum([...SERIES_TYPES, 'ALL', ''], { error: 'Unknown type: use MANHWA, MANGA or MANHUA' }))
  .transform((value) => (value === 'ALL' || value === '' ? undefined : value))
  .optional()
  .describe('MANHWA, MANGA or MANHUA in any casing; empty or ALL for every type');

export const seriesIdParams = z.object({ id: z.coerce.number().int().describe('Series id') });

export { errorSchema, validationErrorSchema } from '../../contract/http';
