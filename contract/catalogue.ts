import { z } from 'zod';
import { pagedSchema } from './http';

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
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** The bulk call the build reads the catalogue with. */
export const CATALOGUE_MAX_PAGE_SIZE = 1000;
export const MIN_SCORE = 1;
export const MAX_SCORE = 10;

export const SERIES_NOT_FOUND = 'Series not found';
export const QUERY_REQUIRED = 'Query is required';
export const INVALID_VOTE = 'Invalid vote';
export const ALREADY_VOTED = 'You already voted on this category';
export const COVER_RATIO_MESSAGE = 'Please upload an image with a 2:3 portrait ratio (e.g. 200x300).';
export const DETAIL_COVER_TOO_LARGE = 'Cover image must be less than 800KB';
export const INVALID_IMAGE = 'Invalid image file.';
/** Covers are 2:3 portraits: width / height from 0.6 to 0.7. */
export const COVER_MIN_RATIO = 0.6;
export const COVER_MAX_RATIO = 0.7;
/** A detail cover must be under 800 KB: at most 800 * 1024 - 1 bytes. */
export const DETAIL_COVER_MAX_BYTES = 800 * 1024 - 1;
/** Series covers have no size rule in the spec; this bounds memory and the work of re-encoding. */
export const SERIES_COVER_MAX_BYTES = 5 * 1024 * 1024;
export const SERIES_COVER_TOO_LARGE = 'Cover image must be less than 5MB';
/** Longest accepted text per series field. */
export const SERIES_TEXT_LIMITS = { title: 200, genre: 200, author: 120, artist: 120 } as const;
export const SYNOPSIS_MAX_LENGTH = 10_000;

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
  series_cover_variants: z.array(coverVariantSchema).describe('Variants of series_cover_url (additive)'),
  has_detail_cover: z
    .boolean()
    .describe('True when series_cover_url is an uploaded detail cover, not the series cover (additive)'),
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

/** `type` filter of the list calls: any casing; empty or ALL means every type. */
export const seriesTypeFilter = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum([...SERIES_TYPES, 'ALL', ''], { error: 'Unknown type: use MANHWA, MANGA or MANHUA' }))
  .transform((value) => (value === 'ALL' || value === '' ? undefined : value))
  .optional()
  .describe('MANHWA, MANGA or MANHUA in any casing; empty or ALL for every type');

const pageNumber = z.coerce.number().int().min(1).default(1);

/** GET /series/rankings */
export const rankingsQuerySchema = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(RANKING_MAX_PAGE_SIZE).default(RANKING_PAGE_SIZE),
  type: seriesTypeFilter,
  genre: z.string().trim().optional().describe('One genre, matched case-insensitively; empty or ALL for all'),
});

/** GET /series/search */
export const searchQuerySchema = z.object({
  query: z.string().max(SEARCH_QUERY_MAX_LENGTH).default(''),
  type: seriesTypeFilter,
});

/** GET /series/catalogue (additive): every SeriesDetail in id order, for static builds. */
export const catalogueQuerySchema = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(CATALOGUE_MAX_PAGE_SIZE).default(CATALOGUE_MAX_PAGE_SIZE),
});
export const cataloguePageSchema = pagedSchema(seriesDetailSchema);
export type CataloguePage = z.infer<typeof cataloguePageSchema>;

export const rankedSeriesListSchema = z.array(rankedSeriesSchema);

/** POST /series-details/{id}/vote: a form call; the category label (or stored name) and an integer score. */
export const voteBodySchema = z
  .object({
    category: z.unknown().describe(`One of ${CATEGORY_LABELS.map((l) => `"${l}"`).join(', ')}`),
    score: z.unknown().describe(`An integer ${MIN_SCORE}-${MAX_SCORE}`),
  })
  .partial()
  .nullish();

/** A text field of an admin form: multipart and url-encoded send strings, JSON may send numbers or null. */
const formText = (description: string) =>
  z.union([z.string(), z.number(), z.null()]).optional().describe(description);

/**
 * POST /series/ and PUT /series/{id}: multipart (or JSON for an edit without a cover). The route checks the
 * values and answers the contract's texts; the `cover` file is added by the API.
 */
export const seriesFormSchema = z.looseObject({
  title: formText(`Required when adding; at most ${SERIES_TEXT_LIMITS.title} characters`),
  genre: formText(
    `Comma-separated genres; required when adding; at most ${SERIES_TEXT_LIMITS.genre} characters`,
  ),
  type: formText('MANHWA, MANGA or MANHUA (any casing); required when adding'),
  status: formText(`${SERIES_STATUSES.join(', ')} (any casing, spaces for underscores); empty clears it`),
  author: formText(`At most ${SERIES_TEXT_LIMITS.author} characters`),
  artist: formText(`At most ${SERIES_TEXT_LIMITS.artist} characters`),
});

/** POST /series-details/: the synopsis and an optional detail cover (`file`, or `series_cover`). */
export const seriesDetailFormSchema = z.looseObject({
  series_id: formText('Id of the series'),
  synopsis: formText(`Required; at most ${SYNOPSIS_MAX_LENGTH} characters`),
});
