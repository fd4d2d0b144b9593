import { describe, expect, it } from 'vitest';
import type {
  ImportReport,
  ListItem,
  ListItemsPage,
  ReadingListSummary,
  ReadingListsPage,
  SeriesTracking,
} from '../../contract/reading-lists';
import { myScoreAnnouncement, PROGRESS_TEXT } from '../../contract/reading-progress-values';
import {
  chosenCandidates,
  matchedMeta,
  reportCounts,
  restText,
  seriesToImport,
} from '../../src/features/reading-lists/import-report';
import {
  activeFilterCount,
  changeUndo,
  isListOpen,
  isNumberText,
  listsToAdd,
  mayCreateList,
  scoreChoice,
  scoreFromChoice,
  scoreText,
  trackedIn,
  withItemChange,
  withListsAdded,
  withoutItem,
} from '../../src/features/reading-lists/list-state';

function item(seriesId: number, overrides: Partial<ListItem> = {}): ListItem {
  return {
    series_id: seriesId,
    title: `Series ${seriesId}`,
    cover_url: null,
    cover_variants: [],
    rank: seriesId,
    final_score: 8,
    vote_count: 3,
    type: 'MANHWA',
    status: 'ONGOING',
    added_at: '2026-01-01T00:00:00.000Z',
    reading_status: 'PLAN_TO_READ',
    chapters_read: 0,
    score: null,
    chapters: null,
    ...overrides,
  };
}

function itemsPage(items: ListItem[]): ListItemsPage {
  const counts = { READING: 0, COMPLETED: 0, ON_HOLD: 0, DROPPED: 0, PLAN_TO_READ: 0 };
  for (const entry of items) counts[entry.reading_status] += 1;
  return {
    items,
    page: 1,
    page_size: 25,
    total: items.length,
    has_more: false,
    item_count: items.length,
    status_counts: counts,
  };
}

const summary = (id: number, name = `List ${id}`): ReadingListSummary => ({
  id,
  name,
  is_public: false,
  share_token: null,
  item_count: 0,
});

const listsPage = (ids: number[], hasMore: boolean, page = 1): ReadingListsPage => ({
  items: ids.map((id) => summary(id)),
  page,
  page_size: 10,
  total: ids.length,
  has_more: hasMore,
});

describe('an item change on /my-lists', () => {
  it('shows a score, a status (with the counts) and chapters at once', () => {
    const page = itemsPage([item(1), item(2, { reading_status: 'READING' })]);
    const scored = withItemChange(page, 1, { score: 8 });
    expect(scored.items[0]!.score).toBe(8);
    expect(scored.status_counts).toBe(page.status_counts);

    const reading = withItemChange(page, 1, { reading_status: 'READING', chapters_read: 12 });
    expect(reading.items[0]).toMatchObject({ reading_status: 'READING', chapters_read: 12 });
    expect(reading.status_counts).toMatchObject({ READING: 2, PLAN_TO_READ: 0 });
    expect(reading.items[1]).toBe(page.items[1]);
  });

  it('is put back exactly by its undo, the counts included', () => {
    const page = itemsPage([item(1, { score: 6, chapters_read: 3 }), item(2)]);
    const change = { reading_status: 'COMPLETED' as const, score: null };
    const undo = changeUndo(page.items[0]!, change);
    expect(undo).toEqual({ reading_status: 'PLAN_TO_READ', score: 6 });
    const back = withItemChange(withItemChange(page, 1, change), 1, undo);
    expect(back.items).toEqual(page.items);
    expect(back.status_counts).toEqual(page.status_counts);
  });

  it('composes with another change made before it is put back', () => {
    const page = itemsPage([item(1), item(2)]);
    const first = { score: 9 };
    const undoFirst = changeUndo(page.items[0]!, first);
    const both = withItemChange(withItemChange(page, 1, first), 2, { score: 4 });
    // The first save fails: only its own change goes.
    const after = withItemChange(both, 1, undoFirst);
    expect(after.items.map((entry) => entry.score)).toEqual([null, 4]);
  });

  it('leaves a page without the item as it is; removing counts down', () => {
    const page = itemsPage([item(1, { reading_status: 'DROPPED' }), item(2)]);
    expect(withItemChange(page, 99, { score: 3 })).toBe(page);
    const removed = withoutItem(page, 1, 1);
    expect(removed.items.map((entry) => entry.series_id)).toEqual([2]);
    expect(removed).toMatchObject({ total: 1, item_count: 1 });
    expect(removed.status_counts.DROPPED).toBe(0);
  });
});

describe('the personal score select', () => {
  it('maps none to the empty choice and 1-10 to their digits', () => {
    expect(scoreChoice(null)).toBe('');
    expect(scoreChoice(7)).toBe('7');
    expect(scoreFromChoice('')).toBeNull();
    expect(scoreFromChoice('10')).toBe(10);
    expect(scoreFromChoice('1')).toBe(1);
  });

  it('reads anything else as none', () => {
    for (const value of ['0', '11', '7.5', '-1', 'abc', ' 7', '100'])
      expect(scoreFromChoice(value)).toBeNull();
  });

  it('says the score or "No score"', () => {
    expect(scoreText(null)).toBe(PROGRESS_TEXT.noScore);
    expect(scoreText(9)).toBe('9');
    expect(myScoreAnnouncement('Solo', 9)).toBe('“Solo”: My score 9.');
    expect(myScoreAnnouncement('Solo', null)).toBe('“Solo”: No score.');
  });
});

describe('which lists are open on /my-lists', () => {
  const none = new Map<number, boolean>();

  it('opens the first list on load', () => {
    const open = { firstId: 4, anchored: null, toggled: none };
    expect(isListOpen(4, open)).toBe(true);
    expect(isListOpen(5, open)).toBe(false);
  });

  it('opens the anchored list instead of the first', () => {
    const open = { firstId: 4, anchored: 5, toggled: none };
    expect(isListOpen(5, open)).toBe(true);
    expect(isListOpen(4, open)).toBe(false);
  });

  it('keeps what the user opened or closed', () => {
    const toggled = new Map([
      [4, false],
      [5, true],
    ]);
    expect(isListOpen(4, { firstId: 4, anchored: null, toggled })).toBe(false);
    expect(isListOpen(5, { firstId: 4, anchored: null, toggled })).toBe(true);
  });

  it('offers to create a list below 2', () => {
    expect([0, 1, 2].map(mayCreateList)).toEqual([true, true, false]);
  });
});

describe('a list created on /my-lists', () => {
  it('joins the pages once all are loaded, once', () => {
    const pages = [listsPage([1], false)];
    expect(listsToAdd(pages, [summary(1), summary(2, 'New')]).map((list) => list.id)).toEqual([2]);
    expect(listsToAdd(pages, [summary(1)])).toEqual([]);
    expect(listsToAdd(pages, undefined)).toEqual([]);
    const added = withListsAdded(pages[0]!, [summary(2, 'New')]);
    expect(added.items.map((list) => list.id)).toEqual([1, 2]);
    expect(added.total).toBe(2);
    expect(listsToAdd([added], [summary(1), summary(2)])).toEqual([]);
  });

  it('waits for the last page while more follow', () => {
    expect(listsToAdd([listsPage([1], true)], [summary(1), summary(2)])).toEqual([]);
    expect(listsToAdd([], [summary(1)])).toEqual([]);
    const first = listsPage([1], true);
    expect(withListsAdded(first, [summary(2)])).toBe(first);
  });

  it('keeps only the summary fields of the lists store', () => {
    const [added] = listsToAdd([listsPage([], false)], [
      { ...summary(3), items: [{ series_id: 9 }] },
    ] as never);
    expect(added).toEqual(summary(3));
  });
});

describe('the filters of an open list', () => {
  it('counts those that narrow the list, the sort aside', () => {
    const none = {
      type: '',
      status: '',
      sort: 'title_asc',
      minScore: ' ',
      minVotes: '',
      readingStatus: '',
    } as const;
    expect(activeFilterCount(none)).toBe(0);
    expect(activeFilterCount({ ...none, type: 'MANGA', minVotes: '3', readingStatus: 'READING' })).toBe(3);
  });

  it('takes empty or numbers in range', () => {
    expect(isNumberText('', 0, 10, false)).toBe(true);
    expect(isNumberText('7.5', 0, 10, false)).toBe(true);
    expect(isNumberText('7.5', 0, 10, true)).toBe(false);
    expect(isNumberText('11', 0, 10, false)).toBe(false);
    expect(isNumberText('x', 0, 10, false)).toBe(false);
  });
});

describe("a card's quick controls", () => {
  const tracking: SeriesTracking = [
    { list_id: 1, list_name: 'A', reading_status: 'READING', chapters_read: 3, score: null },
    { list_id: 2, list_name: 'B', reading_status: 'DROPPED', chapters_read: 0, score: 5 },
  ];

  it("finds a list's entry", () => {
    expect(trackedIn(tracking, 2)?.reading_status).toBe('DROPPED');
    expect(trackedIn(tracking, 3)).toBeUndefined();
    expect(trackedIn(undefined, 1)).toBeUndefined();
  });
});

describe('the MyAnimeList import report', () => {
  const entry = (index: number, title = `Title ${index}`) => ({ source_index: index, source_title: title });
  const report: ImportReport = {
    total: 9,
    matched: [
      {
        ...entry(0, 'Solo Leveling'),
        series_id: 1,
        title: 'Solo Leveling',
        reading_status: 'READING',
        chapters_read: 12,
        score: 8,
        by: 'title',
      },
      {
        ...entry(1, 'TOWER OF GOD'),
        series_id: 2,
        title: 'Tower of God',
        reading_status: 'COMPLETED',
        chapters_read: 3,
        score: null,
        by: 'mal_id',
      },
    ],
    ambiguous: [{ ...entry(2), candidates: [] }],
    unmatched: [entry(3)],
    full: [],
    scores_ignored: [
      { ...entry(4), my_score: '7.5' },
      { ...entry(5), my_score: 'eleven' },
    ],
    added: 0,
    updated: 1,
    already_present: 1,
    not_shown: { matched: 3, ambiguous: 0, unmatched: 0, full: 0, scores_ignored: 2 },
  };

  it('counts each kind, those not shown included', () => {
    expect(reportCounts(report)).toEqual({
      matched: 5,
      ambiguous: 1,
      unmatched: 1,
      full: 0,
      scoresIgnored: 4,
    });
  });

  it('says how many series the import brings, picked candidates included', () => {
    expect(seriesToImport(report, 0)).toBe(4);
    expect(chosenCandidates({ 2: 40, 6: null })).toEqual([{ source_index: 2, series_id: 40 }]);
    expect(seriesToImport(report, chosenCandidates({ 2: 40 }).length)).toBe(5);
  });

  it('sums up the rest with the scores left out, zeros aside', () => {
    expect(restText(report)).toBe(
      `Chapters updated 1 · Already in the list 1 · ${PROGRESS_TEXT.notFound} 1 · Skipped 1 · ${PROGRESS_TEXT.scoresLeftOut} 4`,
    );
  });

  it("shows a matched entry's score and the file's title when it differs", () => {
    expect(matchedMeta(report.matched[0]!, 'Reading')).toBe('Reading · 12 ch. · My score 8');
    expect(matchedMeta(report.matched[1]!, 'Completed')).toBe('Completed · 3 ch. · “TOWER OF GOD”');
  });
});
