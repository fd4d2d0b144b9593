import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ReadingStatus } from '../../../contract/reading-progress-values';
import type { MalEntry } from './read-export';
import { titleKey } from './title-key';

/** A catalogue series an entry may stand for. */
export interface ImportCandidate {
  seriesId: number;
  title: string;
  type: string;
  coverUrl: string | null;
}

/** What the catalogue knows of the file's ids and titles (see `lookupKeys`). */
export interface CatalogueMatches {
  byMalId: ReadonlyMap<number, ImportCandidate>;
  byTitleKey: ReadonlyMap<string, readonly ImportCandidate[]>;
}

export interface MatchedEntry {
  entry: MalEntry;
  series: ImportCandidate;
  by: 'mal_id' | 'title';
}

export interface EntryMatches {
  matched: MatchedEntry[];
  ambiguous: { entry: MalEntry; candidates: readonly ImportCandidate[] }[];
  unmatched: MalEntry[];
}

/** A choice that names no candidate of an ambiguous entry (or an entry that is not ambiguous). */
export class InvalidChoiceError extends Error {
  constructor(readonly sourceIndex: number) {
    super(`No candidate ${sourceIndex}`);
    this.name = 'InvalidChoiceError';
  }
}

/** The ids and title keys to look up for these entries: one query each, whatever the file's size. */
export function lookupKeys(entries: readonly MalEntry[]): { malIds: number[]; titleKeys: string[] } {
  const malIds = new Set<number>();
  const titleKeys = new Set<string>();
  for (const entry of entries) {
    if (entry.malId !== null) malIds.add(entry.malId);
    const key = titleKey(entry.title);
    if (key) titleKeys.add(key);
  }
  return { malIds: [...malIds], titleKeys: [...titleKeys] };
}

/**
 * Entries matched between turns of the event loop: folding 100 titles of the longest kept (2,000
 * characters) takes a few milliseconds, and a file has up to 20,000.
 */
const MATCH_BATCH = 100;

/**
 * Matches each entry, in this order: its MyAnimeList id is a series' `mal_id`; else its folded title is
 * exactly one series' folded title (several: ambiguous, settled by `choices`, entry index → series id);
 * else it is unmatched. A choice outside the entry's candidates throws InvalidChoiceError. Hands the event
 * loop back every few entries, so a large file does not hold up other requests.
 */
export async function matchEntries(
  entries: readonly MalEntry[],
  catalogue: CatalogueMatches,
  choices: ReadonlyMap<number, number> = new Map(),
): Promise<EntryMatches> {
  const result: EntryMatches = { matched: [], ambiguous: [], unmatched: [] };
  const ambiguousIndexes = new Set<number>();
  for (const [index, entry] of entries.entries()) {
    if (index > 0 && index % MATCH_BATCH === 0) await nextTurn();
    const byId = entry.malId === null ? undefined : catalogue.byMalId.get(entry.malId);
    if (byId) {
      result.matched.push({ entry, series: byId, by: 'mal_id' });
      continue;
    }
    const key = titleKey(entry.title);
    const candidates = key ? (catalogue.byTitleKey.get(key) ?? []) : [];
    if (candidates.length === 1) {
      result.matched.push({ entry, series: candidates[0]!, by: 'title' });
    } else if (candidates.length === 0) {
      result.unmatched.push(entry);
    } else {
      ambiguousIndexes.add(entry.sourceIndex);
      const chosen = choices.get(entry.sourceIndex);
      if (chosen === undefined) {
        result.ambiguous.push({ entry, candidates });
        continue;
      }
      const series = candidates.find((candidate) => candidate.seriesId === chosen);
      if (!series) throw new InvalidChoiceError(entry.sourceIndex);
      result.matched.push({ entry, series, by: 'title' });
    }
  }
  for (const index of choices.keys()) if (!ambiguousIndexes.has(index)) throw new InvalidChoiceError(index);
  return result;
}

/** A series already in the list: what an import may change of it. */
export interface ListedProgress {
  chaptersRead: number;
  score: number | null;
}

export interface ListChanges {
  add: { seriesId: number; readingStatus: ReadingStatus; chaptersRead: number; score: number | null }[];
  /**
   * Series already listed whose chapter count the file raises or whose empty score it fills (each the
   * larger count and the kept or filled score); their status is kept.
   */
  update: { seriesId: number; chaptersRead: number; score: number | null }[];
  alreadyPresent: number;
  /** Entries that would have been added but the list had no room left. */
  full: MalEntry[];
}

/**
 * What importing the matched entries does to a list holding `listed`, with room for `room` more series:
 * new series are added in file order with the file's status, chapters and score until the list is full (the
 * rest are reported as `full`); a series already there keeps its status, takes the larger chapter count, and
 * takes the file's score only when it has none (a score the reader set is never overwritten); an entry whose
 * series appeared earlier in the file changes nothing. Importing the same file twice therefore adds and
 * updates nothing the second time.
 */
export function planListChanges(
  matched: readonly MatchedEntry[],
  listed: ReadonlyMap<number, ListedProgress>,
  room: number,
): ListChanges {
  const changes: ListChanges = { add: [], update: [], alreadyPresent: 0, full: [] };
  const seen = new Set<number>();
  const updates = new Map<number, { chaptersRead: number; score: number | null }>();
  let left = Math.max(0, room);
  for (const { entry, series } of [...matched].sort((a, b) => a.entry.sourceIndex - b.entry.sourceIndex)) {
    const id = series.seriesId;
    if (seen.has(id)) {
      changes.alreadyPresent += 1;
      continue;
    }
    const present = listed.get(id);
    if (present) {
      seen.add(id);
      const raises = entry.chaptersRead > present.chaptersRead;
      const fills = present.score === null && entry.score !== null;
      if (raises || fills) {
        updates.set(id, {
          chaptersRead: Math.max(entry.chaptersRead, present.chaptersRead),
          score: present.score ?? entry.score,
        });
      } else {
        changes.alreadyPresent += 1;
      }
      continue;
    }
    if (left === 0) {
      changes.full.push(entry);
      continue;
    }
    seen.add(id);
    left -= 1;
    changes.add.push({
      seriesId: id,
      readingStatus: entry.readingStatus,
      chaptersRead: entry.chaptersRead,
      score: entry.score,
    });
  }
  changes.update = [...updates].map(([seriesId, update]) => ({ seriesId, ...update }));
  return changes;
}
