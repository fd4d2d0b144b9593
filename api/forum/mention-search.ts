import type { MentionResult } from '../../contract/forum';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { MediaStorage } from '../media/storage';
import { MentionIndex } from './mention-index';
import { seriesRefs } from './presenters';

/** Suggestions at most; the route's `limit` takes the first ones. */
const MENTION_SUGGESTIONS = 10;

/**
 * Series suggestions for the editor's `@` mentions, from the in-memory catalogue (no query per keystroke):
 * `#12` or `12` names a series by id first; then titles starting with the text, then titles containing it,
 * each in ranking order. Answered from the catalogue's title index (mention-index.ts) and memoized per
 * snapshot and text, so a popular prefix is computed once.
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
    const index = snapshot.textIndex(
      'forum-mention-index',
      () => new MentionIndex(snapshot.ranking.overall.map((entry) => entry.series)),
    );
    const position = (id: number) => snapshot.overallPosition(id);
    // One more than shown: the series named by id, if among them, is shown first instead.
    const wanted = MENTION_SUGGESTIONS + 1;
    const starts = index.startingWith(needle, position, wanted);
    const contains =
      starts.length >= wanted ? [] : index.containing(needle, position, wanted, snapshot.ranking.overall);
    const others = [...starts, ...contains].filter((id) => id !== exact);
    return [...(exact !== undefined ? [exact] : []), ...others].slice(0, MENTION_SUGGESTIONS);
  });
  return seriesRefs(ids.slice(0, limit), snapshot, media).map(({ series_id, title, cover_url }) => ({
    series_id,
    title,
    cover_url,
  }));
}
