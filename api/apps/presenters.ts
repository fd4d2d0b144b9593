import type { LibraryEntry, V1Series } from '../../contract/apps';
import type { RankedSeries } from '../../contract/catalogue';
import type { LibraryRow } from '../reading-lists/library';

/** A library row as the library API answers it. */
export function toLibraryEntry(row: LibraryRow): LibraryEntry {
  return {
    series_id: row.seriesId,
    title: row.title,
    list_id: row.listId,
    status: row.readingStatus,
    chapters_read: row.chaptersRead,
    score: row.score,
    started_on: row.startedOn,
    finished_on: row.finishedOn,
    updated_at: row.updatedAt,
  };
}

/** A catalogue entry in the library API's few fields. */
export function toV1Series(series: RankedSeries): V1Series {
  return {
    id: series.id,
    title: series.title,
    alt_titles: series.alt_titles,
    type: series.type,
    cover_url: series.cover_url,
    chapters: series.chapters,
    mal_id: series.mal_id,
    anilist_id: series.anilist_id,
    mangaupdates_id: series.mangaupdates_id,
  };
}
