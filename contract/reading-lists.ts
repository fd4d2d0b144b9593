import { z } from 'zod';
import {
  coverVariantSchema,
  SERIES_NOT_FOUND,
  SERIES_NOT_FOUND_CODE,
  SERIES_STATUSES,
  SERIES_TYPES,
} from './catalogue';
import { bodyId, emptyIfBlank, MAX_ID, pageQuery, pagedSchema, pathId } from './http';
import {
  DEFAULT_LIST_SORT,
  LIST_ITEMS_MAX_PAGE_SIZE,
  LIST_ITEMS_PAGE_SIZE,
  LIST_NAME_MAX_LENGTH,
  LIST_NOT_FOUND,
  LIST_SORT_KEYS,
  LIST_SORTS,
  LISTS_MAX_PAGE_SIZE,
  LISTS_PAGE_SIZE,
  READING_LIST_ERROR_CODES,
  SERIES_NOT_IN_LIST,
  type ListSort,
} from './reading-lists-values';
import {
  MAL_REPORT_MAX_ENTRIES,
  MAL_REPORT_MAX_TITLE_CHARS,
  MAX_CHAPTERS_READ,
  MAX_PERSONAL_SCORE,
  MIN_CHAPTERS_READ,
  MIN_PERSONAL_SCORE,
  PERSONAL_SCORE_MESSAGE,
  READING_STATUSES,
} from './reading-progress-values';

/*
 * Reading lists' part of the contract (docs/api.md, Reading lists): the list and item shapes and the queries;
 * the limits, sorts and texts are in ./reading-lists-values.
 */

export * from './reading-lists-values';
export * from './reading-progress-values';

/* Shapes. */

const listId = z.number().int().describe('List id');

const personalScore = z
  .number({ error: PERSONAL_SCORE_MESSAGE })
  .int({ error: PERSONAL_SCORE_MESSAGE })
  .min(MIN_PERSONAL_SCORE, { error: PERSONAL_SCORE_MESSAGE })
  .max(MAX_PERSONAL_SCORE, { error: PERSONAL_SCORE_MESSAGE });

const readingListSummaryShape = {
  id: listId,
  name: z.string(),
  is_public: z.boolean(),
  share_token: z
    .string()
    .nullable()
    .describe('Random URL-safe token (at least 128 bits) while public; null while private'),
  item_count: z.number().int(),
};

export const readingListSummarySchema = z.object(readingListSummaryShape);
export type ReadingListSummary = z.infer<typeof readingListSummarySchema>;

export const readingListSchema = z.object({
  ...readingListSummaryShape,
  items: z
    .array(z.object({ series_id: z.number().int() }))
    .describe('Every series in the list, in list order'),
});
export type ReadingList = z.infer<typeof readingListSchema>;

export const listItemSchema = z.object({
  series_id: z.number().int(),
  title: z.string(),
  cover_url: z.string().nullable(),
  cover_variants: z.array(coverVariantSchema).describe('Narrower WebP renditions of the cover (additive)'),
  rank: z.number().int().nullable().describe('Live overall rank; null while Unranked'),
  final_score: z.number(),
  vote_count: z.number().int(),
  type: z.enum(SERIES_TYPES),
  status: z.enum(SERIES_STATUSES).nullable(),
  added_at: z.string().describe('When the series was added to the list (ISO 8601)'),
  reading_status: z
    .enum(READING_STATUSES)
    .describe('Where the reader is with the series; PLAN_TO_READ when added (additive)'),
  chapters_read: z
    .number()
    .int()
    .describe(`Chapters read, ${MIN_CHAPTERS_READ}-${MAX_CHAPTERS_READ}; 0 when added (additive)`),
  score: personalScore
    .nullable()
    .describe(
      `The reader's own score, ${MIN_PERSONAL_SCORE}-${MAX_PERSONAL_SCORE}; null for none (additive; apart from the votes)`,
    ),
  chapters: z
    .number()
    .int()
    .nullable()
    .describe("The series' published chapters; null when unknown (additive)"),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const publicReadingListSchema = z.object({
  name: z.string(),
  item_count: z.number().int(),
  items: z.array(listItemSchema),
});
export type PublicReadingList = z.infer<typeof publicReadingListSchema>;

/** `GET /reading-lists/me`: every list of the caller with its series ids. */
export const myReadingListsSchema = z.array(readingListSchema);

export const readingListsPageSchema = pagedSchema(readingListSummarySchema);
export type ReadingListsPage = z.infer<typeof readingListsPageSchema>;
export const listItemsPageSchema = z.object({
  ...pagedSchema(listItemSchema).shape,
  item_count: z.number().int().describe('Items in the whole list, whatever the filters (additive)'),
  status_counts: z
    .record(z.enum(READING_STATUSES), z.number().int())
    .describe('Items of the whole list per reading status, whatever the filters (additive)'),
});
export type ListItemsPage = z.infer<typeof listItemsPageSchema>;

/** `GET /reading-lists/me/series/{seriesId}`: where the caller tracks one series, one entry per list. */
export const seriesTrackingSchema = z.array(
  z.object({
    list_id: listId,
    list_name: z.string(),
    reading_status: z.enum(READING_STATUSES),
    chapters_read: z.number().int(),
    score: personalScore.nullable(),
  }),
);
export type SeriesTracking = z.infer<typeof seriesTrackingSchema>;

/** `GET .../export.csv`: a header row, then one row per item (RFC 4180). */
export const listCsvSchema = z
  .string()
  .describe(
    'text/csv with the columns title, type, status, rank, score (the final score), votes, link, ' +
      "reading_status, chapters_read, my_score (the reader's own score; empty for none)",
  );

/** `GET .../export.xml`: MyAnimeList's manga export format. */
export const listMalExportSchema = z
  .string()
  .describe(
    "application/xml in MyAnimeList's manga export format: `<myinfo>` with the per-status totals, one " +
      "`<manga>` per item (`manga_mangadb_id` is the series' MyAnimeList id, or 0)",
  );

/* Reading progress and MyAnimeList import. */

const importEntry = {
  source_index: z.number().int().describe("The entry's 0-based position among the file's `<manga>`"),
  source_title: z
    .string()
    .describe(
      `The entry's title in the file; a longer one is cut to ${MAL_REPORT_MAX_TITLE_CHARS} characters, the last "…"`,
    ),
};

export const importReportSchema = z.object({
  total: z.number().int().describe('Manga entries in the file'),
  matched: z.array(
    z.object({
      ...importEntry,
      series_id: z.number().int(),
      title: z.string(),
      reading_status: z.enum(READING_STATUSES),
      chapters_read: z.number().int(),
      score: personalScore
        .nullable()
        .describe("The entry's `my_score`; null for 0, or when it was no score (additive)"),
      by: z.enum(['mal_id', 'title']),
    }),
  ),
  ambiguous: z.array(
    z.object({
      ...importEntry,
      candidates: z.array(
        z.object({
          series_id: z.number().int(),
          title: z.string(),
          type: z.enum(SERIES_TYPES),
          cover_url: z.string().nullable(),
        }),
      ),
    }),
  ),
  unmatched: z.array(z.object(importEntry)),
  full: z.array(z.object(importEntry)).describe('Entries not added because the list had no room left'),
  scores_ignored: z
    .array(z.object({ ...importEntry, my_score: z.string().describe('The value as the file gives it') }))
    .describe(
      '(additive) Entries whose `my_score` is no whole number from 0 to 10: imported without a score',
    ),
  added: z.number().int(),
  updated: z
    .number()
    .int()
    .describe('Series already listed whose chapter count the file raised or whose empty score it filled'),
  already_present: z.number().int(),
  not_shown: z
    .object({
      matched: z.number().int(),
      ambiguous: z.number().int(),
      unmatched: z.number().int(),
      full: z.number().int(),
      scores_ignored: z.number().int(),
    })
    .describe(
      `Entries left out of each list above (additive): a list shows at most ${MAL_REPORT_MAX_ENTRIES}, the ` +
        'first in file order. An ambiguous entry left out cannot be chosen, so it is skipped.',
    ),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/* Requests. */

export const createListBody = z.object({
  name: z
    .string()
    .overwrite(emptyIfBlank)
    .optional()
    .describe(`1-${LIST_NAME_MAX_LENGTH} characters after trimming; unique per user (case-insensitive)`),
});

export const addItemBody = z.object({
  series_id: bodyId.describe('Series id (a JSON number, or its decimal digits in a form)'),
});

export const listsPageQuery = z.object(pageQuery(LISTS_PAGE_SIZE, LISTS_MAX_PAGE_SIZE));

const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Accepts `rank` for `rank_asc`, any casing, and empty for the default. */
export const listSortParam = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const sort = value.trim().toLowerCase();
    if (sort === '') return undefined;
    return (LIST_SORT_KEYS as readonly string[]).includes(sort) ? `${sort}_asc` : sort;
  },
  z
    .enum(LIST_SORTS as [ListSort, ...ListSort[]], {
      error: `must be one of ${LIST_SORTS.join(', ')}`,
    })
    .default(DEFAULT_LIST_SORT),
);

const upperEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => {
    const upper = typeof value === 'string' ? value.trim().toUpperCase() : value;
    return upper === '' || upper === 'ALL' ? undefined : upper;
  }, z.enum(values).optional());

export const listItemsFilterQuery = {
  type: upperEnum(SERIES_TYPES).describe('MANHWA, MANGA or MANHUA in any casing; empty or ALL for any'),
  status: upperEnum(SERIES_STATUSES).describe('A series status in any casing; empty or ALL for any'),
  min_score: z
    .preprocess(emptyAsUndefined, z.coerce.number().min(0).max(10).optional())
    .describe('Stars ≥: only series with votes and a final score at least this'),
  min_votes: z
    .preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(MAX_ID).optional())
    .describe('Votes ≥: only series with at least this many voters'),
  sort: listSortParam.describe(`One of ${LIST_SORTS.join(', ')}; default_asc when empty`),
  reading_status: upperEnum(READING_STATUSES).describe(
    `A reading status (${READING_STATUSES.join(', ')}) in any casing; empty or ALL for any (additive)`,
  ),
};

export const listItemsQuery = z.object({
  ...pageQuery(LIST_ITEMS_PAGE_SIZE, LIST_ITEMS_MAX_PAGE_SIZE),
  ...listItemsFilterQuery,
});
export type ListItemsQuery = z.infer<typeof listItemsQuery>;

/** The filters and sort of a list's items, as the API applies them (page aside). */
export type ListItemsFilter = Pick<
  ListItemsQuery,
  'type' | 'status' | 'min_score' | 'min_votes' | 'sort' | 'reading_status'
>;

export const publicListQuery = z.object({ sort: listItemsFilterQuery.sort });

/** `PATCH /reading-lists/{id}/items/{seriesId}`: any of the fields. */
export const updateItemBody = z.object({
  score: personalScore
    .nullable()
    .optional()
    .describe(`A whole number, ${MIN_PERSONAL_SCORE}-${MAX_PERSONAL_SCORE}; null clears it`),
  reading_status: z.enum(READING_STATUSES).optional().describe(READING_STATUSES.join(', ')),
  chapters_read: z
    .number()
    .int()
    .min(MIN_CHAPTERS_READ)
    .max(MAX_CHAPTERS_READ)
    .optional()
    .describe(`A whole number, ${MIN_CHAPTERS_READ}-${MAX_CHAPTERS_READ}`),
});
export type UpdateItemBody = z.infer<typeof updateItemBody>;

export const importQuery = z.object({
  dry_run: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false']).optional())
    .describe('true: answer what an import would do, write nothing'),
});

/** `choices`: JSON text picking a candidate for ambiguous entries. */
export const importChoicesSchema = z.array(
  z.object({ source_index: z.number().int().min(0), series_id: z.number().int().min(1) }),
);
export type ImportChoice = z.infer<typeof importChoicesSchema>[number];

const listPathId = pathId({ detail: LIST_NOT_FOUND, code: READING_LIST_ERROR_CODES.notFound });

/** `/reading-lists/{id}` path parameters: another user's list is not found either. */
export const listIdParams = z.object({ id: listPathId });

/** `/reading-lists/{id}/items/{seriesId}` path parameters. */
export const listItemParams = z.object({
  id: listPathId,
  seriesId: pathId({ detail: SERIES_NOT_IN_LIST, code: READING_LIST_ERROR_CODES.notInList }),
});

/** `/reading-lists/me/series/{seriesId}` path parameters: past the id range, "Series not found". */
export const seriesTrackingParams = z.object({
  seriesId: pathId({ detail: SERIES_NOT_FOUND, code: SERIES_NOT_FOUND_CODE }),
});

/** `/reading-lists/public/{token}` path parameters: any text; one that is no token is simply not found. */
export const shareTokenParams = z.object({ token: z.string().describe('The share token of a public list') });
