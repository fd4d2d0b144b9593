import type { RankingSort } from '../../contract/catalogue';
import type { CatalogueEntry, CatalogueRow } from './catalogue-snapshot';

/* The filters and orders of the ranked lists, over the snapshot's entries (no database). */

/** What a ranked list is narrowed to: genres it must all have, genres it must not have, a status. */
export interface ListFilter {
  /** Lower-cased. */
  genres: readonly string[];
  /** Lower-cased. */
  not: readonly string[];
  status?: CatalogueRow['status'];
}

export function isFiltered({ genres, not, status }: ListFilter): boolean {
  return genres.length > 0 || not.length > 0 || status !== undefined;
}

/** The entries (in their order) with every genre of `genres`, none of `not`, and the status if given. */
export function filterEntries(entries: readonly CatalogueEntry[], filter: ListFilter): CatalogueEntry[] {
  const { genres, not, status } = filter;
  return entries.filter(
    ({ series }) =>
      (status === undefined || series.status === status) &&
      genres.every((genre) => series.genres.includes(genre)) &&
      !not.some((genre) => series.genres.includes(genre)),
  );
}

/**
 * The entries (given in final-score order) in another order: a key per series, larger first, ties kept in
 * final-score order (the sort is stable). `score` is the given order itself.
 */
export function sortEntries(
  entries: readonly CatalogueEntry[],
  sort: Exclude<RankingSort, 'score'>,
  keys: { recentVoters: ReadonlyMap<number, number>; titleOrder: (id: number) => number },
): CatalogueEntry[] {
  const key: (series: CatalogueRow) => number =
    sort === 'popular'
      ? (series) => series.voterCount
      : sort === 'trending'
        ? (series) => keys.recentVoters.get(series.id) ?? 0
        : sort === 'newest'
          ? // Ids are given as series are added: the newest has the largest.
            (series) => series.id
          : (series) => -keys.titleOrder(series.id);
  const keyed = entries.map((entry) => ({ entry, key: key(entry.series) }));
  keyed.sort((a, b) => b.key - a.key);
  return keyed.map(({ entry }) => entry);
}

/** Every series' place in title order (A-Z by the collation's rules, then id), by id. */
export function titleOrder(entries: readonly CatalogueEntry[]): Map<number, number> {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const sorted = entries.map(({ series }) => series);
  sorted.sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id);
  return new Map(sorted.map((series, index) => [series.id, index]));
}
