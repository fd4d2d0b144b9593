import type { RankedSeries as ListEntry } from '../catalogue/catalogue-types';
import type { RankBand } from '../catalogue/prerendered-values';
import { splitGenres } from '../catalogue/series-format';

/** A list entry, with its rank as an exact rank or (as pre-rendered pages show it) a band. */
type RankedSeries = ListEntry & RankBand;

/*
 * "Related series" on a series page: series of the same type that share its genres, the most shared
 * genres first, then by rank. They give every series page links to others, so crawlers and readers reach
 * the whole catalogue from any page. Pure, so the build and the tests share it.
 */

export const RELATED_SERIES_COUNT = 6;

/** Where a series sorts: its rank, else its band (within the band, by id), Unranked last. */
function rankOrder(series: RankedSeries): number {
  return series.rank ?? series.rank_band ?? Number.POSITIVE_INFINITY;
}

/** Ranked first by rank (1 before 2; a band after the ranks it holds), Unranked after, ties by id. */
export function byRank(a: RankedSeries, b: RankedSeries): number {
  const order = rankOrder(a) - rankOrder(b);
  if (order !== 0 && !Number.isNaN(order)) return order;
  return a.id - b.id;
}

/** Most shared genres first, then by rank. */
function compareScored(
  a: { series: RankedSeries; shared: number },
  b: { series: RankedSeries; shared: number },
): number {
  return b.shared - a.shared || byRank(a.series, b.series);
}

function genreKeys(series: RankedSeries): string[] {
  return [...new Set(splitGenres(series.genre).map((genre) => genre.toLowerCase()))];
}

/**
 * How many of each shared genre's best-ranked series are considered. Bounded, so choosing a series' related
 * series costs the same in a catalogue of 100,000 as in one of 1,000 (scanning every series that shares a
 * genre made the build quadratic: each genre of a type holds thousands of series in a large catalogue).
 */
export const RELATED_CANDIDATES_PER_GENRE = 48;

export interface RelatedSeriesIndex {
  /** The series considered for `series`: at most `perGenre` of each of its genres (itself excluded). */
  candidates(series: RankedSeries): RankedSeries[];
  /** The `count` related series of `series`. */
  related(series: RankedSeries): RankedSeries[];
}

/**
 * Chooses related series for every series of a catalogue. Per type and genre the series are sorted by rank
 * once; a series' candidates are the best-ranked `perGenre` of each of its genres, ordered by how many genres
 * they share with it (counted on their own genre sets), then by rank. When fewer than `count` share a genre,
 * the best-ranked series of the same type fill the rest. The work per series is bounded by its genres ×
 * `perGenre`, whatever the catalogue's size.
 */
export function createRelatedSeriesIndex(
  catalogue: readonly RankedSeries[],
  count: number = RELATED_SERIES_COUNT,
  perGenre: number = RELATED_CANDIDATES_PER_GENRE,
): RelatedSeriesIndex {
  const buckets = new Map<string, RankedSeries[]>();
  const byType = new Map<string, RankedSeries[]>();
  const genresOf = new Map<number, Set<string>>();
  // Each genre as a small number, and each series' genres as those numbers: counting the genres a
  // candidate shares is then a few array reads, not string lookups, on every series page of a build.
  const genreNumbers = new Map<string, number>();
  const numbersOf = new Map<number, number[]>();
  for (const series of catalogue) {
    const genres = genreKeys(series);
    genresOf.set(series.id, new Set(genres));
    numbersOf.set(
      series.id,
      genres.map((genre) => {
        let number = genreNumbers.get(genre);
        if (number === undefined) genreNumbers.set(genre, (number = genreNumbers.size));
        return number;
      }),
    );
    for (const genre of genres) {
      const key = `${series.type}\u0000${genre}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.push(series);
      else buckets.set(key, [series]);
    }
    const ofType = byType.get(series.type);
    if (ofType) ofType.push(series);
    else byType.set(series.type, [series]);
  }
  for (const list of buckets.values()) list.sort(byRank);
  for (const list of byType.values()) list.sort(byRank);

  const genresFor = (series: RankedSeries) => genresOf.get(series.id) ?? new Set(genreKeys(series));

  const candidates = (series: RankedSeries): RankedSeries[] => {
    const seen = new Set<number>([series.id]);
    const found: RankedSeries[] = [];
    for (const genre of genresFor(series)) {
      const bucket = buckets.get(`${series.type}\u0000${genre}`) ?? [];
      let taken = 0;
      for (let index = 0; index < bucket.length && taken < perGenre; index += 1) {
        const candidate = bucket[index]!;
        if (candidate.id === series.id) continue;
        taken += 1;
        if (seen.has(candidate.id)) continue;
        seen.add(candidate.id);
        found.push(candidate);
      }
    }
    return found;
  };

  const related = (series: RankedSeries): RankedSeries[] => {
    const own = new Uint8Array(genreNumbers.size);
    for (const genre of genresFor(series)) {
      const number = genreNumbers.get(genre);
      if (number !== undefined) own[number] = 1;
    }
    const all = candidates(series);
    // The `count` best by (shared genres, rank), kept sorted as they come: the same as sorting every
    // candidate (the order is total: ties end on the id) for a few comparisons each instead of a sort of
    // up to genres × `perGenre`, on every series page of the build.
    const best: { series: RankedSeries; shared: number }[] = [];
    for (const candidate of all) {
      let shared = 0;
      for (const number of numbersOf.get(candidate.id)!) shared += own[number]!;
      const entry = { series: candidate, shared };
      let at = best.length;
      while (at > 0 && compareScored(entry, best[at - 1]!) < 0) at -= 1;
      if (at >= count) continue;
      best.splice(at, 0, entry);
      if (best.length > count) best.pop();
    }
    const chosen = best.map((entry) => entry.series);
    if (chosen.length >= count) return chosen;
    // Only reached when the genres gave fewer than `count`: at most `count` + candidates steps.
    const taken = new Set(all.map((candidate) => candidate.id));
    for (const candidate of byType.get(series.type) ?? []) {
      if (chosen.length >= count) break;
      if (candidate.id !== series.id && !taken.has(candidate.id)) chosen.push(candidate);
    }
    return chosen;
  };

  return { candidates, related };
}

/** `createRelatedSeriesIndex(...).related`, for callers that only choose. */
export function relatedSeriesIndex(
  catalogue: readonly RankedSeries[],
  count: number = RELATED_SERIES_COUNT,
  perGenre: number = RELATED_CANDIDATES_PER_GENRE,
): (series: RankedSeries) => RankedSeries[] {
  return createRelatedSeriesIndex(catalogue, count, perGenre).related;
}
