import { RANKING_PAGE_SIZE, type RankedSeries } from './catalogue-types';
import { extractGenres, hasGenre } from './series-format';

/**
 * State of a ranked list (home or a type page): the ranked pages loaded so far, or the results of a
 * search. Pure, so the paging rules are testable without a browser.
 */
export interface RankingListState {
  mode: 'ranked' | 'search';
  /** The genre filter, or ALL. */
  genre: string;
  /** The search term while in search mode. */
  query: string;
  /** Ranked pages: the loaded series, in order, each id once. Search mode: every result. */
  items: RankedSeries[];
  /** The last ranked page loaded (0 before the first). */
  page: number;
  /** No more pages: the last page had fewer than 25 series, or this is a search. */
  ended: boolean;
  phase: 'idle' | 'loading' | 'error';
  /** Every genre seen so far, for the genre strip; it only grows, so choosing a genre keeps the others. */
  genres: string[];
}

export type RankingListAction =
  | { type: 'rankedRequested'; genre: string }
  | { type: 'nextPageRequested' }
  | { type: 'pageLoaded'; page: number; items: RankedSeries[] }
  | { type: 'searchRequested'; query: string }
  | { type: 'searchLoaded'; items: RankedSeries[] }
  | { type: 'genreChosenInSearch'; genre: string }
  | { type: 'failed' }
  // Admin edits made from this list (catalogue-admin): shown at once, without reloading the list.
  | { type: 'seriesAdded'; series: RankedSeries }
  | { type: 'seriesUpdated'; series: RankedSeries }
  | { type: 'seriesRemoved'; id: number };

/** The pre-rendered page the list starts from: page 1 on `/`, page 3 on `/page/3`; scrolling loads page 4. */
export function initialRankingListState(items: RankedSeries[], page = 1): RankingListState {
  return {
    mode: 'ranked',
    genre: 'ALL',
    query: '',
    items,
    page,
    ended: items.length < RANKING_PAGE_SIZE,
    phase: 'idle',
    genres: extractGenres(items),
  };
}

/** Appends a page, keeping the first occurrence of each id (pages can overlap when ranks move). */
export function appendUnique(
  current: readonly RankedSeries[],
  page: readonly RankedSeries[],
): RankedSeries[] {
  const seen = new Set(current.map((series) => series.id));
  const added = page.filter((series) => !seen.has(series.id) && seen.add(series.id));
  return [...current, ...added];
}

export function rankingListReducer(state: RankingListState, action: RankingListAction): RankingListState {
  switch (action.type) {
    case 'rankedRequested':
      // A fresh page 1: after a genre change or when a search is cleared.
      return {
        ...state,
        mode: 'ranked',
        genre: action.genre,
        query: '',
        items: [],
        page: 0,
        ended: false,
        phase: 'loading',
      };
    case 'nextPageRequested':
      return { ...state, phase: 'loading' };
    case 'pageLoaded':
      return {
        ...state,
        items: action.page === 1 ? appendUnique([], action.items) : appendUnique(state.items, action.items),
        page: action.page,
        ended: action.items.length < RANKING_PAGE_SIZE,
        phase: 'idle',
        genres: extractGenres(action.items, state.genres),
      };
    case 'searchRequested':
      return {
        ...state,
        mode: 'search',
        query: action.query,
        items: [],
        page: 0,
        ended: true,
        phase: 'loading',
      };
    case 'searchLoaded':
      return {
        ...state,
        items: action.items,
        phase: 'idle',
        genres: extractGenres(action.items, state.genres),
      };
    case 'genreChosenInSearch':
      return { ...state, genre: action.genre };
    case 'failed':
      return { ...state, phase: 'error' };
    case 'seriesAdded':
      // A new series is Unranked, so it belongs at the end: shown now if the end is already loaded,
      // otherwise it arrives with the last page. Search results are left as they are.
      if (state.mode !== 'ranked' || !state.ended || state.phase !== 'idle') return state;
      if (state.genre !== 'ALL' && !hasGenre(action.series, state.genre)) return state;
      return {
        ...state,
        items: appendUnique(state.items, [action.series]),
        genres: extractGenres([action.series], state.genres),
      };
    case 'seriesUpdated':
      return {
        ...state,
        items: state.items.map((series) => (series.id === action.series.id ? action.series : series)),
        genres: extractGenres([action.series], state.genres),
      };
    case 'seriesRemoved':
      return { ...state, items: state.items.filter((series) => series.id !== action.id) };
  }
}

/** The series shown: search results are filtered by the genre locally (their true ranks are kept). */
export function visibleSeries(state: RankingListState): RankedSeries[] {
  if (state.mode === 'search' && state.genre !== 'ALL') {
    return state.items.filter((series) => hasGenre(series, state.genre));
  }
  return state.items;
}

/** Infinite scroll fires once the bottom of the viewport passes 80% of the page (spec). */
export const SCROLL_TRIGGER_RATIO = 0.8;
export const SCROLL_THROTTLE_MS = 150;

export function isPastScrollTrigger(
  scrollY: number,
  viewportHeight: number,
  documentHeight: number,
): boolean {
  if (documentHeight <= 0) return false;
  return (scrollY + viewportHeight) / documentHeight >= SCROLL_TRIGGER_RATIO;
}

/** Calls `fn` at most once per `wait` ms, the last call of a burst included (it runs when the wait ends). */
export function throttle(fn: () => void, wait: number): { run: () => void; cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    const now = Date.now();
    const remaining = wait - (now - last);
    if (remaining <= 0) {
      clearTimeout(timer);
      timer = undefined;
      last = now;
      fn();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, remaining);
    }
  };
  return { run, cancel: () => clearTimeout(timer) };
}

/** The empty-state text: "No MANHWA titles found"; on the home page (ALL) simply "No titles found". */
export function emptyListMessage(type: string): string {
  return type === 'ALL' ? 'No titles found' : `No ${type} titles found`;
}

export const END_OF_LIST_MESSAGE = "You've seen everything, new series added periodically.";
export { LOAD_FAILED_MESSAGE } from './catalogue-messages';
/** Placeholders shown while a page loads (spec). */
export const SKELETON_COUNT = 12;
