import { z } from 'zod';

/* The catalogue's part of the contract: types, statuses, vote categories, the series shapes and limits. */

export const SERIES_TYPES = ['MANHWA', 'MANGA', 'MANHUA'] as const;
export const SERIES_STATUSES = ['ONGOING', 'COMPLETE', 'HIATUS', 'UNKNOWN', 'SEASON_END'] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/**
 * The five vote categories: the stored name, the label clients show and send, and the stem of the
 * SeriesDetail fields (`story_total`, `story_count`, ...).
 */
export const VOTE_CATEGORIES = [
  { category: 'STORY', label: 'Story', field: 'story' },
  { category: 'CHARACTERS', label: 'Characters', field: 'characters' },
  { category: 'WORLD_BUILDING', label: 'World Building', field: 'worldbuilding' },
  { category: 'ART', label: 'Art', field: 'art' },
  { category: 'DRAMA_OR_FIGHT', label: 'Drama / Fighting', field: 'drama_or_fight' },
] as const;
export type VoteCategory = (typeof VOTE_CATEGORIES)[number]['category'];
export type VoteCategoryLabel = (typeof VOTE_CATEGORIES)[number]['label'];
export type VoteCategoryField = (typeof VOTE_CATEGORIES)[number]['field'];
export const VOTE_CATEGORY_NAMES = VOTE_CATEGORIES.map((c) => c.category) as [
  VoteCategory,
  ...VoteCategory[],
];
export const CATEGORY_LABELS = VOTE_CATEGORIES.map((c) => c.label) as [
  VoteCategoryLabel,
  ...VoteCategoryLabel[],
];

/** Limits of the catalogue calls. */
export const RANKING_PAGE_SIZE = 25;
export const RANKING_MAX_PAGE_SIZE = 100;
export const SEARCH_MAX_RESULTS = 50;
export const MIN_SCORE = 1;
export const MAX_SCORE = 10;

export const SERIES_NOT_FOUND = 'Series not found';
export const QUERY_REQUIRED = 'Query is required';

export const coverVariantSchema = z.object({
  width: z.number().int().describe('Pixel width of this WebP variant'),
  url: z.string(),
});
export type CoverVariant = z.infer<typeof coverVariantSchema>;

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
export type RankedSeries = z.infer<typeof rankedSeriesSchema>;

type CategoryTotalField = `${VoteCategoryField}_${'total' | 'count'}`;
const categoryTotalFields = Object.fromEntries(
  VOTE_CATEGORIES.flatMap(({ field }) => [
    [`${field}_total`, z.number().int()],
    [`${field}_count`, z.number().int()],
  ]),
) as Record<CategoryTotalField, z.ZodNumber>;

const categoryLabel = z.enum(CATEGORY_LABELS);

export const seriesDetailSchema = z.object({
  series_id: z.number().int(),
  title: z.string(),
  type: z.enum(SERIES_TYPES),
  genre: z.string(),
  status: z.enum(SERIES_STATUSES).nullable(),
  author: z.string(),
  artist: z.string(),
  synopsis: z.string(),
  series_cover_url: z
    .string()
    .describe('Absolute URL of the detail cover; the series cover while no detail cover was uploaded'),
  series_cover_variants: z.array(coverVariantSchema).describe('Variants of the detail cover (additive)'),
  cover_url: z.string().nullable().describe('The series cover, as in RankedSeries (additive)'),
  cover_variants: z.array(coverVariantSchema).describe('Variants of the series cover (additive)'),
  ...categoryTotalFields,
  vote_counts: z.record(categoryLabel, z.number().int()).describe('Number of votes per category label'),
  vote_scores: z
    .partialRecord(categoryLabel, z.number().int())
    .describe("The caller's own score per category label; empty for anonymous callers"),
  rank: z.number().int().nullable().describe('Overall rank; null while Unranked'),
  final_score: z.number(),
  vote_count: z.number().int(),
});
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;
