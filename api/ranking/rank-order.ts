import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { SERIES_TYPES, type CategoryTotals, type SeriesType } from '../db/schema';
import type { RankingWeights } from '../../contract/ranking-formula';
import { computeMeanScore, finalScoreWith, weightsOf, type RankingPriors } from './scores';

/** What ranking needs to know about a series. */
export interface RankableSeries {
  id: number;
  title: string;
  type: SeriesType;
  finalScore: number;
  voterCount: number;
}

export interface RankedEntry<T extends RankableSeries = RankableSeries> {
  series: T;
  /** Competition rank (1, 2, 2, 4) within the scope it was computed in; null while Unranked. */
  rank: number | null;
}

/** Ranked orderings over the whole catalogue and within each type. */
export interface CatalogueRanking<T extends RankableSeries = RankableSeries> {
  overall: RankedEntry<T>[];
  byType: Record<SeriesType, RankedEntry<T>[]>;
}

/** Display order of ranked series: final score desc, then voter count desc, then id. */
function compareRanked(a: RankableSeries, b: RankableSeries): number {
  return b.finalScore - a.finalScore || b.voterCount - a.voterCount || a.id - b.id;
}

/**
 * Display order of Unranked series: title then id. Plain code-unit comparison: a locale collator is ~100x
 * slower and the order only has to be stable.
 */
function compareUnranked(a: RankableSeries, b: RankableSeries): number {
  const titleA = a.title.toLowerCase();
  const titleB = b.title.toLowerCase();
  return titleA < titleB ? -1 : titleA > titleB ? 1 : a.id - b.id;
}

/**
 * Orders series for display and gives them ranks: a series is Unranked while it has fewer than
 * `minVoters` voters; ranked series come first by final score (desc), equal scores share a rank and are
 * shown by voter count (desc) then id; Unranked series follow, alphabetically by title then id so their
 * order is stable.
 */
export function rankSeries<T extends RankableSeries>(
  rows: readonly T[],
  minVoters: number,
): RankedEntry<T>[] {
  const ranked: T[] = [];
  const unranked: { series: T; sortTitle: string }[] = [];
  for (const series of rows) {
    if (series.voterCount >= minVoters) ranked.push(series);
    else unranked.push({ series, sortTitle: series.title.toLowerCase() });
  }
  ranked.sort(compareRanked);
  // Titles lowered once each rather than once per comparison (same order as compareUnranked).
  unranked.sort((a, b) =>
    a.sortTitle < b.sortTitle ? -1 : a.sortTitle > b.sortTitle ? 1 : a.series.id - b.series.id,
  );
  return withRanks(
    ranked,
    unranked.map(({ series }) => series),
  );
}

/** Entries for series already in display order: competition ranks for `ranked`, null for `unranked`. */
function withRanks<T extends RankableSeries>(ranked: readonly T[], unranked: readonly T[]): RankedEntry<T>[] {
  const entries: RankedEntry<T>[] = [];
  for (const series of ranked) appendRanked(entries, series);
  for (const series of unranked) entries.push({ series, rank: null });
  return entries;
}

/** Appends a ranked series after the ranked `entries`: the next rank, or the previous one on a tie. */
function appendRanked<T extends RankableSeries>(entries: RankedEntry<T>[], series: T): void {
  const previous = entries[entries.length - 1];
  const tied = previous?.rank != null && previous.series.finalScore === series.finalScore;
  entries.push({ series, rank: tied ? previous.rank : entries.length + 1 });
}

function emptyTypeLists<T extends RankableSeries>(): Record<SeriesType, RankedEntry<T>[]> {
  return Object.fromEntries(SERIES_TYPES.map((type) => [type, []])) as unknown as Record<
    SeriesType,
    RankedEntry<T>[]
  >;
}

/**
 * Appends an entry of the overall ranking to its type's: the overall order restricted to a type is that
 * type's order (the same comparisons), so only the rank within the type is new. No sort.
 */
function appendToType<T extends RankableSeries>(
  lists: Record<SeriesType, RankedEntry<T>[]>,
  { series, rank }: RankedEntry<T>,
): void {
  const list = lists[series.type];
  if (rank === null) list.push({ series, rank: null });
  else appendRanked(list, series);
}

/** Each type's ranking from the overall one (see appendToType). */
function typeRankings<T extends RankableSeries>(
  overall: readonly RankedEntry<T>[],
): Record<SeriesType, RankedEntry<T>[]> {
  const lists = emptyTypeLists<T>();
  for (const entry of overall) appendToType(lists, entry);
  return lists;
}

/**
 * The same order and ranks as `rankSeries` over the previous rows with `changed` rows replaced or added and
 * `removed` ids left out, without sorting everything again: the others keep their relative order, so each
 * changed row is taken out where it was and put back by binary search, and ranks are recomputed only over
 * the stretch whose positions moved. Every other entry is the previous one (same object), so answers built
 * from unchanged entries can be recognised by identity. `positionOf` finds an id in `previous`.
 */
export function rerankSeries<T extends RankableSeries>(
  previous: readonly RankedEntry<T>[],
  changed: readonly T[],
  removed: ReadonlySet<number>,
  minVoters: number,
  positionOf: (id: number) => number | undefined,
): RankedEntry<T>[] {
  const entries = previous.slice();
  const leaving = new Set<number>();
  for (const id of [...removed, ...changed.map((series) => series.id)]) {
    const position = positionOf(id);
    // The index may come from another list (a series that changed type): only a match counts.
    if (position !== undefined && previous[position]?.series.id === id) leaving.add(position);
  }
  let first = entries.length;
  let last = -1;
  let rankedCount = firstUnranked(previous);
  for (const position of [...leaving].sort((a, b) => b - a)) {
    if (previous[position]!.rank !== null) rankedCount -= 1;
    entries.splice(position, 1);
    first = Math.min(first, position);
    last = Math.max(last, position);
  }
  for (const series of changed) {
    const isRanked = series.voterCount >= minVoters;
    const [start, end, compare] = isRanked
      ? [0, rankedCount, compareRanked]
      : [rankedCount, entries.length, compareUnranked];
    let low = start;
    let high = end;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(entries[middle]!.series, series) < 0) low = middle + 1;
      else high = middle;
    }
    entries.splice(low, 0, { series, rank: null });
    if (isRanked) rankedCount += 1;
    first = Math.min(first, low);
    last = Math.max(last, low);
  }
  // Past the stretch (widened by the number of moves, as later insertions push earlier ones right)
  // positions are unchanged, unless rows were added or removed overall.
  last = entries.length !== previous.length ? entries.length - 1 : last + leaving.size + changed.length;
  let index = first;
  let rank = index > 0 ? (entries[index - 1]!.rank ?? 0) : 0;
  for (; index < entries.length; index += 1) {
    const entry = entries[index]!;
    const { series } = entry;
    const tiesPrevious = index > 0 && series.finalScore === entries[index - 1]!.series.finalScore;
    // A tie group running past the stretch may have a new first member: follow it to its end.
    if (index > last && !tiesPrevious) break;
    let placed: number | null = null;
    if (series.voterCount >= minVoters) {
      if (!tiesPrevious || entries[index - 1]!.rank === null) rank = index + 1;
      placed = rank;
    }
    if (entry.rank !== placed) entries[index] = { series, rank: placed };
  }
  return entries;
}

/** The number of ranked entries: they come first, Unranked (rank null) after. */
function firstUnranked<T extends RankableSeries>(entries: readonly RankedEntry<T>[]): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (entries[middle]!.rank !== null) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function rankCatalogue<T extends RankableSeries>(
  rows: readonly T[],
  minVoters: number,
): CatalogueRanking<T> {
  const overall = rankSeries(rows, minVoters);
  return { overall, byType: typeRankings(overall) };
}

/** `rankCatalogue` after some rows changed or went away, from the previous ranking (see rerankSeries). */
export function rerankCatalogue<T extends RankableSeries>(
  previous: CatalogueRanking<T>,
  changed: readonly T[],
  removed: ReadonlySet<number>,
  minVoters: number,
  /** A series' index in `previous.overall` and in its type's list (a linear search when not given). */
  positions: {
    overall: (id: number) => number | undefined;
    inType: (id: number) => number | undefined;
  } = {
    overall: (id) => indexOf(previous.overall, id),
    inType: (id) => {
      for (const list of Object.values(previous.byType)) {
        const index = indexOf(list, id);
        if (index !== undefined) return index;
      }
      return undefined;
    },
  },
): CatalogueRanking<T> {
  // A changed series leaves every type's list and comes back in its own type's (its type may have changed).
  const leaving = new Set([...removed, ...changed.map((series) => series.id)]);
  const byType = Object.fromEntries(
    SERIES_TYPES.map((type) => [
      type,
      rerankSeries(
        previous.byType[type],
        changed.filter((series) => series.type === type),
        leaving,
        minVoters,
        positions.inType,
      ),
    ]),
  ) as Record<SeriesType, RankedEntry<T>[]>;
  return {
    overall: rerankSeries(previous.overall, changed, removed, minVoters, positions.overall),
    byType,
  };
}

function indexOf<T extends RankableSeries>(list: readonly RankedEntry<T>[], id: number): number | undefined {
  const index = list.findIndex((entry) => entry.series.id === id);
  return index >= 0 ? index : undefined;
}

/** Rows a rescore handles between two turns of the event loop (a few milliseconds' work). */
const RESCORE_SLICE = 2_500;

/** Calls `visit` on each item, RESCORE_SLICE at a time with a turn of the event loop after each slice. */
async function inSlices<T>(items: readonly T[], visit: (item: T) => void): Promise<void> {
  for (let start = 0; start < items.length; start += RESCORE_SLICE) {
    const end = Math.min(start + RESCORE_SLICE, items.length);
    for (let index = start; index < end; index += 1) visit(items[index]!);
    await yieldToEventLoop();
  }
}

/**
 * `items` sorted, without holding the event loop for the whole sort: runs of RESCORE_SLICE items are
 * sorted one at a time, then merged pairwise, each merge step writing RESCORE_SLICE items. Stable, as
 * Array.prototype.sort is.
 */
async function sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number): Promise<T[]> {
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += RESCORE_SLICE) {
    runs.push(items.slice(start, start + RESCORE_SLICE).sort(compare));
    await yieldToEventLoop();
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let index = 0; index < runs.length; index += 2) {
      const [left, right] = [runs[index]!, runs[index + 1]];
      merged.push(right ? await mergeInSlices(left, right, compare) : left);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}

async function mergeInSlices<T>(left: T[], right: T[], compare: (a: T, b: T) => number): Promise<T[]> {
  const merged: T[] = [];
  let [l, r] = [0, 0];
  while (l < left.length || r < right.length) {
    const end = merged.length + RESCORE_SLICE;
    while (merged.length < end && (l < left.length || r < right.length)) {
      // Ties keep the left run's item first: the merge is stable.
      if (r >= right.length || (l < left.length && compare(left[l]!, right[r]!) <= 0))
        merged.push(left[l++]!);
      else merged.push(right[r++]!);
    }
    await yieldToEventLoop();
  }
  return merged;
}

/** A series' scores, computed from its category totals whenever it is read (none are stored). */
export interface SeriesScores {
  /** What the ranking orders by: the mean of the five weighted category scores. */
  finalScore: number;
  /** The mean of the plain averages of the categories that have votes; null without votes. */
  meanScore: number | null;
}

/**
 * The ranking's rules as the catalogue applies them to its snapshot: how a series is scored (with the
 * stored priors, set by the ranking service), who is ranked (at least `minVoters` distinct voters), in what
 * order, and how a patch re-ranks only what moved.
 */
export class Ranker {
  private current: RankingPriors;
  private weights: RankingWeights;

  constructor(
    readonly minVoters: number,
    /** The stored priors once read; the scale's midpoint until then. */
    priors: RankingPriors,
  ) {
    this.current = priors;
    this.weights = weightsOf(priors);
  }

  /** The priors every score is computed with. */
  get priors(): RankingPriors {
    return this.current;
  }

  set priors(priors: RankingPriors) {
    this.current = priors;
    this.weights = weightsOf(priors);
  }

  /** A series' scores from its totals: what the database's series_scores view gives for the same row. */
  scoresOf(totals: CategoryTotals): SeriesScores {
    return { finalScore: finalScoreWith(totals, this.weights), meanScore: computeMeanScore(totals) };
  }

  /** Scores rows from their totals in place (rows fresh from the database, or copies). */
  score<T extends CategoryTotals>(rows: T[]): (T & SeriesScores)[] {
    for (const row of rows as (T & SeriesScores)[]) {
      row.finalScore = finalScoreWith(row, this.weights);
      row.meanScore = computeMeanScore(row);
    }
    return rows as (T & SeriesScores)[];
  }

  rank<T extends RankableSeries>(rows: readonly T[]): CatalogueRanking<T> {
    return rankCatalogue(rows, this.minVoters);
  }

  /**
   * The ranking with every series scored again with the current priors (after a recomputation): copies of
   * the rows, so the previous ranking stays as it was for the reads it still serves. Who is ranked and the
   * Unranked order do not depend on scores. Every step works in slices of RESCORE_SLICE rows with a turn of
   * the event loop between two, so other requests wait a few milliseconds at most: 100,000 series in one go
   * held them for about a second, and in slices of 10,000 with one sort for 50-100 ms.
   */
  async rescore<T extends RankableSeries & CategoryTotals & SeriesScores>(
    previous: CatalogueRanking<T>,
  ): Promise<CatalogueRanking<T>> {
    const ranked: T[] = [];
    const unranked: T[] = [];
    await inSlices(previous.overall, (entry) => {
      // The mean of votes does not depend on the priors: only the final score changes.
      const series = { ...entry.series, finalScore: finalScoreWith(entry.series, this.weights) };
      (entry.rank === null ? unranked : ranked).push(series);
    });
    const overall: RankedEntry<T>[] = [];
    await inSlices(await sortInSlices(ranked, compareRanked), (series) => appendRanked(overall, series));
    await inSlices(unranked, (series) => overall.push({ series, rank: null }));
    const byType = emptyTypeLists<T>();
    await inSlices(overall, (entry) => appendToType(byType, entry));
    return { overall, byType };
  }

  rerank<T extends RankableSeries>(
    previous: CatalogueRanking<T>,
    changed: readonly T[],
    removed: ReadonlySet<number>,
    positions?: Parameters<typeof rerankCatalogue<T>>[4],
  ): CatalogueRanking<T> {
    return rerankCatalogue(previous, changed, removed, this.minVoters, positions);
  }

  /**
   * The overall rank a series with these scores takes in `overall` (a ranking's display order): 1 + the
   * ranked series scored strictly higher, or null while it has fewer voters than the minimum. For a series
   * the snapshot has not placed yet.
   */
  rankAmong(
    overall: readonly RankedEntry[],
    series: Pick<RankableSeries, 'finalScore' | 'voterCount'>,
  ): number | null {
    if (series.voterCount < this.minVoters) return null;
    // Ranked entries come first, by final score descending: the first one not above ends the count.
    let low = 0;
    let high = overall.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const entry = overall[middle]!;
      if (entry.rank !== null && entry.series.finalScore > series.finalScore) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  }
}
