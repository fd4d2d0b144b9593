import { describe, expect, it } from 'vitest';
import type { RankedSeries } from '../../src/features/catalogue/catalogue-types';
import {
  FIRST_FLOW,
  PRE_RENDERED,
  viewOverResults,
  listFlow,
  listPhase,
  listSettled,
  newsOf,
  pageAnnouncement,
  retryFocusIndex,
  type ListAction,
  type ListFlow,
} from '../../src/features/catalogue/ranking-list-flow';
import {
  END_OF_LIST_MESSAGE,
  LOAD_FAILED_MESSAGE,
  NO_EDITS,
} from '../../src/features/catalogue/ranking-list-state';
import { rankedSeries } from './series-fixture';

const page = (from: number, count: number, genre = 'Action'): RankedSeries[] =>
  Array.from({ length: count }, (_, index) => rankedSeries(from + index, { genre }));
const run = (actions: ListAction[], from: ListFlow = FIRST_FLOW) => actions.reduce(listFlow, from);

describe('what the list is doing', () => {
  it('starts on the pre-rendered page, with nothing announced', () => {
    expect(FIRST_FLOW).toEqual({
      source: PRE_RENDERED,
      resume: undefined,
      edits: NO_EDITS,
      announcement: '',
      announced: undefined,
    });
  });

  it('a genre chosen reads its page 1 again, and forgets the pages to resume', () => {
    const resumed = run([
      { type: 'restore', source: PRE_RENDERED, resume: { query: 'ALL|ALL', pages: 3 }, announced: 'x' },
    ]);
    const drama = listFlow(resumed, { type: 'reload', view: 'genre=Drama' });
    expect(drama).toMatchObject({
      source: { mode: 'ranked', view: 'genre=Drama', fresh: true },
      resume: undefined,
      announcement: 'Loading series…',
      announced: 'x',
    });
  });

  it('a search keeps the genre chosen; another genre over its results filters them', () => {
    const searching = run([
      { type: 'reload', view: 'genre=Drama' },
      { type: 'search', query: 'solo' },
    ]);
    expect(searching).toMatchObject({
      source: { mode: 'search', query: 'solo', view: 'genre=Drama' },
      announcement: 'Searching for solo…',
    });
    const all = listFlow(searching, { type: 'filter', view: '' });
    expect(all.source).toEqual({ mode: 'search', query: 'solo', view: '' });
    // Nothing to count yet: the live region keeps what it said.
    expect(all.announcement).toBe('Searching for solo…');
    expect(
      listFlow(searching, { type: 'filter', view: '', announcement: '2 results for solo.' }).announcement,
    ).toBe('2 results for solo.');
  });

  it('coming back restores the source and its pages to resume, its last answer counted as announced', () => {
    const answer = page(26, 25);
    const back = run([
      {
        type: 'restore',
        source: { mode: 'ranked', view: 'genre=Drama', fresh: true },
        resume: { query: 'ALL|Drama', pages: 2 },
        announced: answer,
      },
    ]);
    expect(back).toMatchObject({
      resume: { query: 'ALL|Drama', pages: 2 },
      announced: answer,
      announcement: '',
    });
    expect(
      newsOf(back, 'idle', 'ALL', {
        error: undefined,
        results: undefined,
        pages: [page(1, 25), answer],
        shownCount: 50,
      }),
    ).toBeNull();
  });

  it('admin edits pile up: added, updated, removed (the removed one named when shown)', () => {
    const edited = run([
      { type: 'added', series: rankedSeries(90) },
      { type: 'updated', series: rankedSeries(3, { title: 'Renamed' }) },
      { type: 'updated', series: rankedSeries(4) },
      { type: 'removed', id: 5, title: 'Series 5' },
      { type: 'removed', id: 6 },
    ]);
    expect(edited.edits.added.map((series) => series.id)).toEqual([90]);
    expect([...edited.edits.updated.keys()]).toEqual([3, 4]);
    expect(edited.edits.updated.get(3)?.title).toBe('Renamed');
    expect([...edited.edits.removed]).toEqual([5, 6]);
    expect(edited.announcement).toBe('Deleted Series 5.');
    // The shared empty edits are never changed in place.
    expect(NO_EDITS).toEqual({ added: [], updated: new Map(), removed: new Set() });
  });
});

describe('the list’s phase', () => {
  const ranked = (loading: boolean, error?: unknown) => ({ loading, error });
  const results = (data?: RankedSeries[], error?: unknown) => ({ data, error });

  it('follows the ranked pages, or the search when there is one', () => {
    expect(listPhase(PRE_RENDERED, ranked(false), results())).toBe('idle');
    expect(listPhase(PRE_RENDERED, ranked(true), results())).toBe('loading');
    expect(listPhase(PRE_RENDERED, ranked(false, new Error('x')), results())).toBe('error');
    const search = { mode: 'search', query: 'solo', view: '' } as const;
    expect(listPhase(search, ranked(true), results())).toBe('loading');
    expect(listPhase(search, ranked(false), results(undefined, new Error('x')))).toBe('error');
    expect(listPhase(search, ranked(false, new Error('x')), results([]))).toBe('idle');
  });

  it('a list coming back has settled once it has every page it had', () => {
    const back = run([
      { type: 'restore', source: PRE_RENDERED, resume: { query: 'ALL|ALL', pages: 2 }, announced: undefined },
    ]);
    expect(listSettled('idle', back, 1)).toBe(false);
    expect(listSettled('idle', back, 2)).toBe(true);
    expect(listSettled('loading', back, 2)).toBe(false);
    expect(listSettled('idle', FIRST_FLOW, 0)).toBe(true);
  });
});

describe('the live region', () => {
  const none = { error: undefined, results: undefined, pages: [] as RankedSeries[][], shownCount: 0 };

  it('says each new page once', () => {
    const second = page(26, 25);
    const news = newsOf(FIRST_FLOW, 'idle', 'ALL', { ...none, pages: [second], shownCount: 50 });
    expect(news).toEqual({ type: 'heard', answer: second, announcement: '25 more series loaded.' });
    const heard = listFlow(FIRST_FLOW, news!);
    expect(newsOf(heard, 'idle', 'ALL', { ...none, pages: [second], shownCount: 50 })).toBeNull();
    // Not while the next one loads.
    expect(newsOf(FIRST_FLOW, 'loading', 'ALL', { ...none, pages: [second] })).toBeNull();
  });

  it('a failure once, whatever page or search failed', () => {
    const failure = new Error('offline');
    const news = newsOf(FIRST_FLOW, 'error', 'ALL', { ...none, error: failure });
    expect(news).toEqual({ type: 'heard', answer: failure, announcement: LOAD_FAILED_MESSAGE });
    expect(newsOf(listFlow(FIRST_FLOW, news!), 'error', 'ALL', { ...none, error: failure })).toBeNull();
    // An error of a read not shown (the list is idle) is not news.
    expect(newsOf(FIRST_FLOW, 'idle', 'ALL', { ...none, error: failure })).toBeNull();
  });

  it('a search’s results are counted as shown (the genre applied)', () => {
    const searching = run([{ type: 'search', query: 'solo' }]);
    const results = page(1, 3);
    expect(newsOf(searching, 'idle', 'ALL', { ...none, results, shownCount: 1 })?.announcement).toBe(
      '1 result for solo.',
    );
    expect(newsOf(searching, 'idle', 'ALL', { ...none, results, shownCount: 3 })?.announcement).toBe(
      '3 results for solo.',
    );
  });

  it('a genre’s first page, an empty one, and the last page', () => {
    const drama = { mode: 'ranked', view: 'genre=Drama', fresh: true } as const;
    expect(pageAnnouncement('ALL', drama, [page(1, 25)])).toBe('Showing Drama: 25 series loaded.');
    expect(pageAnnouncement('ALL', { ...drama, view: '' }, [page(1, 4)])).toBe(
      'Showing all genres: 4 series loaded.',
    );
    expect(pageAnnouncement('MANHWA', drama, [[]])).toBe('No MANHWA titles found');
    expect(pageAnnouncement('ALL', drama, [page(1, 25), page(26, 7)])).toBe(
      `7 more series loaded. ${END_OF_LIST_MESSAGE}`,
    );
  });

  it('another genre over results counts that genre’s, once they are there', () => {
    const source = { mode: 'search', query: 'solo', view: '' } as const;
    const read = {
      source,
      initialItems: [],
      initialPage: 1,
      edits: NO_EDITS,
      results: [...page(1, 2, 'Action, Drama'), ...page(3, 3, 'Comedy')],
    };
    expect(viewOverResults(read, 'genre=Drama', 'idle')).toEqual({
      type: 'filter',
      view: 'genre=Drama',
      announcement: '2 results for solo.',
    });
    expect(viewOverResults(read, 'genre=Drama', 'loading')).toEqual({ type: 'filter', view: 'genre=Drama' });
  });
});

describe('Try again', () => {
  it('focuses the first series of a search or of a list with none, else the first of the page it brings', () => {
    expect(retryFocusIndex({ mode: 'search', query: 'x', view: '' }, 3, 40)).toBe(0);
    expect(retryFocusIndex({ mode: 'ranked', view: 'genre=Drama', fresh: true }, 0, 0)).toBe(0);
    expect(retryFocusIndex(PRE_RENDERED, 2, 50)).toBe(50);
  });
});
