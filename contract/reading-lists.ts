import { z } from 'zod';
import { coverVariantSchema, SERIES_STATUSES, SERIES_TYPES } from './catalogue';
import { pageQuery, pagedSchema, pathId } from './http';

/*
 * Reading lists' part of the contract (api.md, Reading lists; part2 §2-§9): limits, sorts, the list and
 * item shapes, the API's error texts and codes, and every text the list screens show.
 */

/* Limits (part2 §5, §9). */
export const MAX_LISTS_PER_USER = 2;
export const LIST_NAME_MAX_LENGTH = 50;
/** Page sizes: lists on /my-lists, items of a list, rows revealed per step on a shared list. */
export const LISTS_PAGE_SIZE = 10;
export const LISTS_MAX_PAGE_SIZE = 50;
export const LIST_ITEMS_PAGE_SIZE = 25;
export const LIST_ITEMS_MAX_PAGE_SIZE = 100;
export const SHARED_LIST_STEP = 25;
/** Default of the API's READING_LIST_MAX_ITEMS setting: the most series one list holds. */
export const DEFAULT_MAX_ITEMS_PER_LIST = 500;

/**
 * Item sorts: default (the order items were added), rank, stars (final score), votes and title, each
 * ascending or descending. Missing values (no rank, no score) sort last in both directions.
 */
export const LIST_SORT_KEYS = ['default', 'rank', 'stars', 'votes', 'title'] as const;
export type ListSortKey = (typeof LIST_SORT_KEYS)[number];
export const LIST_SORTS = LIST_SORT_KEYS.flatMap((key) => [`${key}_asc`, `${key}_desc`] as const);
export type ListSort = `${ListSortKey}_${'asc' | 'desc'}`;
export const DEFAULT_LIST_SORT: ListSort = 'default_asc';

/* API error texts (api.md) and their codes. */
export const LIST_NAME_REQUIRED = 'Please enter a name.';
export const LIST_NAME_TOO_LONG = `List name must be at most ${LIST_NAME_MAX_LENGTH} characters.`;
export const LIST_LIMIT_API = `You can only create up to ${MAX_LISTS_PER_USER} lists.`;
export const LIST_NAME_TAKEN = 'You already have a list with that name.';
export const LIST_NOT_FOUND = 'List not found.';
export const LIST_FULL = 'List is full.';
export const SERIES_NOT_IN_LIST = 'Series not found in this list.';

export const READING_LIST_ERROR_CODES = {
  limit: 'LIST_LIMIT_REACHED',
  nameTaken: 'LIST_NAME_TAKEN',
  notFound: 'LIST_NOT_FOUND',
  full: 'LIST_FULL',
  seriesNotFound: 'SERIES_NOT_FOUND',
  notInList: 'SERIES_NOT_IN_LIST',
} as const;

/* What the screens show (part2 §2, §4, §5, §8; part1 §8), verbatim. */
export const LIST_TEXT = {
  // Validation (§5).
  nameRequired: LIST_NAME_REQUIRED,
  chooseList: 'Choose a list first.',
  limitReached: `You've reached the limit of ${MAX_LISTS_PER_USER} lists. Delete a list from "My Lists".`,
  // My lists (§2).
  noLists: "No lists yet. Use '+ Create Reading List' on the homepage.",
  endOfLists: "You've reached the end of your lists.",
  noItems: 'No items yet.',
  noMatch: 'No items match your filters.',
  loadListsFailed: 'Failed to load lists',
  tryAgain: 'Try again',
  deleteConfirm: 'Delete this list?',
  noVotes: 'No votes',
  public: 'Public',
  private: 'Private',
  share: 'Share',
  unshare: 'Unshare',
  copyPublicUrl: 'Copy Public URL',
  copyPrivateLink: 'Copy Private Link',
  deleteList: 'Delete List',
  remove: 'Remove',
  reset: 'Reset',
  // Shared list (§2).
  copyLink: 'Copy Link',
  linkCopied: 'Link copied!',
  sharedEmpty: 'This list is empty.',
  sharedEnd: 'End of this list.',
  missingToken: 'Missing list token.',
  sharedUnavailable: 'This list is private, missing, or temporarily unavailable.',
  // Modals and the home page (§2, part1 §2).
  createButton: '+ Create Reading List',
  createTitle: 'Create a Reading List',
  addTitle: 'Add to Reading List',
  // States (§4).
  logInToShare: 'Log in to share a list.',
  // Failures (§8, part1 §8).
  createFailed: 'Failed to create reading list',
  addFailed: 'Failed to add series to list',
  removeFailed: 'Failed to remove series from list',
  deleteFailed: 'Failed to delete reading list',
  addToListFailed: 'Failed to add to list',
  shareFailed: 'Failed to update share state.',
  cardUpdateFailed: "Couldn't update your reading lists. Please try again.",
} as const;

/* Shapes. */

const listId = z.number().int().describe('List id');

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
});
export type ListItemsPage = z.infer<typeof listItemsPageSchema>;

/** `GET .../export.csv`: a header row, then one row per item (RFC 4180). */
export const listCsvSchema = z
  .string()
  .describe('text/csv with the columns title, type, status, rank, score, votes, link');

/* Requests. */

export const createListBody = z.object({
  name: z
    .string()
    .optional()
    .describe(`1-${LIST_NAME_MAX_LENGTH} characters after trimming; unique per user (case-insensitive)`),
});

export const addItemBody = z.object({
  series_id: z.coerce
    .number({ error: 'series_id must be a series id' })
    .int({ error: 'series_id must be a series id' })
    .min(1, { error: 'series_id must be a series id' })
    .describe('Series id (a number, or its decimal text in a form)'),
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
    .preprocess(emptyAsUndefined, z.coerce.number().int().min(0).optional())
    .describe('Votes ≥: only series with at least this many voters'),
  sort: listSortParam.describe(`One of ${LIST_SORTS.join(', ')}; default_asc when empty`),
};

export const listItemsQuery = z.object({
  ...pageQuery(LIST_ITEMS_PAGE_SIZE, LIST_ITEMS_MAX_PAGE_SIZE),
  ...listItemsFilterQuery,
});
export type ListItemsQuery = z.infer<typeof listItemsQuery>;

/** The filters and sort of a list's items, as the API applies them (page aside). */
export type ListItemsFilter = Pick<ListItemsQuery, 'type' | 'status' | 'min_score' | 'min_votes' | 'sort'>;

export const publicListQuery = z.object({ sort: listItemsFilterQuery.sort });

/** `/reading-lists/{id}/items/{seriesId}` path parameters. */
export const listItemParams = z.object({ id: pathId, seriesId: pathId });

/** `/reading-lists/public/{token}` path parameters: any text; one that is no token is simply not found. */
export const shareTokenParams = z.object({ token: z.string().describe('The share token of a public list') });

/* CSV export (beyond the spec). */
export const CSV_COLUMNS = ['title', 'type', 'status', 'rank', 'score', 'votes', 'link'] as const;
