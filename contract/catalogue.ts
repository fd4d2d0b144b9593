import { z } from 'zod';
import { bodyId, cursorId, emptyIfBlank, pagedSchema, pathId } from './http';
import {
  ALT_TITLE_MAX_LENGTH,
  ALT_TITLES_MAX,
  BALLOT_EMPTY,
  DEFAULT_RANKING_SORT,
  GENRE_FILTER_MAX,
  RANKING_SORTS,
  SUGGEST_MAX_RESULTS,
  SUGGEST_MIN_CHARS,
  SUGGEST_TOO_SHORT,
  TRENDING_DAYS,
  BALLOT_SCORE,
  CATALOGUE_IDS_MAX,
  CATALOGUE_MAX_PAGE_SIZE,
  CATALOGUE_VERSIONS_MAX_PAGE_SIZE,
  CATEGORY_LABELS,
  EXTERNAL_SITES,
  MANGAUPDATES_ID_PATTERN,
  MAX_SCORE,
  MAX_SERIES_COUNT,
  MIN_SCORE,
  MIN_SERIES_COUNT,
  RANKING_MAX_PAGE_SIZE,
  RANKING_PAGE_SIZE,
  SEARCH_QUERY_MAX_LENGTH,
  SERIES_NOT_FOUND,
  SERIES_NOT_FOUND_CODE,
  SERIES_STATUSES,
  SERIES_TEXT_LIMITS,
  SERIES_TYPES,
  SYNOPSIS_MAX_LENGTH,
  VOTE_CATEGORIES,
  type VoteCategoryField,
} from './catalogue-values';

/* The catalogue's part of the contract: the series shapes and queries; its values are in ./catalogue-values. */

export * from './catalogue-values';
export * from './series-count-values';

/** `/series/{id}`, `/series-details/{id}` path parameters: past the id range, "Series not found". */
export const seriesIdParams = z.object({
  id: pathId({ detail: SERIES_NOT_FOUND, code: SERIES_NOT_FOUND_CODE }),
});

export const coverVariantSchema = z.object({
  width: z.number().int().describe('Pixel width of this WebP variant'),
  url: z.string(),
});
export type CoverVariant = z.infer<typeof coverVariantSchema>;

/** The same work's ids on other sites (additive; null when unset). */
const externalIdFields = {
  mal_id: z.number().int().positive().nullable().describe('MyAnimeList manga id (additive)'),
  anilist_id: z.number().int().positive().nullable().describe('AniList manga id (additive)'),
  mangaupdates_id: z
    .string()
    .regex(MANGAUPDATES_ID_PATTERN)
    .nullable()
    .describe('MangaUpdates series id, 1-20 of a-z0-9 (additive)'),
};

/** The other names of the series (additive). */
const altTitlesField = {
  alt_titles: z
    .array(z.string())
    .describe(
      `The series' alternative titles (English, romanized, native script), at most ${ALT_TITLES_MAX}; ` +
        'empty when none (additive)',
    ),
};

/** The published chapter and volume counts (additive; null when unknown). */
const seriesCountFields = {
  chapters: z
    .number()
    .int()
    .min(MIN_SERIES_COUNT)
    .max(MAX_SERIES_COUNT)
    .nullable()
    .describe(`Chapters published, ${MIN_SERIES_COUNT}-${MAX_SERIES_COUNT}; null when unknown (additive)`),
  volumes: z
    .number()
    .int()
    .min(MIN_SERIES_COUNT)
    .max(MAX_SERIES_COUNT)
    .nullable()
    .describe(`Volumes published, ${MIN_SERIES_COUNT}-${MAX_SERIES_COUNT}; null when unknown (additive)`),
};

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
  final_score: z
    .number()
    .describe(
      'Mean of the five weighted category scores (total + m × C) / (count + m), rounded to 6 decimals: what ranks order by (GET /series/ranking-method)',
    ),
  mean_score: z
    .number()
    .nullable()
    .describe('Mean of the plain averages of the categories that have votes; null without votes'),
  ...externalIdFields,
  ...seriesCountFields,
  ...altTitlesField,
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

/** Votes per score in one category: 10 counts, index 0 for score 1. */
const scoreCounts = z.array(z.number().int().min(0)).length(MAX_SCORE - MIN_SCORE + 1);

export const scoreDistributionSchema = z
  .object(
    Object.fromEntries(VOTE_CATEGORIES.map(({ field }) => [field, scoreCounts])) as Record<
      VoteCategoryField,
      typeof scoreCounts
    >,
  )
  .describe(
    'Per category, the number of votes with score 1 ... 10 (index 0 is score 1); each sums to the ' +
      "category's vote count (additive)",
  );
export type ScoreDistribution = z.infer<typeof scoreDistributionSchema>;

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
  score_distribution: scoreDistributionSchema,
  rank: z.number().int().nullable().describe('Overall rank; null while Unranked'),
  final_score: z.number(),
  mean_score: z.number().nullable(),
  vote_count: z.number().int(),
  ...externalIdFields,
  ...seriesCountFields,
  ...altTitlesField,
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

/** A comma-separated list of genres in a query (`genre=Action,Drama`): trimmed, empty ones dropped. */
const genreListParam = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((genre) => genre.trim())
      .filter((genre) => genre !== '' && genre.toUpperCase() !== 'ALL'),
  )
  .pipe(z.array(z.string()).max(GENRE_FILTER_MAX, { error: `At most ${GENRE_FILTER_MAX} genres` }))
  .optional();

/** GET /series/rankings */
/** `sort` of the ranked lists: any casing; empty for the default. */
const rankingSortParam = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase() || DEFAULT_RANKING_SORT)
  .pipe(z.enum(RANKING_SORTS, { error: `Unknown sort: use ${RANKING_SORTS.join(', ')}` }))
  .default(DEFAULT_RANKING_SORT)
  .describe(
    `(additive) ${RANKING_SORTS.join(', ')}: final score (default), distinct voters, distinct voters of the ` +
      `last ${TRENDING_DAYS} days, date added, title. \`rank\` stays the rank by final score.`,
  );

export const rankingsQuerySchema = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(RANKING_MAX_PAGE_SIZE).default(RANKING_PAGE_SIZE),
  type: seriesTypeFilter,
  genre: genreListParam.describe(
    'Genres the series must all have (comma-separated, matched case-insensitively); one genre as before; ' +
      'empty or ALL for all',
  ),
  not: genreListParam.describe('(additive) Genres the series must not have (comma-separated)'),
  status: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase().replace(/ /g, '_'))
    .pipe(
      z.enum([...SERIES_STATUSES, 'ALL', ''], { error: `Unknown status: use ${SERIES_STATUSES.join(', ')}` }),
    )
    .transform((value) => (value === 'ALL' || value === '' ? undefined : value))
    .optional()
    .describe('(additive) A series status in any casing; empty or ALL for any'),
  sort: rankingSortParam,
});
export type RankingsQuery = z.infer<typeof rankingsQuerySchema>;

/** GET /series/search */
export const searchQuerySchema = z.object({
  query: z.string().max(SEARCH_QUERY_MAX_LENGTH).overwrite(emptyIfBlank).default(''),
  type: seriesTypeFilter,
});

/** A search result: a ranked-list entry and the alternative title that matched (additive). */
export const searchResultSchema = z.object({
  ...rankedSeriesSchema.shape,
  matched_title: z
    .string()
    .nullable()
    .describe('The alternative title that matched the term, when that is what matched; else null (additive)'),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResultsSchema = z.array(searchResultSchema);

/** GET /series/suggest */
export const suggestQuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_QUERY_MAX_LENGTH)
    .overwrite((value) => value.trim())
    .refine((value) => [...value].length >= SUGGEST_MIN_CHARS, { error: SUGGEST_TOO_SHORT })
    .describe(`The term as typed, at least ${SUGGEST_MIN_CHARS} characters`),
  limit: z.coerce.number().int().min(1).max(SUGGEST_MAX_RESULTS).default(SUGGEST_MAX_RESULTS),
});
export const suggestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(SERIES_TYPES),
  cover_url: z.string().nullable(),
  rank: z.number().int().nullable(),
  matched_title: z.string().nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsSchema = z.array(suggestionSchema);

/**
 * GET /series/catalogue (additive): every SeriesDetail in id order, for static builds. `after_id` pages by
 * the last id read instead of by number, so each page costs the same however deep into the catalogue.
 */
export const catalogueQuerySchema = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(CATALOGUE_MAX_PAGE_SIZE).default(CATALOGUE_MAX_PAGE_SIZE),
  after_id: cursorId
    .optional()
    .describe('Start after this series id (the last one of the previous page); `page` is then ignored'),
  ids: z
    .string()
    .transform((value) => value.split(','))
    .pipe(
      z
        .array(cursorId)
        .min(1)
        .max(CATALOGUE_IDS_MAX, { error: `At most ${CATALOGUE_IDS_MAX} ids` }),
    )
    .optional()
    .describe(
      `(additive) Comma-separated series ids, at most ${CATALOGUE_IDS_MAX}: only those series (the ones that exist), ` +
        'in id order, in one page; `page`, `page_size` and `after_id` are then ignored',
    ),
});
export const cataloguePageSchema = pagedSchema(seriesDetailSchema);
export type CataloguePage = z.infer<typeof cataloguePageSchema>;

/**
 * GET /series/catalogue-versions (additive, for static builds): each series' version, paged by the last id.
 * A build that kept the details it read last time reads again only the series whose version changed.
 */
export const catalogueVersionsQuerySchema = z.object({
  after_id: cursorId.default(0).describe('Start after this series id (the last one of the previous page)'),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(CATALOGUE_VERSIONS_MAX_PAGE_SIZE)
    .default(CATALOGUE_VERSIONS_MAX_PAGE_SIZE),
});
export const catalogueVersionsSchema = z.object({
  basis: z
    .string()
    .describe(
      "What every detail shows besides its series' own rows (the fields of a detail, the media address): when it " +
        'differs from a previous answer, no detail read before can be kept',
    ),
  items: z.array(
    z.object({
      id: z.number().int(),
      version: z
        .string()
        .describe(
          "Differs whenever anything a detail shows of this series itself changed (not its rank or final score, which other series' votes move)",
        ),
    }),
  ),
  has_more: z.boolean(),
});
export type CatalogueVersions = z.infer<typeof catalogueVersionsSchema>;

/** One place of a ranked list's whole order: a series id and its rank in that list (null: Unranked). */
export const rankingPlaceSchema = z.object({
  id: z.number().int(),
  rank: z.number().int().nullable(),
  final_score: z
    .number()
    .describe("(additive) The series' final score, as in its detail: the order's own and the catalogue's"),
});

/** GET /series/ranking-order (additive): a ranked list's whole order, for static builds. */
export const rankingOrderQuerySchema = z.object({ type: seriesTypeFilter, sort: rankingSortParam });
export const rankingOrderSchema = z.object({ items: z.array(rankingPlaceSchema) });
export type RankingOrder = z.infer<typeof rankingOrderSchema>;

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

/** A required text field of an admin form: text that shows nothing reaches the route's check as ''. */
const requiredFormText = (description: string) =>
  z
    .union([z.string().overwrite(emptyIfBlank), z.number(), z.null()])
    .optional()
    .describe(description);

/**
 * POST /series/ and PUT /series/{id}: multipart (or JSON for an edit without a cover). The route checks the
 * values and answers the contract's texts; the `cover` file is added by the API.
 */
export const seriesFormSchema = z.looseObject({
  title: requiredFormText(`Required when adding; at most ${SERIES_TEXT_LIMITS.title} characters`),
  genre: requiredFormText(
    `Comma-separated genres; required when adding; at most ${SERIES_TEXT_LIMITS.genre} characters`,
  ),
  type: formText('MANHWA, MANGA or MANHUA (any casing); required when adding'),
  status: formText(`${SERIES_STATUSES.join(', ')} (any casing, spaces for underscores); empty clears it`),
  author: formText(`At most ${SERIES_TEXT_LIMITS.author} characters`),
  artist: formText(`At most ${SERIES_TEXT_LIMITS.artist} characters`),
  ...(Object.fromEntries(
    EXTERNAL_SITES.map(({ field, name }) => [
      field,
      formText(
        field === 'mangaupdates_id'
          ? `${name} id: 1 to 20 lower-case letters or digits; empty clears it`
          : `${name} id: a positive integer; empty clears it`,
      ),
    ]),
  ) as Record<(typeof EXTERNAL_SITES)[number]['field'], ReturnType<typeof formText>>),
  chapters: formText(
    `Chapters published: a whole number ${MIN_SERIES_COUNT}-${MAX_SERIES_COUNT}; empty clears it`,
  ),
  volumes: formText(
    `Volumes published: a whole number ${MIN_SERIES_COUNT}-${MAX_SERIES_COUNT}; empty clears it`,
  ),
  alt_titles: z
    .union([z.string(), z.array(z.string()), z.null()])
    .optional()
    .describe(
      `Alternative titles: one per line in a form, an array in JSON; at most ${ALT_TITLES_MAX}, each at most ` +
        `${ALT_TITLE_MAX_LENGTH} characters after trimming; blank ones dropped, duplicates (ignoring case) ` +
        'kept once; empty clears them (additive)',
    ),
});

/** POST /series-details/: the synopsis and an optional detail cover (`file`, or `series_cover`). */
export const seriesDetailFormSchema = z.looseObject({
  series_id: bodyId.describe('Id of the series (decimal digits in a form)'),
  synopsis: requiredFormText(`Required; at most ${SYNOPSIS_MAX_LENGTH} characters`),
});

/** GET /series/ranking-method: the weighting's values every score on the site was computed with. */
export const rankingMethodSchema = z.object({
  prior_votes: z
    .number()
    .int()
    .describe('m: how many votes at the catalogue mean each category of a series starts with'),
  min_voters: z.number().int().describe('Fewer distinct voters than this leave a series Unranked'),
  category_means: z
    .object(
      Object.fromEntries(VOTE_CATEGORIES.map(({ field }) => [field, z.number()])) as Record<
        VoteCategoryField,
        z.ZodNumber
      >,
    )
    .describe('C per category: the mean of every vote in that category across the catalogue'),
  computed_at: z.string().describe('When the means were last recomputed (ISO 8601)'),
});
export type RankingMethod = z.infer<typeof rankingMethodSchema>;

const ballotScore = z
  .number({ error: BALLOT_SCORE })
  .int({ error: BALLOT_SCORE })
  .min(MIN_SCORE, { error: BALLOT_SCORE })
  .max(MAX_SCORE, { error: BALLOT_SCORE });

/** POST /series-details/{id}/votes: scores in one category or several, keyed by category field. */
export const ballotBodySchema = z.strictObject({
  scores: z
    .strictObject(
      Object.fromEntries(VOTE_CATEGORIES.map(({ field }) => [field, ballotScore.optional()])) as Record<
        VoteCategoryField,
        z.ZodOptional<typeof ballotScore>
      >,
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `Unknown category: use ${VOTE_CATEGORIES.map(({ field }) => field).join(', ')}`
            : BALLOT_EMPTY,
      },
    )
    .refine((scores) => Object.values(scores).some((score) => score !== undefined), { error: BALLOT_EMPTY }),
});
export type BallotBody = z.infer<typeof ballotBodySchema>;

const categoryFieldSchema = z.enum(VOTE_CATEGORIES.map(({ field }) => field) as [VoteCategoryField]);

export const ballotResultSchema = z.object({
  recorded: z.array(categoryFieldSchema).describe('The categories this ballot recorded'),
  already_voted: z
    .array(categoryFieldSchema)
    .describe(
      'Categories of the ballot the caller had already voted in: a vote is final, they kept their score',
    ),
  detail: seriesDetailSchema,
});
export type BallotResult = z.infer<typeof ballotResultSchema>;
