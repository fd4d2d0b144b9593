import type { MentionResult } from '../../contract/forum';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { MediaStorage } from '../media/storage';
import type { ForumCatalogue } from './service';
import { seriesRefs } from './presenters';

/**
 * Series suggestions for the editor's `@` mentions: `#12` or `12` names a series by id first; then the
 * catalogue's search (any name, typo-tolerant, by relevance then rank: the same search as the search box,
 * memoized by the catalogue per snapshot and term).
 */
export async function searchMentions(
  catalogue: ForumCatalogue,
  media: MediaStorage,
  text: string,
  limit: number,
): Promise<MentionResult[]> {
  const needle = text.trim();
  const { snapshot, found } = await catalogue.findSeries(needle, undefined, limit + 1);
  const byId = /^#?(\d{1,10})$/.exec(needle);
  const exact = byId ? snapshot.placement(Number(byId[1]))?.overall.series.id : undefined;
  const others = found.map(({ placed }) => placed.overall.series.id).filter((id) => id !== exact);
  const ids = [...(exact !== undefined ? [exact] : []), ...others].slice(0, limit);
  return mentionResults(ids, snapshot, media);
}

function mentionResults(ids: number[], snapshot: CatalogueSnapshot, media: MediaStorage): MentionResult[] {
  return seriesRefs(ids, snapshot, media).map(({ series_id, title, cover_url }) => ({
    series_id,
    title,
    cover_url,
  }));
}
