import { LIST_ITEMS_PAGE_SIZE, LISTS_PAGE_SIZE, type ListSort } from '../../../contract/reading-lists-values';
import type { ReadingStatus } from '../../../contract/reading-progress-values';
import type {
  ImportReport,
  ListItem,
  ListItemsPage,
  PublicReadingList,
  ReadingList,
  ReadingListsPage,
  SeriesTracking,
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
  readingStatus: ReadingStatus | '';
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
      ...(filters.readingStatus ? { reading_status: filters.readingStatus } : {}),
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

/** Sets an item's reading status, chapters read and/or personal score (null clears the score). */
export function updateListItem(
  listId: number,
  seriesId: number,
  progress: { reading_status?: ReadingStatus; chapters_read?: number; score?: number | null },
): Promise<ListItem> {
  return api<ListItem>(`/reading-lists/${listId}/items/${seriesId}`, { method: 'PATCH', body: progress });
}

/** Sends a MyAnimeList export: a preview (`dryRun`) or the import with the candidates picked. */
export function importMyAnimeList(
  listId: number,
  file: File,
  options: { dryRun: boolean; choices?: { source_index: number; series_id: number }[] },
): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file);
  if (options.choices?.length) form.append('choices', JSON.stringify(options.choices));
  return api<ImportReport>(`/reading-lists/${listId}/import`, {
    method: 'POST',
    body: form,
    query: options.dryRun ? { dry_run: 'true' } : undefined,
  });
}

/** The user's list in MyAnimeList's format, fetched with the session's token. */
export function fetchListMalExport(listId: number): Promise<Blob> {
  return api(`/reading-lists/${listId}/export.xml`, { responseType: 'blob' });
}

/** A shared list in MyAnimeList's format: a plain download link. */
export function sharedListMalExportUrl(token: string): string {
  return `${API_URL}/reading-lists/public/${encodeURIComponent(token)}/export.xml`;
}

/** Where the signed-in user tracks one series: one entry per list holding it. */
export function seriesTrackingPath(seriesId: number): string {
  return `/reading-lists/me/series/${seriesId}`;
}

/** Where the signed-in reader tracks a series: one entry per list holding it, empty when none. */
export function fetchSeriesTracking(seriesId: number): Promise<SeriesTracking> {
  return api<SeriesTracking>(seriesTrackingPath(seriesId));
}
