import type { RankedSeries } from '../catalogue/catalogue-types';
import { splitGenres } from '../catalogue/series-format';

/*
 * "Related series" on a series page: series of the same type that share its genres, the most shared
 * genres first, then the nearest in the catalogue's order (by id). Nothing about them moves with votes, so
 * a rebuild after votes anywhere leaves every page's related series as they were (docs/decisions/
 * prerendered-ranks.md); and as each series is among its neighbours' related series, crawlers and readers
 * reach the whole catalogue from any page, not only its best-ranked series. Pure, so the build and the tests
 * share it.
 */

export const RELATED_SERIES_COUNT = 6;

/** Nearer in id first, ties (one on each side) the lower id. */
function byDistance(from: number, a: RankedSeries, b: RankedSeries): number {
  return Math.abs(a.id - from) - Math.abs(b.id - from) || a.id - b.id;
}

function genreKeys(series: RankedSeries): string[] {
  return [...new Set(splitGenres(series.genre).map((genre) => genre.toLowerCase()))];
}

/**
 * How many of each shared genre's series are considered: the nearest in id order, half on each side.
 * Bounded, so choosing a series' related series costs the same in a catalogue of 100,000 as in one of 1,000
 * (each genre of a type holds thousands of series in a large catalogue).
 */
export const RELATED_CANDIDATES_PER_GENRE = 48;

export interface RelatedSeriesIndex {
  /** The series considered for `series`: at most `perGenre` of each of its genres (itself excluded). */
  candidates(series: RankedSeries): RankedSeries[];
  /** The `count` related series of `series`. */
  related(series: RankedSeries): RankedSeries[];
}

/** The index of the first series of `sorted` (by id) whose id is at least `id`. */
function positionOf(sorted: readonly RankedSeries[], id: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]!.id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Up to `limit` series of `sorted` (by id) nearest to `id`, itself left out, going out on both sides. */
function nearest(sorted: readonly RankedSeries[], id: number, limit: number): RankedSeries[] {
  const found: RankedSeries[] = [];
  const at = positionOf(sorted, id);
  let before = at - 1;
  let after = sorted[at]?.id === id ? at + 1 : at;
  while (found.length < limit && (before >= 0 || after < sorted.length)) {
    const left = before >= 0 ? sorted[before] : undefined;
    const right = after < sorted.length ? sorted[after] : undefined;
    if (right && (!left || id - left.id > right.id - id)) {
      found.push(right);
      after += 1;
    } else {
      found.push(left!);
      before -= 1;
    }
  }
  return found;
}

/**
 * Chooses related series for every series of a catalogue. Per type and genre the series are sorted by id
 * once; a series' candidates are the `perGenre` nearest of each of its genres, ordered by how many genres
 * they share with it (counted on their own genre sets), then by distance. When fewer than `count` share a
 * genre, the nearest series of the same type fill the rest. The work per series is bounded by its genres ×
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
  const byId = (a: RankedSeries, b: RankedSeries) => a.id - b.id;
  for (const list of buckets.values()) list.sort(byId);
  for (const list of byType.values()) list.sort(byId);

  const genresFor = (series: RankedSeries) => genresOf.get(series.id) ?? new Set(genreKeys(series));

  const candidates = (series: RankedSeries): RankedSeries[] => {
    const seen = new Set<number>([series.id]);
    const found: RankedSeries[] = [];
    for (const genre of genresFor(series)) {
      for (const candidate of nearest(
        buckets.get(`${series.type}\u0000${genre}`) ?? [],
        series.id,
        perGenre,
      )) {
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
    const better = (
      a: { series: RankedSeries; shared: number },
      b: { series: RankedSeries; shared: number },
    ) => b.shared - a.shared || byDistance(series.id, a.series, b.series);
    // The `count` best by (shared genres, distance), kept sorted as they come: the same as sorting every
    // candidate (the order is total: ties end on the id) for a few comparisons each instead of a sort of
    // up to genres × `perGenre`, on every series page of the build.
    const best: { series: RankedSeries; shared: number }[] = [];
    for (const candidate of all) {
      let shared = 0;
      for (const number of numbersOf.get(candidate.id)!) shared += own[number]!;
      const entry = { series: candidate, shared };
      let at = best.length;
      while (at > 0 && better(entry, best[at - 1]!) < 0) at -= 1;
      if (at >= count) continue;
      best.splice(at, 0, entry);
      if (best.length > count) best.pop();
    }
    const chosen = best.map((entry) => entry.series);
    if (chosen.length >= count) return chosen;
    // Only reached when the genres gave fewer than `count`: the nearest series of the same type.
    const taken = new Set(all.map((candidate) => candidate.id));
    for (const candidate of nearest(byType.get(series.type) ?? [], series.id, count + taken.size)) {
      if (chosen.length >= count) break;
      if (!taken.has(candidate.id)) chosen.push(candidate);
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
