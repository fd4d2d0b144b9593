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
  key: RankingKey;
  /** 1-based. */
  page: number;
  /** At least 1: an empty catalogue still has its first page. */
  totalPages: number;
  /** The page's series, with the rank of this list (within the type on type pages). */
  items: RankedSeries[];
}

/** The path of a list page; page 1 is the list's own path (`/page/1` redirects there). */
export function rankingPagePath(key: RankingKey, page: number): string {
  const base = key === 'ALL' ? '' : `/type/${key.toLowerCase()}`;
  if (page <= 1) return base || '/';
  return `${base}/page/${page}`;
}

/** The collection entry id of a list page: `ALL/1`, `MANHWA/3`. */
export function rankingPageId(key: RankingKey, page: number): string {
  return `${key}/${page}`;
}

/**
 * Cuts a ranked order into pages, joining each place with its series. A place whose series is missing
 * (deleted between the two reads of the build) is skipped; the series keeps its overall rank only on the
 * home list, and carries the list's own rank on type lists.
 */
export function paginateRanking(
  key: RankingKey,
  places: readonly RankingPlace[],
  seriesById: ReadonlyMap<number, SeriesPageData>,
  pageSize: number = RANKING_PAGE_SIZE,
): RankingPageData[] {
  const items: RankedSeries[] = [];
  for (const place of places) {
    const entry = seriesById.get(place.id);
    if (entry) items.push({ ...entry.series, rank: place.rank });
  }
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  return Array.from({ length: totalPages }, (_, index) => ({
    key,
    page: index + 1,
    totalPages,
    items: items.slice(index * pageSize, (index + 1) * pageSize),
  }));
}
