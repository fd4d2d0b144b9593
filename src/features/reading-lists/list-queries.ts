import type { ListItem, ListItemsPage, ReadingList, ReadingListsPage } from '../../../contract/reading-lists';
import type { PagedRead, PagedState } from '../../lib/paged-query';
import { queryCache } from '../../lib/query';
import { fetchListItems, fetchMyListsPage, removeSeriesFromList, updateListItem } from './lists-api';
import { changeUndo, withItemChange, withoutItem, type ItemChange } from './list-state';
import { replaceList } from './lists-store';

/*
 * The reading-list screens' reads and writes in the site's one cache (src/lib/query.ts): the pages of
 * /my-lists and of each open list. A change to an item shows at once in the cache and is put back there
 * when the API refuses it. The series cards' quick controls share the Track panel's reads and writes
 * (track/track-queries.ts).
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
