import { DEFAULT_READING_STATUS, type ReadingStatus } from '../../../contract/reading-progress-values';
import type {
  ListItem,
  ListItemsPage,
  ReadingList,
  ReadingListsPage,
  SeriesTracking,
} from '../../../contract/reading-lists';
import type { PagedRead, PagedState } from '../../lib/paged-query';
import { createFetcherStore, queryCache, storeFamily } from '../../lib/query';
import {
  addSeriesToList,
  fetchListItems,
  fetchMyListsPage,
  fetchSeriesTracking,
  removeSeriesFromList,
  updateListItem,
} from './lists-api';
import { changeUndo, withItemChange, withoutItem, withTrackingChange, type ItemChange } from './list-state';
import { replaceList } from './lists-store';

/*
 * The reading-list screens' reads and writes in the site's one cache (src/lib/query.ts): the pages of
 * /my-lists and of each open list, and the series cards' quick controls. A change to an item shows at
 * once in the cache and is put back there when the API refuses it.
 */

/** The user's lists, 10 a page; one cache entry per page and user. */
export const myListsPages: PagedRead<ReadingListsPage> = {
  key: (owner, page) => `reading-lists/me/paged?page=${page}|${owner}`,
  fetchPage: (_owner, page) => fetchMyListsPage(page),
  hasMore: (page) => page.has_more,
};

/** An open list's items under some filters (`{list id}|{filters as JSON}`), 25 a page. */
export const listItemsPages: PagedRead<ListItemsPage> = {
  key: (query, page) => `reading-lists/items?page=${page}|${query}`,
  fetchPage: (query, page) => {
    const separator = query.indexOf('|');
    return fetchListItems(Number(query.slice(0, separator)), page, JSON.parse(query.slice(separator + 1)));
  },
  hasMore: (page) => page.has_more,
};

/** Drops every cached page of a list's items (any filters): after a write the pages do not show, an import. */
export function forgetListItems(listId: number): void {
  const prefix = /^reading-lists\/items\?page=\d+\|/;
  queryCache.invalidateKeys((key) => prefix.test(key) && key.replace(prefix, '').startsWith(`${listId}|`));
}

type ItemPages = Pick<PagedState<ListItemsPage>, 'update'>;

/**
 * Saves a change to an item of an open list: it shows at once (the row, and the counts for a status);
 * when the API refuses it, the row is put back as it was. Answers whether it was saved.
 */
export async function saveItemChange(
  pages: ItemPages,
  listId: number,
  item: ListItem,
  change: ItemChange,
): Promise<boolean> {
  const undo = changeUndo(item, change);
  pages.update((page) => withItemChange(page, item.series_id, change));
  try {
    await updateListItem(listId, item.series_id, change);
    return true;
  } catch {
    pages.update((page) => withItemChange(page, item.series_id, undo));
    return false;
  }
}

/** Removes an item; once the API confirms, it leaves the pages. Answers the list; throws the API's error. */
export async function removeItem(pages: ItemPages, listId: number, item: ListItem): Promise<ReadingList> {
  const changed = await removeSeriesFromList(listId, item.series_id);
  pages.update((page) => withoutItem(page, item.series_id, changed.item_count));
  replaceList(changed);
  return changed;
}

/* The series cards' quick controls. */

/** Where the user tracks one series, keyed `{series id}|{user id}`: read when the controls open. */
export const seriesTrackingStore = storeFamily((key: string) => {
  const seriesId = Number(key.slice(0, key.indexOf('|')));
  return createFetcherStore<SeriesTracking>(`reading-lists/me/series/${key}`, {
    fetcher: () => fetchSeriesTracking(seriesId),
    revalidateOnFocus: false,
  });
});

export const trackingKey = (seriesId: number, userId: number) => `${seriesId}|${userId}`;

function changeTracking(key: string, change: (tracking: SeriesTracking) => SeriesTracking): void {
  const store = seriesTrackingStore(key);
  const tracking = store.value?.data;
  if (tracking) store.mutate(change(tracking));
}

/**
 * Sets the reading status of a series in one list from its card: shown at once, put back when the API
 * refuses. Answers whether it was saved.
 */
export async function saveTrackedStatus(
  key: string,
  entry: { list_id: number; reading_status: ReadingStatus },
  status: ReadingStatus,
): Promise<boolean> {
  const seriesId = Number(key.slice(0, key.indexOf('|')));
  changeTracking(key, (tracking) => withTrackingChange(tracking, entry.list_id, { reading_status: status }));
  try {
    await updateListItem(entry.list_id, seriesId, { reading_status: status });
    return true;
  } catch {
    changeTracking(key, (tracking) =>
      withTrackingChange(tracking, entry.list_id, { reading_status: entry.reading_status }),
    );
    return false;
  }
}

/**
 * Adds a series to a list with a reading status (a new item starts as Plan to Read; any other status is
 * set right after). The lists store and the tracking follow the API's answers. Throws the API's error;
 * `statusSaved` is false when the series was added but its status could not be set.
 */
export async function addTracked(
  key: string,
  list: { id: number; name: string },
  status: ReadingStatus,
): Promise<{ statusSaved: boolean }> {
  const seriesId = Number(key.slice(0, key.indexOf('|')));
  replaceList(await addSeriesToList(list.id, seriesId));
  const added = {
    list_id: list.id,
    list_name: list.name,
    reading_status: DEFAULT_READING_STATUS,
    chapters_read: 0,
    score: null,
  };
  changeTracking(key, (tracking) => [...tracking.filter((entry) => entry.list_id !== list.id), added]);
  if (status === added.reading_status) return { statusSaved: true };
  return { statusSaved: await saveTrackedStatus(key, added, status) };
}

/** Removes a series from a list from its card. Throws the API's error. */
export async function removeTracked(key: string, listId: number): Promise<void> {
  const seriesId = Number(key.slice(0, key.indexOf('|')));
  replaceList(await removeSeriesFromList(listId, seriesId));
  changeTracking(key, (tracking) => tracking.filter((entry) => entry.list_id !== listId));
}
