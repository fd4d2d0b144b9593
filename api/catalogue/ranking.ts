import { SERIES_TYPES, type SeriesType } from '../db/schema';

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

/**
 * Orders series for display and gives them ranks, per api.md: a series is Unranked while it has fewer than
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
  ranked.sort((a, b) => b.finalScore - a.finalScore || b.voterCount - a.voterCount || a.id - b.id);
  // Plain code-unit comparison: a locale collator is ~100x slower and the order only has to be stable.
  unranked.sort((a, b) =>
    a.sortTitle < b.sortTitle ? -1 : a.sortTitle > b.sortTitle ? 1 : a.series.id - b.series.id,
  );

  const entries: RankedEntry<T>[] = [];
  let rank = 0;
  ranked.forEach((series, index) => {
    if (index === 0 || series.finalScore !== ranked[index - 1]!.finalScore) rank = index + 1;
    entries.push({ series, rank });
  });
  for (const { series } of unranked) entries.push({ series, rank: null });
  return entries;
}

export function rankCatalogue<T extends RankableSeries>(
  rows: readonly T[],
  minVoters: number,
): CatalogueRanking<T> {
  const byType = Object.fromEntries(
    SERIES_TYPES.map((type) => [
      type,
      rankSeries(
        rows.filter((series) => series.type === type),
        minVoters,
      ),
    ]),
  ) as Record<SeriesType, RankedEntry<T>[]>;
  return { overall: rankSeries(rows, minVoters), byType };
}

/** A series' genres from its comma-separated genre text: trimmed, lower-cased, blanks dropped. */
export function parseGenres(genreText: string): string[] {
  return genreText
    .split(',')
    .map((genre) => genre.trim().toLowerCase())
    .filter(Boolean);
}

/** True when one of the series' genres equals the filter, ignoring case and surrounding spaces. */
export function hasGenre(genreText: string, filter: string): boolean {
  return parseGenres(genreText).includes(filter.trim().toLowerCase());
}

/** One page (1-based) of an ordered list; a page past the end is empty. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return start >= items.length ? [] : items.slice(start, start + pageSize);
}
