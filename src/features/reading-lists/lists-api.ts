import { LIST_ITEMS_PAGE_SIZE, LISTS_PAGE_SIZE, type ListSort } from '../../../contract/reading-lists-values';
import type {
  ListItemsPage,
  PublicReadingList,
  ReadingList,
  ReadingListsPage,
} from '../../../contract/reading-lists';
import type { SeriesStatus, SeriesType } from '../../../contract/catalogue';
import { api, API_URL } from '../../lib/api-client';

/** The reading-list calls of the islands (docs/api.md, Reading lists). */

export const MY_LISTS_PATH = '/reading-lists/me';

export function fetchMyLists(): Promise<ReadingList[]> {
  return api<ReadingList[]>(MY_LISTS_PATH);
}

export function fetchMyListsPage(page: number): Promise<ReadingListsPage> {
  return api<ReadingListsPage>('/reading-lists/me/paged', { query: { page, page_size: LISTS_PAGE_SIZE } });
}

export function createReadingList(name: string): Promise<ReadingList> {
  return api<ReadingList>('/reading-lists', { method: 'POST', body: { name } });
}

export function deleteReadingList(id: number): Promise<void> {
  return api(`/reading-lists/${id}`, { method: 'DELETE' });
}

export function addSeriesToList(listId: number, seriesId: number): Promise<ReadingList> {
  return api<ReadingList>(`/reading-lists/${listId}/items`, {
    method: 'POST',
    body: { series_id: seriesId },
  });
}

export function removeSeriesFromList(listId: number, seriesId: number): Promise<ReadingList> {
  return api<ReadingList>(`/reading-lists/${listId}/items/${seriesId}`, { method: 'DELETE' });
}

export function setListShared(listId: number, shared: boolean): Promise<ReadingList> {
  return api<ReadingList>(`/reading-lists/${listId}/share`, { method: shared ? 'POST' : 'DELETE' });
}

/** The filters of an open list on /my-lists; empty text means "any". */
export interface ItemFilters {
  type: SeriesType | '';
  status: SeriesStatus | '';
  sort: ListSort;
  /** Stars ≥, as typed (decimal, step 0.1). */
  minScore: string;
  /** Votes ≥, as typed (a whole number from 0). */
  minVotes: string;
}

export function fetchListItems(listId: number, page: number, filters: ItemFilters): Promise<ListItemsPage> {
  return api<ListItemsPage>(`/reading-lists/${listId}/items/paged`, {
    query: {
      page,
      page_size: LIST_ITEMS_PAGE_SIZE,
      sort: filters.sort,
      ...(filters.type ? { type: filters.type } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.minScore.trim() ? { min_score: filters.minScore.trim() } : {}),
      ...(filters.minVotes.trim() ? { min_votes: filters.minVotes.trim() } : {}),
    },
  });
}

export function fetchSharedList(token: string, sort: ListSort): Promise<PublicReadingList> {
  return api<PublicReadingList>(`/reading-lists/public/${encodeURIComponent(token)}`, { query: { sort } });
}

/** The CSV of the user's list, fetched with the session's token (a plain link could not send it). */
export function fetchListCsv(listId: number): Promise<Blob> {
  return api(`/reading-lists/${listId}/export.csv`, { responseType: 'blob' });
}

/** A shared list's CSV needs no session: a plain download link. */
export function sharedListCsvUrl(token: string): string {
  return `${API_URL}/reading-lists/public/${encodeURIComponent(token)}/export.csv`;
}
