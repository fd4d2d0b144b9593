import { genreSlug } from '../../../contract/catalogue-values';
import type { RankingPlace, SeriesPageData, TypeFilter } from './catalogue-types';
import { DEFAULT_VIEW, type RankingView } from './ranking-view';
import { compareEnglishBase, splitGenres } from './series-format';

/*
 * The pre-rendered lists besides the ranked ones: each genre (`/genre/{slug}`, and per type
 * `/type/{type}/genre/{slug}`), the most popular (`/popular`) and the trending (`/trending`), each paged like
 * the ranked lists. Pure, so the build and the tests share it.
 */

export type BrowseList =
  | { kind: 'ranked'; type: TypeFilter }
  | { kind: 'genre'; type: TypeFilter; slug: string; genre: string }
  | { kind: 'popular' }
  | { kind: 'trending' };

/** The list's key in the build's index of pages. */
export function browseListKey(list: BrowseList): string {
  switch (list.kind) {
    case 'ranked':
      return list.type;
    case 'genre':
      return `genre:${list.type}:${list.slug}`;
    default:
      return list.kind;
  }
}

/** The list's own path, without page ('' for the home list). */
export function browseListBase(list: BrowseList): string {
  const typePath = (type: TypeFilter) => (type === 'ALL' ? '' : `/type/${type.toLowerCase()}`);
  switch (list.kind) {
    case 'ranked':
      return typePath(list.type);
    case 'genre':
      return `${typePath(list.type)}/genre/${list.slug}`;
    default:
      return `/${list.kind}`;
  }
}

/** The path of a page of the list; page 1 is the list's own path (`…/page/1` redirects there). */
export function browseListPath(list: BrowseList, page: number): string {
  const base = browseListBase(list);
  if (page <= 1) return base || '/';
  return `${base}/page/${page}`;
}

/** What the list shows, as a view of the ranked list of its type (the island starts from it). */
export function browseListView(list: BrowseList): RankingView {
  switch (list.kind) {
    case 'ranked':
      return DEFAULT_VIEW;
    case 'genre':
      return { ...DEFAULT_VIEW, genres: [list.genre] };
    default:
      return { ...DEFAULT_VIEW, sort: list.kind };
  }
}

/** The type whose ranked list the list is cut from (ranks shown are that list's). */
export function browseListType(list: BrowseList): TypeFilter {
  return list.kind === 'ranked' || list.kind === 'genre' ? list.type : 'ALL';
}

/** A genre of the catalogue: its slug and the spelling shown (the most used one). */
export interface CatalogueGenre {
  slug: string;
  name: string;
}

/** Every genre of the catalogue once per slug, by name; genres whose slug is empty are left out. */
export function catalogueGenres(series: readonly SeriesPageData[]): CatalogueGenre[] {
  const spellings = new Map<string, Map<string, number>>();
  for (const { series: entry } of series) {
    for (const genre of splitGenres(entry.genre)) {
      const slug = genreSlug(genre);
      if (!slug) continue;
      const counts = spellings.get(slug) ?? new Map<string, number>();
      counts.set(genre, (counts.get(genre) ?? 0) + 1);
      spellings.set(slug, counts);
    }
  }
  return [...spellings]
    .map(([slug, counts]) => ({
      slug,
      // Most used first; of as many, capitals first (code-unit order).
      name: [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0],
    }))
    .sort((a, b) => compareEnglishBase(a.name, b.name));
}

/** The slugs of a series' genres. */
export function genreSlugsOf(genre: string | null | undefined): Set<string> {
  return new Set(
    splitGenres(genre)
      .map(genreSlug)
      .filter((slug) => slug !== ''),
  );
}

/**
 * The places of each genre in a ranked list, in that list's order and with its ranks: the genre pages
 * of the list, keyed by slug. Genres with no series in the list have none.
 */
export function genrePlaces(
  places: readonly RankingPlace[],
  seriesById: ReadonlyMap<number, SeriesPageData>,
): Map<string, RankingPlace[]> {
  const byGenre = new Map<string, RankingPlace[]>();
  for (const place of places) {
    const data = seriesById.get(place.id);
    if (!data) continue;
    for (const slug of genreSlugsOf(data.series.genre)) {
      const list = byGenre.get(slug) ?? [];
      list.push(place);
      byGenre.set(slug, list);
    }
  }
  return byGenre;
}

/**
 * The most popular order: most distinct voters first, then by final score (the overall order), then by id.
 * Each place keeps its overall rank.
 */
export function popularPlaces(
  overall: readonly RankingPlace[],
  seriesById: ReadonlyMap<number, SeriesPageData>,
): RankingPlace[] {
  const votes = (id: number) => seriesById.get(id)?.detail.vote_count ?? 0;
  return overall
    .map((place, index) => ({ place, index }))
    .sort((a, b) => votes(b.place.id) - votes(a.place.id) || a.index - b.index)
    .map(({ place }) => place);
}
