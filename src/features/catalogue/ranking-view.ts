import {
  DEFAULT_RANKING_SORT,
  GENRE_FILTER_MAX,
  RANKING_SORTS,
  RANKING_SORT_LABELS,
  SERIES_STATUSES,
  type RankingSort,
  type SeriesStatus,
} from '../../../contract/catalogue-values';
import type { RankedSeries } from './catalogue-types';
import { splitGenres } from './series-format';

/*
 * A view of a ranked list: its order and filters (status, genres to include, genres to exclude), kept in
 * the address (`?sort=&status=&genre=&not=`) so a view can be shared. Pure: the address ⇄ view rules are
 * tested without a browser. A page has a view of its own (every series by final score on `/`, one genre on
 * `/genre/{slug}`, distinct voters on `/popular`); the address names only what differs from it.
 */

export interface RankingView {
  sort: RankingSort;
  /** undefined: any status. */
  status: SeriesStatus | undefined;
  /** Genres every series shown has. */
  genres: string[];
  /** Genres no series shown has. */
  not: string[];
}

export const DEFAULT_VIEW: RankingView = {
  sort: DEFAULT_RANKING_SORT,
  status: undefined,
  genres: [],
  not: [],
};

/** A comma-separated genre list as the address carries it: trimmed, blanks and ALL dropped, each once. */
function genreList(value: string): string[] {
  const seen = new Set<string>();
  return value
    .split(',')
    .map((genre) => genre.trim())
    .filter((genre) => {
      const key = genre.toLowerCase();
      if (genre === '' || key === 'all' || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, GENRE_FILTER_MAX);
}

function asSort(value: string): RankingSort | undefined {
  const sort = value.trim().toLowerCase();
  return (RANKING_SORTS as readonly string[]).includes(sort) ? (sort as RankingSort) : undefined;
}

function asStatus(value: string): SeriesStatus | undefined {
  const status = value.trim().toUpperCase().replace(/ /g, '_');
  return (SERIES_STATUSES as readonly string[]).includes(status) ? (status as SeriesStatus) : undefined;
}

/**
 * The view an address shows on a page whose own view is `base`: each parameter present replaces that part
 * of it (an empty `genre=` clears the page's genre); unknown values are ignored, as if absent.
 */
export function viewFromSearch(search: string, base: RankingView = DEFAULT_VIEW): RankingView {
  const params = new URLSearchParams(search);
  const view = { ...base };
  const sort = params.get('sort');
  if (sort !== null) view.sort = asSort(sort) ?? base.sort;
  const status = params.get('status');
  if (status !== null) view.status = status.trim() === '' ? undefined : (asStatus(status) ?? base.status);
  const genre = params.get('genre');
  if (genre !== null) view.genres = genreList(genre);
  const not = params.get('not');
  if (not !== null) view.not = genreList(not);
  return view;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((genre, index) => genre.toLowerCase() === b[index]?.toLowerCase());

export function sameView(a: RankingView, b: RankingView): boolean {
  return a.sort === b.sort && a.status === b.status && sameList(a.genres, b.genres) && sameList(a.not, b.not);
}

/** The address's query for `view` on a page whose own view is `base`: only what differs; '' for none. */
export function searchOfView(view: RankingView, base: RankingView = DEFAULT_VIEW): string {
  const params = new URLSearchParams();
  if (view.sort !== base.sort) params.set('sort', view.sort);
  if (view.status !== base.status) params.set('status', view.status ?? '');
  if (!sameList(view.genres, base.genres)) params.set('genre', view.genres.join(','));
  if (!sameList(view.not, base.not)) params.set('not', view.not.join(','));
  const search = params.toString().replace(/%2C/g, ',');
  return search ? `?${search}` : '';
}

/** The view's parameters of GET /series/rankings (nothing for the default parts). */
export function rankingsParams(view: RankingView): Record<string, string> {
  return {
    ...(view.sort === DEFAULT_RANKING_SORT ? {} : { sort: view.sort }),
    ...(view.status ? { status: view.status } : {}),
    ...(view.genres.length ? { genre: view.genres.join(',') } : {}),
    ...(view.not.length ? { not: view.not.join(',') } : {}),
  };
}

/**
 * A view as one key (the query cache's, and the ranked list's source): its API parameters in a fixed
 * order; '' for the default view. viewOfKey reads it back.
 */
export function viewKey(view: RankingView): string {
  return searchOfView(view).slice(1);
}

export function viewOfKey(key: string): RankingView {
  return viewFromSearch(key);
}

/** The genre the genre strip shows as chosen: the one included genre, ALL for none, '' for several. */
export function stripGenre(view: RankingView): string {
  if (view.genres.length === 0) return 'ALL';
  return view.genres.length === 1 ? view.genres[0]! : '';
}

/** Whether a series passes the view's filters (search results are filtered here, not by the API). */
export function matchesView(series: Pick<RankedSeries, 'genre' | 'status'>, view: RankingView): boolean {
  const own = new Set(splitGenres(series.genre).map((genre) => genre.toLowerCase()));
  return (
    (view.status === undefined || series.status === view.status) &&
    view.genres.every((genre) => own.has(genre.toLowerCase())) &&
    !view.not.some((genre) => own.has(genre.toLowerCase()))
  );
}

/** Whether the view filters anything out (the empty state then offers to clear the filters). */
export function filtersView(view: RankingView): boolean {
  return view.status !== undefined || view.genres.length > 0 || view.not.length > 0;
}

/**
 * The view in words, for the live region: "all genres" for every series by final score, one genre's name,
 * else its parts ("Most popular, Action, not Horror, ONGOING").
 */
export function viewDescription(view: RankingView): string {
  const parts = [
    ...(view.sort === DEFAULT_RANKING_SORT ? [] : [RANKING_SORT_LABELS[view.sort]]),
    ...view.genres,
    ...view.not.map((genre) => `not ${genre}`),
    ...(view.status ? [view.status.replace(/_/g, ' ')] : []),
  ];
  return parts.length === 0 ? 'all genres' : parts.join(', ');
}
