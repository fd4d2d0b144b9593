import {
  RANKING_PAGE_SIZE,
  type RankedSeries,
  type RankingKey,
  type RankingPlace,
  type SeriesPageData,
} from './catalogue-types';

/*
 * The ranked lists as pages of 25: `/`, `/page/2`, ... for every type, `/type/manhwa`,
 * `/type/manhwa/page/2`, ... for one type. Pure, so the build and the tests share it.
 */

export interface RankingPageData {
  /** The list's key: a RankingKey, or a browse list's (browse-lists.ts: `browseListKey`). */
  key: string;
  /** 1-based. */
  page: number;
  /** At least 1: an empty catalogue still has its first page. */
  totalPages: number;
  /** The page's series, with the rank of this list (within the type on type pages). */
  items: RankedSeries[];
  /**
   * The same series as the catalogue holds them, one object per series whichever lists show it: an
   * incremental build fingerprints each once (ranking-page-inputs.ts).
   */
  series: RankedSeries[];
}

/** The path of a list page; page 1 is the list's own path (`/page/1` redirects there). */
export function rankingPagePath(key: RankingKey, page: number): string {
  const base = key === 'ALL' ? '' : `/type/${key.toLowerCase()}`;
  if (page <= 1) return base || '/';
  return `${base}/page/${page}`;
}

/** The pages of every ranked list, each cut when asked for. */
export interface RankingPagesIndex {
  /** At least 1: an empty list still has its first page. */
  totalPages(key: string): number;
  /** Page `page` (from 1) of a list; undefined past its end. */
  page(key: string, page: number): RankingPageData | undefined;
}

/**
 * The ranked lists' pages, joining each place with its series. A place whose series is missing (deleted
 * between the two reads of the build) is skipped; the series keeps its overall rank only on the home list,
 * and carries the list's own rank on type lists. A page's items are made when the page is asked for, so a
 * build holds the lists' places (an id and a rank each), not a copy of every series per list.
 */
export function rankingPagesIndex(
  rankings: Readonly<Record<string, readonly RankingPlace[]>>,
  seriesById: ReadonlyMap<number, SeriesPageData>,
  pageSize: number = RANKING_PAGE_SIZE,
): RankingPagesIndex {
  const present = new Map<string, RankingPlace[]>();
  const placesOf = (key: string): RankingPlace[] => {
    let places = present.get(key);
    if (!places) {
      places = (rankings[key] ?? []).filter((place) => seriesById.has(place.id));
      present.set(key, places);
    }
    return places;
  };
  const totalPages = (key: string) => Math.max(1, Math.ceil(placesOf(key).length / pageSize));
  return {
    totalPages,
    page(key, page) {
      const total = totalPages(key);
      if (!Number.isInteger(page) || page < 1 || page > total) return undefined;
      const places = placesOf(key).slice((page - 1) * pageSize, page * pageSize);
      const series = places.map((place) => seriesById.get(place.id)!.series);
      const items = series.map((one, index) => ({ ...one, rank: places[index]!.rank }));
      return { key, page, totalPages: total, items, series };
    },
  };
}

/** Every page of one ranked list (see rankingPagesIndex). */
export function paginateRanking(
  key: RankingKey,
  places: readonly RankingPlace[],
  seriesById: ReadonlyMap<number, SeriesPageData>,
  pageSize: number = RANKING_PAGE_SIZE,
): RankingPageData[] {
  const index = rankingPagesIndex(
    { ALL: [], MANHWA: [], MANGA: [], MANHUA: [], [key]: places },
    seriesById,
    pageSize,
  );
  return Array.from({ length: index.totalPages(key) }, (_, page) => index.page(key, page + 1)!);
}
