import type { ListItem, SeriesTracking } from '../../../../contract/reading-lists';
import { api } from '../../../lib/api-client';
import type { EntryFields } from './track-state';

/** The Track panel's own calls (docs/api.md, Reading lists); adding, removing and creating are in lists-api.ts. */

export function seriesTrackingPath(seriesId: number): string {
  return `/reading-lists/me/series/${seriesId}`;
}

/** Where the signed-in reader tracks a series: one entry per list holding it, empty when none. */
export function fetchSeriesTracking(seriesId: number): Promise<SeriesTracking> {
  return api<SeriesTracking>(seriesTrackingPath(seriesId));
}

/** Sets an entry's status, chapters read and/or score (null clears the score). */
export function updateTrackedItem(listId: number, seriesId: number, fields: EntryFields): Promise<ListItem> {
  return api<ListItem>(`/reading-lists/${listId}/items/${seriesId}`, { method: 'PATCH', body: fields });
}
