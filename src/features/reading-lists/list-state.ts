import { MAX_LISTS_PER_USER } from '../../../contract/reading-lists-values';
import {
  MAX_CHAPTERS_READ,
  MAX_PERSONAL_SCORE,
  MIN_CHAPTERS_READ,
  MIN_PERSONAL_SCORE,
  PROGRESS_TEXT,
  type ReadingStatus,
} from '../../../contract/reading-progress-values';
import type {
  ListItem,
  ListItemsPage,
  ReadingListSummary,
  ReadingListsPage,
  SeriesTracking,
} from '../../../contract/reading-lists';
import type { ItemFilters } from './lists-api';

/*
 * The reading-list screens' state, kept apart from React and the API: how a change to an item shows
 * (and is put back), which lists are open, what a personal score select says.
 */

/** What `PATCH /reading-lists/{id}/items/{seriesId}` may change: any of these. */
export interface ItemChange {
  reading_status?: ReadingStatus;
  chapters_read?: number;
  score?: number | null;
}

/** The item's values that `change` replaces: what putting it back after a failed save restores. */
export function changeUndo(item: Pick<ListItem, keyof ItemChange>, change: ItemChange): ItemChange {
  const undo: ItemChange = {};
  if (change.reading_status !== undefined) undo.reading_status = item.reading_status;
  if (change.chapters_read !== undefined) undo.chapters_read = item.chapters_read;
  if (change.score !== undefined) undo.score = item.score;
  return undo;
}

/** A page of a list's items with one item changed; the counts per status follow a new status. */
export function withItemChange(page: ListItemsPage, seriesId: number, change: ItemChange): ListItemsPage {
  const item = page.items.find((entry) => entry.series_id === seriesId);
  if (!item) return page;
  const from = item.reading_status;
  const to = change.reading_status ?? from;
  return {
    ...page,
    items: page.items.map((entry) => (entry === item ? { ...entry, ...change } : entry)),
    status_counts:
      from === to
        ? page.status_counts
        : {
            ...page.status_counts,
            [from]: Math.max(0, (page.status_counts[from] ?? 0) - 1),
            [to]: (page.status_counts[to] ?? 0) + 1,
          },
  };
}

/** A page of a list's items without one item (removed); `itemCount` is the API's count of the list. */
export function withoutItem(page: ListItemsPage, seriesId: number, itemCount: number): ListItemsPage {
  const item = page.items.find((entry) => entry.series_id === seriesId);
  if (!item) return { ...page, item_count: itemCount };
  return {
    ...page,
    items: page.items.filter((entry) => entry !== item),
    total: Math.max(0, page.total - 1),
    item_count: itemCount,
    status_counts: {
      ...page.status_counts,
      [item.reading_status]: Math.max(0, (page.status_counts[item.reading_status] ?? 0) - 1),
    },
  };
}

/** Whether a number field's text is one the API takes (empty is "any"). */
export function isNumberText(value: string, min: number, max: number, whole: boolean): boolean {
  if (value.trim() === '') return true;
  const number = Number(value);
  return Number.isFinite(number) && number >= min && number <= max && (!whole || Number.isInteger(number));
}

/** How many of the filters narrow the list (the sort aside). */
export function activeFilterCount(filters: ItemFilters): number {
  const { type, status, minScore, minVotes, readingStatus } = filters;
  return [type, status, minScore.trim(), minVotes.trim(), readingStatus].filter((value) => value !== '')
    .length;
}

/** Chapters read as typed: a whole number in range, else null (the field says so and nothing is sent). */
export function parseChaptersRead(draft: string): number | null {
  const text = draft.trim();
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= MIN_CHAPTERS_READ && value <= MAX_CHAPTERS_READ ? value : null;
}

/** "+1": one more chapter, never past the limit. */
export function oneMoreChapter(chaptersRead: number): number {
  return Math.min(chaptersRead + 1, MAX_CHAPTERS_READ);
}

/** The select's value of a personal score ('' for none). */
export function scoreChoice(score: number | null): string {
  return score === null ? '' : String(score);
}

/** A personal score from the select's value: '' is none; anything else outside 1-10 is none too. */
export function scoreFromChoice(value: string): number | null {
  if (!/^\d{1,2}$/.test(value)) return null;
  const score = Number(value);
  return score >= MIN_PERSONAL_SCORE && score <= MAX_PERSONAL_SCORE ? score : null;
}

/** "8", or "No score". */
export function scoreText(score: number | null): string {
  return score === null ? PROGRESS_TEXT.noScore : String(score);
}

/** Where a list on /my-lists stands when the user has not opened or closed it. */
export interface OpenLists {
  /** The first list on the page (open on load). */
  firstId: number | undefined;
  /** The list of a `#list-{id}` address: open on load instead of the first. */
  anchored: number | null;
  /** Lists the user opened (true) or closed (false). */
  toggled: ReadonlyMap<number, boolean>;
}

/** Open as the user left it; else the anchored list, or without one the first list. */
export function isListOpen(id: number, { firstId, anchored, toggled }: OpenLists): boolean {
  const choice = toggled.get(id);
  if (choice !== undefined) return choice;
  return anchored === null ? id === firstId : id === anchored;
}

/** True while a user with these many lists may create another. */
export function mayCreateList(listCount: number): boolean {
  return listCount < MAX_LISTS_PER_USER;
}

/**
 * Lists the user has (the lists store) that the loaded pages of /my-lists lack: one just created in the
 * dialog. None until every page is loaded, since a list missing then may still come with a later page.
 */
export function listsToAdd(
  pages: readonly ReadingListsPage[],
  known: readonly ReadingListSummary[] | undefined,
): ReadingListSummary[] {
  const last = pages.at(-1);
  if (!known || !last || last.has_more) return [];
  const shown = new Set(pages.flatMap((page) => page.items.map((list) => list.id)));
  return known
    .filter((list) => !shown.has(list.id))
    .map(({ id, name, is_public, share_token, item_count }) => ({
      id,
      name,
      is_public,
      share_token,
      item_count,
    }));
}

/** The last page of /my-lists with lists added after its own (pages with more after them stay). */
export function withListsAdded(
  page: ReadingListsPage,
  added: readonly ReadingListSummary[],
): ReadingListsPage {
  if (page.has_more || added.length === 0) return page;
  return { ...page, items: [...page.items, ...added], total: page.total + added.length };
}

/** One list's entry of a series' tracking, or undefined when the series is not in that list. */
export function trackedIn(tracking: SeriesTracking | undefined, listId: number) {
  return tracking?.find((entry) => entry.list_id === listId);
}
