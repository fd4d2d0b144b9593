import type { ImportReport } from '../../../contract/reading-lists';
import type { CatalogueSnapshot } from '../../catalogue/catalogue-snapshot';
import type { MediaStorage } from '../../media/storage';
import type { EntryMatches, ImportCandidate, ListChanges } from './plan-import';
import type { MalEntry } from './read-export';
import { titleKey } from './title-key';

/**
 * Every series of the catalogue by the folded form of its title (see `titleKey`), for matching imported
 * titles. Built from the catalogue snapshot, and kept with it while no title, type or cover changes (see
 * `CatalogueSnapshot.memoizeByText`), so imports do not fold the whole catalogue's titles each time.
 */
export function titleIndex(
  snapshot: CatalogueSnapshot,
  media: MediaStorage,
): Promise<ReadonlyMap<string, readonly ImportCandidate[]>> {
  return snapshot.memoizeByText('myanimelist-title-index', () => {
    const index = new Map<string, ImportCandidate[]>();
    for (const { series } of snapshot.ranking.overall) {
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

const source = (entry: MalEntry) => ({ source_index: entry.sourceIndex, source_title: entry.title });

/** The answer of an import (or of its dry run, with nothing added or updated). */
export function importReport(
  entries: readonly MalEntry[],
  matches: EntryMatches,
  changes: ListChanges,
  written: { added: number; updated: number },
): ImportReport {
  return {
    total: entries.length,
    matched: [...matches.matched]
      .sort((a, b) => a.entry.sourceIndex - b.entry.sourceIndex)
      .map(({ entry, series, by }) => ({
        ...source(entry),
        series_id: series.seriesId,
        title: series.title,
        reading_status: entry.readingStatus,
        chapters_read: entry.chaptersRead,
        by,
      })),
    ambiguous: matches.ambiguous.map(({ entry, candidates }) => ({
      ...source(entry),
      candidates: candidates.map((candidate) => ({
        series_id: candidate.seriesId,
        title: candidate.title,
        type: candidate.type as ImportReport['ambiguous'][number]['candidates'][number]['type'],
        cover_url: candidate.coverUrl,
      })),
    })),
    unmatched: matches.unmatched.map(source),
    full: changes.full.map(source),
    added: written.added,
    updated: written.updated,
    already_present: changes.alreadyPresent,
  };
}
