import type { RankedSeries } from '../catalogue/catalogue-types';
import { splitGenres } from '../catalogue/series-format';

/*
 * "Related series" on a series page: series of the same type that share its genres, the most shared
 * genres first, then by rank. They give every series page links to others, so crawlers and readers reach
 * the whole catalogue from any page. Pure, so the build and the tests share it.
 */

export const RELATED_SERIES_COUNT = 6;

/** Ranked first by rank (1 before 2), Unranked after, ties by id: the order of the ranked lists. */
export function byRank(a: RankedSeries, b: RankedSeries): number {
  if (a.rank !== b.rank) {
    if (a.rank == null) return 1;
    if (b.rank == null) return -1;
    return a.rank - b.rank;
  }
  return a.id - b.id;
}

function genreKeys(series: RankedSeries): string[] {
  return [...new Set(splitGenres(series.genre).map((genre) => genre.toLowerCase()))];
}

/**
 * Chooses related series for every series of a catalogue at once. Candidates come from per-type, per-genre
 * buckets, so a catalogue of thousands costs each series only the series that share a genre with it.
 * When fewer than `count` share a genre, the best-ranked series of the same type fill the rest.
 */
export function relatedSeriesIndex(
  catalogue: readonly RankedSeries[],
  count: number = RELATED_SERIES_COUNT,
): (series: RankedSeries) => RankedSeries[] {
  const buckets = new Map<string, RankedSeries[]>();
  const byType = new Map<string, RankedSeries[]>();
  for (const series of catalogue) {
    for (const genre of genreKeys(series)) {
      const key = `${series.type}\u0000${genre}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.push(series);
      else buckets.set(key, [series]);
    }
    const ofType = byType.get(series.type);
    if (ofType) ofType.push(series);
    else byType.set(series.type, [series]);
  }
  for (const list of byType.values()) list.sort(byRank);

  return (series) => {
    const shared = new Map<number, { series: RankedSeries; shared: number }>();
    for (const genre of genreKeys(series)) {
      for (const candidate of buckets.get(`${series.type}\u0000${genre}`) ?? []) {
        if (candidate.id === series.id) continue;
        const entry = shared.get(candidate.id);
        if (entry) entry.shared += 1;
        else shared.set(candidate.id, { series: candidate, shared: 1 });
      }
    }
    // The best `count` by (shared genres desc, rank): a bounded insertion keeps it linear in the candidates.
    const best: { series: RankedSeries; shared: number }[] = [];
    const before = (a: (typeof best)[number], b: (typeof best)[number]) =>
      a.shared !== b.shared ? a.shared > b.shared : byRank(a.series, b.series) < 0;
    for (const entry of shared.values()) {
      if (best.length === count && !before(entry, best[count - 1]!)) continue;
      let index = best.length;
      while (index > 0 && before(entry, best[index - 1]!)) index -= 1;
      best.splice(index, 0, entry);
      if (best.length > count) best.pop();
    }
    const chosen = best.map((entry) => entry.series);
    for (const candidate of byType.get(series.type) ?? []) {
      if (chosen.length >= count) break;
      if (candidate.id !== series.id && !shared.has(candidate.id)) chosen.push(candidate);
    }
    return chosen;
  };
}
