/*
 * Reading lists' values: limits, sorts, the API's error texts and codes, and every text the list screens show
 * (docs/features/reading-lists.md). Imports nothing, so browser code can use them without pulling zod into
 * its bundle; the schemas are in ./reading-lists.ts, which re-exports all of this.
 */

/* Limits. */

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

/* API error texts and their codes. */
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
  notInList: 'SERIES_NOT_IN_LIST',
  notAnExport: 'NOT_A_MYANIMELIST_EXPORT',
  animeExport: 'ANIME_EXPORT',
  fileTooLarge: 'FILE_TOO_LARGE',
  tooManyEntries: 'TOO_MANY_ENTRIES',
  notACandidate: 'NOT_A_CANDIDATE',
} as const;

/* What the screens show. */
export const LIST_TEXT = {
  // Validation.
  nameRequired: LIST_NAME_REQUIRED,
  chooseList: 'Choose a list first.',
  limitReached: `You've reached the limit of ${MAX_LISTS_PER_USER} lists. Delete a list from "My Lists".`,
  // My lists.
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
  // Shared list.
  copyLink: 'Copy Link',
  linkCopied: 'Link copied!',
  sharedEmpty: 'This list is empty.',
  sharedEnd: 'End of this list.',
  missingToken: 'Missing list token.',
  sharedUnavailable: 'This list is private, missing, or temporarily unavailable.',
  // Modals and the home page.
  createButton: '+ Create Reading List',
  createTitle: 'Create a Reading List',
  addTitle: 'Add to Reading List',
  // States.
  logInToShare: 'Log in to share a list.',
  // Failures.
  createFailed: 'Failed to create reading list',
  addFailed: 'Failed to add series to list',
  removeFailed: 'Failed to remove series from list',
  deleteFailed: 'Failed to delete reading list',
  addToListFailed: 'Failed to add to list',
  shareFailed: 'Failed to update share state.',
  cardUpdateFailed: "Couldn't update your reading lists. Please try again.",
  listActions: 'List actions',
  /** An open list's filters fold behind this button on a phone. */
  filters: 'Filters',
  filtersApplied: 'applied',
} as const;

/* CSV export (an addition to the original contract: docs/api.md, Compatibility with older clients). */
export const CSV_COLUMNS = [
  'title',
  'type',
  'status',
  'rank',
  'score',
  'votes',
  'link',
  'reading_status',
  'chapters_read',
  'my_score',
] as const;
