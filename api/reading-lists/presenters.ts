import type { ListItem } from '../../contract/reading-lists';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { coverVariants } from '../media/cover-variants';
import type { MediaStorage } from '../media/storage';
import type { ListItemRow } from './repository';

/** An item as the API answers it: the stored series with its live overall rank and its cover URLs. */
export function toListItem(row: ListItemRow, snapshot: CatalogueSnapshot, media: MediaStorage): ListItem {
  return {
    series_id: row.seriesId,
    title: row.title,
    cover_url: row.coverKey ? media.url(row.coverKey) : null,
    cover_variants: coverVariants(media, row.coverKey),
    rank: snapshot.placement(row.seriesId)?.overall.rank ?? null,
    final_score: row.finalScore,
    vote_count: row.voterCount,
    type: row.type,
    status: row.status,
    added_at: new Date(row.addedAt).toISOString(),
    reading_status: row.readingStatus,
    chapters_read: row.chaptersRead,
    score: row.score,
    chapters: row.chapters,
  };
}
