import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RankedSeries } from '../../src/features/catalogue/catalogue-types';
import {
  NO_EDITS,
  appendUnique,
  emptyListMessage,
  isPastScrollTrigger,
  rankingListView,
  throttle,
  type ListRead,
} from '../../src/features/catalogue/ranking-list-state';
import { rankedSeries } from './series-fixture';

const series = (id: number, genre = 'Action'): RankedSeries => rankedSeries(id, { genre });

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => series(from + index));

const ids = (items: RankedSeries[]) => items.map((entry) => entry.id);

/** The pre-rendered page 1 of the list, nothing read since. */
const prerendered = (items: RankedSeries[]): ListRead => ({
  source: { mode: 'ranked', view: '', fresh: false },
  initialItems: items,
  initialPage: 1,
  pages: [],
  results: undefined,
  edits: NO_EDITS,
});

describe('ranked list view', () => {
  it('starts from the pre-rendered page; a short first page has no more', () => {
    expect(rankingListView(prerendered(page(1, 25)))).toMatchObject({ page: 1, ended: false });
    expect(rankingListView(prerendered(page(1, 7))).ended).toBe(true);
  });

  it('goes on after the pages its scroll script appended, ended when it showed the end', () => {
    // Pages 1 and 2 on screen before hydration (scroll-handoff.ts): 50 series, the list ends with page 2.
    const handed = { ...prerendered(page(1, 50)), initialPage: 2 };
    expect(rankingListView(handed)).toMatchObject({ page: 2, ended: false });
    expect(rankingListView({ ...handed, pages: [page(51, 25)] })).toMatchObject({ page: 3, ended: false });
    // 60 series whose last page held 10: the end was shown, though 60 is more than a page.
    expect(rankingListView({ ...prerendered(page(1, 60)), initialPage: 3, initialEnded: true }).ended).toBe(
      true,
    );
    expect(rankingListView({ ...handed, initialEnded: false }).ended).toBe(false);
  });

  it('appends pages, each id once, and ends on a page under 25', () => {
    // A series that moved up between the build and now comes again on page 2.
    const two = rankingListView({ ...prerendered(page(1, 25)), pages: [[series(25), ...page(26, 24)]] });
    expect(two.shown).toHaveLength(49);
    expect(two).toMatchObject({ page: 2, ended: false });
    const three = rankingListView({
      ...prerendered(page(1, 25)),
      pages: [[series(25), ...page(26, 24)], page(50, 3)],
    });
    expect(three).toMatchObject({ page: 3, ended: true });
    expect(new Set(ids(three.shown)).size).toBe(three.shown.length);
  });

  it('goes on from the page the build rendered', () => {
    const view = rankingListView({ ...prerendered(page(51, 25)), initialPage: 3, pages: [page(76, 25)] });
    expect(view.page).toBe(4);
    expect(view.shown[0]?.id).toBe(51);
  });

  it('shows only the live pages of a genre chosen (page 1 again)', () => {
    const read = prerendered([series(1, 'Action, Drama'), series(2, 'Comedy')]);
    const drama = { ...read, source: { mode: 'ranked', view: 'genre=Drama', fresh: true } } as const;
    expect(rankingListView(drama)).toMatchObject({ shown: [], page: 0, ended: false });
    const loaded = rankingListView({ ...drama, pages: [[series(1, 'Action, Drama')]] });
    expect(ids(loaded.shown)).toEqual([1]);
    expect(loaded).toMatchObject({ page: 1, ended: true });
  });

  it('replaces the list with search results and stops paging; genres filter them locally', () => {
    const search = {
      ...prerendered(page(1, 25)),
      source: { mode: 'search', query: 'dragon', view: '' },
    } as const;
    expect(rankingListView(search)).toMatchObject({ shown: [], ended: true });
    const results = [series(40, 'Horror'), series(7, 'Action')];
    expect(ids(rankingListView({ ...search, results }).shown)).toEqual([40, 7]);
    const horror = rankingListView({
      ...search,
      source: { ...search.source, view: 'genre=horror' },
      results,
    });
    expect(ids(horror.shown)).toEqual([40]);
    expect(ids(horror.read)).toEqual([40, 7]);
  });

  it('appendUnique keeps the first occurrence', () => {
    expect(ids(appendUnique([series(1), series(2)], [series(2), series(3), series(3)]))).toEqual([1, 2, 3]);
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
