import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RankedSeries } from '../../src/features/catalogue/catalogue-types';
import {
  appendUnique,
  emptyListMessage,
  initialRankingListState,
  isPastScrollTrigger,
  rankingListReducer,
  throttle,
  visibleSeries,
} from '../../src/features/catalogue/ranking-list-state';
import { rankedSeries } from './series-fixture';

const series = (id: number, genre = 'Action'): RankedSeries => rankedSeries(id, { genre });

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => series(from + index));

describe('ranked list state', () => {
  it('starts from the pre-rendered page; a short first page has no more', () => {
    expect(initialRankingListState(page(1, 25))).toMatchObject({ page: 1, ended: false, phase: 'idle' });
    expect(initialRankingListState(page(1, 7)).ended).toBe(true);
  });

  it('appends pages, each id once, and ends on a page under 25', () => {
    let state = initialRankingListState(page(1, 25));
    state = rankingListReducer(state, { type: 'nextPageRequested' });
    expect(state.phase).toBe('loading');
    // A series that moved up between the build and now comes again on page 2.
    state = rankingListReducer(state, { type: 'pageLoaded', page: 2, items: [series(25), ...page(26, 24)] });
    expect(state.items).toHaveLength(49);
    expect(state.ended).toBe(false);
    state = rankingListReducer(state, { type: 'pageLoaded', page: 3, items: page(50, 3) });
    expect(state).toMatchObject({ page: 3, ended: true, phase: 'idle' });
    expect(new Set(state.items.map((entry) => entry.id)).size).toBe(state.items.length);
  });

  it('reloads page 1 for a genre, keeping the genres seen', () => {
    let state = initialRankingListState([series(1, 'Action, Drama'), series(2, 'Comedy')]);
    state = rankingListReducer(state, { type: 'rankedRequested', genre: 'Drama' });
    expect(state).toMatchObject({ items: [], genre: 'Drama', phase: 'loading', page: 0 });
    state = rankingListReducer(state, { type: 'pageLoaded', page: 1, items: [series(1, 'Action, Drama')] });
    expect(state.genres).toEqual(['Action', 'Comedy', 'Drama']);
    expect(state.items).toHaveLength(1);
  });

  it('replaces the list with search results and stops paging; genres filter them locally', () => {
    let state = initialRankingListState(page(1, 25));
    state = rankingListReducer(state, { type: 'searchRequested', query: 'dragon' });
    expect(state).toMatchObject({ mode: 'search', items: [], ended: true });
    state = rankingListReducer(state, {
      type: 'searchLoaded',
      items: [series(40, 'Horror'), series(7, 'Action')],
    });
    expect(visibleSeries(state).map((entry) => entry.id)).toEqual([40, 7]);
    state = rankingListReducer(state, { type: 'genreChosenInSearch', genre: 'horror' });
    expect(visibleSeries(state).map((entry) => entry.id)).toEqual([40]);
    // Clearing the search reloads page 1.
    state = rankingListReducer(state, { type: 'rankedRequested', genre: 'ALL' });
    expect(state).toMatchObject({ mode: 'ranked', query: '', ended: false, phase: 'loading' });
  });

  it('records a failure', () => {
    const state = rankingListReducer(initialRankingListState([]), { type: 'failed' });
    expect(state.phase).toBe('error');
  });

  it('appendUnique keeps the first occurrence', () => {
    expect(
      appendUnique([series(1), series(2)], [series(2), series(3), series(3)]).map((entry) => entry.id),
    ).toEqual([1, 2, 3]);
  });
});

describe('infinite scroll', () => {
  afterEach(() => vi.useRealTimers());

  it('triggers once the viewport bottom passes 80% of the page', () => {
    expect(isPastScrollTrigger(0, 800, 1000)).toBe(true);
    expect(isPastScrollTrigger(0, 799, 1000)).toBe(false);
    expect(isPastScrollTrigger(1200, 800, 3000)).toBe(false);
    expect(isPastScrollTrigger(1600, 800, 3000)).toBe(true);
  });

  it('throttles to one call per 150 ms, the last of a burst included', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 150);
    throttled.run();
    throttled.run();
    throttled.run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(149);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('names the type in the empty state', () => {
    expect(emptyListMessage('MANHWA')).toBe('No MANHWA titles found');
    expect(emptyListMessage('ALL')).toBe('No titles found');
  });
});
