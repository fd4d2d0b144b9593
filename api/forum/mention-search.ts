import type { MentionResult } from '../../contract/forum';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { MediaStorage } from '../media/storage';
import { seriesRefs } from './presenters';

/**
 * Series suggestions for the editor's `@` mentions, from the in-memory catalogue (no query per keystroke):
 * `#12` or `12` names a series by id first; then titles starting with the text, then titles containing it,
 * each in ranking order. Memoized per snapshot and text, so a popular prefix is computed once.
 */
export async function searchMentions(
  snapshot: CatalogueSnapshot,
  media: MediaStorage,
  text: string,
  limit: number,
): Promise<MentionResult[]> {
  const needle = text.trim().toLowerCase();
  const ids = await snapshot.memoize(`forum-mention|${needle}`, () => {
    const byId = /^#?(\d{1,10})$/.exec(needle);
    const exact = byId ? snapshot.placement(Number(byId[1]))?.overall.series.id : undefined;
    const starts: number[] = [];
    const contains: number[] = [];
    for (const { series } of snapshot.ranking.overall) {
      if (series.id === exact) continue;
      const title = series.title.toLowerCase();
      if (title.startsWith(needle)) starts.push(series.id);
      else if (contains.length < 10 && title.includes(needle)) contains.push(series.id);
      if (starts.length >= 10) break;
    }
    return [...(exact !== undefined ? [exact] : []), ...starts, ...contains].slice(0, 10);
  });
  return seriesRefs(ids.slice(0, limit), snapshot, media).map(({ series_id, title, cover_url }) => ({
    series_id,
    title,
    cover_url,
  }));
}
