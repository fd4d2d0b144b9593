import { isPossibleSerialId } from '../../../contract/http-values';

/** The series id in a series page's path (`/series/42`), or null. The fallback page reads it. */
export function seriesIdFromPath(pathname: string): number | null {
  const match = /^\/series\/(\d+)(?:\.html)?\/?$/.exec(pathname);
  if (!match) return null;
  const id = Number(match[1]);
  return isPossibleSerialId(id) ? id : null;
}

/** The id of the element that holds the "Determine Series Rank" panel. */
export const VOTE_PANEL_ID = 'series-vote';

/** The id of the element that holds the "Track" panel (the reader's lists holding the series). */
export const TRACK_PANEL_ID = 'series-track';
