import { atom } from 'nanostores';
import type { SeriesDetail } from '../catalogue/catalogue-types';

/**
 * The newest detail of the series on screen from anything other than the page's own refresh, such as
 * the voting island (its vote call answers the updated SeriesDetail). The series page shows it at once.
 */
export const $updatedSeriesDetail = atom<SeriesDetail | null>(null);

export function publishSeriesDetail(detail: SeriesDetail): void {
  $updatedSeriesDetail.set(detail);
}

/** The series id in a series page's path (`/series/42`), or null. The fallback page reads it. */
export function seriesIdFromPath(pathname: string): number | null {
  const match = /^\/series\/(\d+)(?:\.html)?\/?$/.exec(pathname);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The id of the element that holds the "Determine Series Rank" panel. */
export const VOTE_PANEL_ID = 'series-vote';
