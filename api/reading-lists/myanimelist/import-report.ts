import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  MAL_REPORT_MAX_ENTRIES,
  MAL_REPORT_MAX_TITLE_CHARS,
  type ImportReport,
} from '../../../contract/reading-lists';
import type { CatalogueSnapshot } from '../../catalogue/catalogue-snapshot';
import type { MediaStorage } from '../../media/storage';
import type { EntryMatches, ImportCandidate, ListChanges } from './plan-import';
import type { MalEntry } from './read-export';
import { titleKey } from './title-key';

/** Catalogue titles folded between turns of the event loop (10,000 take 150-350 ms). */
const INDEX_BATCH = 1000;

/**
 * Every series of the catalogue by the folded form of its title (see `titleKey`), for matching imported
 * titles. Built from the catalogue snapshot, and kept with it while no title, type or cover changes (see
 * `CatalogueSnapshot.memoizeByText`), so imports do not fold the whole catalogue's titles each time; the
 * build hands the event loop back every 1,000 series, so other requests are answered meanwhile.
 */
export function titleIndex(
  snapshot: CatalogueSnapshot,
  media: MediaStorage,
): Promise<ReadonlyMap<string, readonly ImportCandidate[]>> {
  return snapshot.memoizeByText('myanimelist-title-index', async () => {
    const index = new Map<string, ImportCandidate[]>();
    for (const [position, { series }] of snapshot.ranking.overall.entries()) {
      if (position > 0 && position % INDEX_BATCH === 0) await nextTurn();
      const key = titleKey(series.title);
      if (!key) continue;
      const candidate: ImportCandidate = {
        seriesId: series.id,
        title: series.title,
        type: series.type,
        coverUrl: series.coverKey ? media.url(series.coverKey) : null,
      };
      const found = index.get(key);
      if (found) found.push(candidate);
      else index.set(key, [candidate]);
    }
    // Candidates in a stable order (oldest series first), whatever the ranking's order.
    for (const candidates of index.values()) candidates.sort((a, b) => a.seriesId - b.seriesId);
    return index;
  });
}

/** A file's title as the answer echoes it: cut to MAL_REPORT_MAX_TITLE_CHARS, the last one "…". */
export function reportedTitle(title: string): string {
  if (title.length <= MAL_REPORT_MAX_TITLE_CHARS) return title;
  let kept = title.slice(0, MAL_REPORT_MAX_TITLE_CHARS - 1);
  // Never half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept}…`;
}

const source = (entry: MalEntry) => ({
  source_index: entry.sourceIndex,
  source_title: reportedTitle(entry.title),
});

/** The first MAL_REPORT_MAX_ENTRIES of a list, and how many are left out. */
function firstShown<T>(items: readonly T[]): { shown: readonly T[]; notShown: number } {
  return {
    shown: items.slice(0, MAL_REPORT_MAX_ENTRIES),
    notShown: Math.max(0, items.length - MAL_REPORT_MAX_ENTRIES),
  };
}

/**
 * The answer of an import (or of its dry run, with nothing added or updated). Each list of entries shows the
 * first MAL_REPORT_MAX_ENTRIES in file order and `not_shown` counts the rest, and the file's titles are cut,
 * so the answer stays small whatever the file holds (a gzipped file of 20,000 long titles is a few hundred
 * kilobytes; echoing it whole answered tens of megabytes).
 */
export function importReport(
  entries: readonly MalEntry[],
  matches: EntryMatches,
  changes: ListChanges,
  written: { added: number; updated: number },
): ImportReport {
  const matched = firstShown([...matches.matched].sort((a, b) => a.entry.sourceIndex - b.entry.sourceIndex));
  const ambiguous = firstShown(matches.ambiguous);
  const unmatched = firstShown(matches.unmatched);
  const full = firstShown(changes.full);
  const scoresIgnored = firstShown(entries.filter((entry) => entry.ignoredScore !== undefined));
  return {
    total: entries.length,
    matched: matched.shown.map(({ entry, series, by }) => ({
      ...source(entry),
      series_id: series.seriesId,
      title: series.title,
      reading_status: entry.readingStatus,
      chapters_read: entry.chaptersRead,
      score: entry.score,
      by,
    })),
    ambiguous: ambiguous.shown.map(({ entry, candidates }) => ({
      ...source(entry),
      candidates: candidates.map((candidate) => ({
        series_id: candidate.seriesId,
        title: candidate.title,
        type: candidate.type as ImportReport['ambiguous'][number]['candidates'][number]['type'],
        cover_url: candidate.coverUrl,
      })),
    })),
    unmatched: unmatched.shown.map(source),
    full: full.shown.map(source),
    scores_ignored: scoresIgnored.shown.map((entry) => ({
      ...source(entry),
      my_score: reportedTitle(entry.ignoredScore ?? ''),
    })),
    added: written.added,
    updated: written.updated,
    already_present: changes.alreadyPresent,
    not_shown: {
      matched: matched.notShown,
      ambiguous: ambiguous.notShown,
      unmatched: unmatched.notShown,
      full: full.notShown,
      scores_ignored: scoresIgnored.notShown,
    },
  };
}
