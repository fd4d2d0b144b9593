import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListItem, ReadingList, SeriesTracking } from '../../contract/reading-lists';
import type { SessionUser } from '../../src/features/accounts/session-store';
import {
  addSeriesToList,
  fetchSeriesTracking,
  removeSeriesFromList,
  updateListItem,
} from '../../src/features/reading-lists/lists-api';
import { replaceList } from '../../src/features/reading-lists/lists-store';
import {
  $pendingTrack,
  pendingChanges,
  sendTrackChange,
  trackingStore,
  type TrackTarget,
} from '../../src/features/reading-lists/track/track-queries';
import {
  addChoice,
  offersMarkCompleted,
  shownTracking,
  withAnswer,
  type PendingChange,
  type TrackEntry,
} from '../../src/features/reading-lists/track/track-state';
import {
  oneMoreChapter,
  parseChaptersRead,
  scoreChoice,
  scoreFromChoice,
} from '../../src/features/reading-lists/list-state';

// The panel's HTTP calls, answered here: what is tested is what the panel is shown before and after them.
vi.mock('../../src/features/reading-lists/lists-api', () => ({
  seriesTrackingPath: (id: number) => `/reading-lists/me/series/${id}`,
  fetchSeriesTracking: vi.fn(),
  updateListItem: vi.fn(),
  addSeriesToList: vi.fn(),
  removeSeriesFromList: vi.fn(),
  createReadingList: vi.fn(),
  MY_LISTS_PATH: '/reading-lists/me',
  fetchMyLists: vi.fn(),
}));
vi.mock('../../src/features/reading-lists/lists-store', () => ({ replaceList: vi.fn() }));

const entry = (listId: number, fields: Partial<TrackEntry> = {}): TrackEntry => ({
  list_id: listId,
  list_name: `List ${listId}`,
  reading_status: 'READING',
  chapters_read: 3,
  score: null,
  ...fields,
});

const pending = (id: number, change: PendingChange['change']): PendingChange => ({ id, change });

describe('the Track panel state', () => {
  it('lays the changes on their way over the confirmed entries, in order', () => {
    const confirmed = [entry(1), entry(2)];
    const shown = shownTracking(confirmed, [
      pending(1, { kind: 'update', listId: 1, fields: { chapters_read: 4 } }),
      pending(2, { kind: 'update', listId: 1, fields: { chapters_read: 5, score: 8 } }),
      pending(3, { kind: 'remove', listId: 2 }),
      pending(4, { kind: 'add', listId: 3, listName: 'Later' }),
    ]);
    expect(shown).toEqual([
      entry(1, { chapters_read: 5, score: 8 }),
      { list_id: 3, list_name: 'Later', reading_status: 'PLAN_TO_READ', chapters_read: 0, score: null },
    ]);
    // The confirmed entries are never changed in place.
    expect(confirmed).toEqual([entry(1), entry(2)]);
  });

  it('puts back what a failed change changed and keeps the changes made after it', () => {
    const confirmed = [entry(1, { chapters_read: 3, reading_status: 'READING' })];
    const status = pending(1, { kind: 'update', listId: 1, fields: { reading_status: 'ON_HOLD' } });
    const chapters = pending(2, { kind: 'update', listId: 1, fields: { chapters_read: 4 } });
    expect(shownTracking(confirmed, [status, chapters])[0]).toMatchObject({
      reading_status: 'ON_HOLD',
      chapters_read: 4,
    });
    // The status change failed: it is dropped, the chapters stay.
    expect(shownTracking(confirmed, [chapters])[0]).toMatchObject({
      reading_status: 'READING',
      chapters_read: 4,
    });
    // A failed add takes the entry away again; a failed remove brings it back.
    expect(shownTracking([], [])).toEqual([]);
    expect(shownTracking(confirmed, [])).toEqual(confirmed);
  });

  it("takes the API's own values once a change is answered", () => {
    const change = { kind: 'update', listId: 1, fields: { chapters_read: 200_000 } } as const;
    expect(
      withAnswer([entry(1)], change, { chapters_read: 100_000, reading_status: 'READING', score: 7 }),
    ).toEqual([entry(1, { chapters_read: 100_000, score: 7 })]);
    expect(withAnswer([entry(1)], { kind: 'add', listId: 2, listName: 'Two' })).toHaveLength(2);
    // Added twice (the answer came after a reload read it): one entry.
    expect(withAnswer([entry(1)], { kind: 'add', listId: 1, listName: 'List 1' })).toEqual([entry(1)]);
    expect(withAnswer([entry(1), entry(2)], { kind: 'remove', listId: 1 })).toEqual([entry(2)]);
  });

  it('creates the first list, adds to the only list without the series, or lets the reader pick', () => {
    const one = { id: 1, name: 'Reading now' };
    const two = { id: 2, name: 'Someday' };
    expect(addChoice([], [])).toEqual({ kind: 'create' });
    expect(addChoice([one], [])).toEqual({ kind: 'one', list: one });
    expect(addChoice([one, two], [])).toEqual({ kind: 'choose', lists: [one, two] });
    expect(addChoice([one, two], [entry(1)])).toEqual({ kind: 'one', list: two });
    expect(addChoice([one, two], [entry(2), entry(1)])).toEqual({ kind: 'none' });
    expect(addChoice([one], [entry(1)])).toEqual({ kind: 'none' });
  });

  it('offers "Mark as Completed" once every published chapter of a COMPLETE series is read', () => {
    const complete = { status: 'COMPLETE', chapters: 150 };
    expect(offersMarkCompleted({ reading_status: 'READING', chapters_read: 150 }, complete)).toBe(true);
    expect(offersMarkCompleted({ reading_status: 'ON_HOLD', chapters_read: 151 }, complete)).toBe(true);
    expect(offersMarkCompleted({ reading_status: 'READING', chapters_read: 149 }, complete)).toBe(false);
    expect(offersMarkCompleted({ reading_status: 'COMPLETED', chapters_read: 150 }, complete)).toBe(false);
    expect(
      offersMarkCompleted(
        { reading_status: 'READING', chapters_read: 150 },
        { status: 'ONGOING', chapters: 150 },
      ),
    ).toBe(false);
    expect(
      offersMarkCompleted(
        { reading_status: 'READING', chapters_read: 150 },
        { status: 'COMPLETE', chapters: null },
      ),
    ).toBe(false);
  });

  it('reads typed chapters, "+1" and the score select', () => {
    expect(parseChaptersRead(' 12 ')).toBe(12);
    expect(parseChaptersRead('0')).toBe(0);
    expect(parseChaptersRead('100000')).toBe(100_000);
    for (const typed of ['', '-1', '1.5', '1e3', '100001', 'twelve'])
      expect(parseChaptersRead(typed)).toBeNull();
    expect(oneMoreChapter(12)).toBe(13);
    expect(oneMoreChapter(100_000)).toBe(100_000);
    expect(scoreChoice(null)).toBe('');
    expect(scoreChoice(8)).toBe('8');
    expect(scoreFromChoice('')).toBeNull();
    expect(scoreFromChoice('10')).toBe(10);
  });
});

const update = vi.mocked(updateListItem);
const add = vi.mocked(addSeriesToList);
const remove = vi.mocked(removeSeriesFromList);
const user = { id: 7, username: 'reader', role: 'USER' } as SessionUser;
let nextSeries = 100;

/** What the panel is shown for a fresh series, once its tracking is read. */
async function watchTracking(
  loaded: SeriesTracking,
): Promise<{ target: TrackTarget; shown: () => SeriesTracking }> {
  const target = { seriesId: nextSeries++, user };
  vi.mocked(fetchSeriesTracking).mockResolvedValueOnce(loaded);
  const store = trackingStore(target);
  store.listen(() => {});
  await vi.waitFor(() => expect(store.get().data).toEqual(loaded));
  return {
    target,
    shown: () => shownTracking(store.get().data ?? [], pendingChanges($pendingTrack.get(), target)),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

const item = (fields: Partial<ListItem>) => fields as ListItem;
const list = (id: number) => ({ id, name: `List ${id}`, items: [] }) as unknown as ReadingList;

describe('the Track panel in the query cache', () => {
  beforeEach(() => {
    update.mockReset();
    add.mockReset();
    remove.mockReset();
    vi.mocked(replaceList).mockReset();
  });

  it('shows a change at once, then what the API answered', async () => {
    const { target, shown } = await watchTracking([entry(1)]);
    const answer = deferred<ListItem>();
    update.mockReturnValue(answer.promise);

    const saved = sendTrackChange(target, { kind: 'update', listId: 1, fields: { score: 9 } });
    expect(shown()[0]!.score).toBe(9);
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith(1, target.seriesId, { score: 9 }));

    answer.resolve(item({ reading_status: 'READING', chapters_read: 3, score: 9 }));
    expect((await saved).saved).toBe(true);
    expect(shown()).toEqual([entry(1, { score: 9 })]);
    expect(pendingChanges($pendingTrack.get(), target)).toEqual([]);
  });

  it('puts a failed change back and says so', async () => {
    const { target, shown } = await watchTracking([entry(1, { chapters_read: 12, score: 6 })]);
    update.mockRejectedValue(new Error('offline'));

    const saved = sendTrackChange(target, { kind: 'update', listId: 1, fields: { chapters_read: 13 } });
    expect(shown()[0]!.chapters_read).toBe(13);
    expect((await saved).saved).toBe(false);
    expect(shown()).toEqual([entry(1, { chapters_read: 12, score: 6 })]);
  });

  it('sends one change after the other, and a failure in the middle keeps the later ones', async () => {
    const { target, shown } = await watchTracking([entry(1, { chapters_read: 12 })]);
    const first = deferred<ListItem>();
    const second = deferred<ListItem>();
    const third = deferred<ListItem>();
    update
      .mockReturnValueOnce(first.promise)
      .mockReturnValueOnce(second.promise)
      .mockReturnValueOnce(third.promise);

    const sent = [13, 14, 15].map((chapters) =>
      sendTrackChange(target, { kind: 'update', listId: 1, fields: { chapters_read: chapters } }),
    );
    expect(shown()[0]!.chapters_read).toBe(15);
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));

    first.resolve(item({ chapters_read: 13 }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    second.reject(new Error('refused'));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(3));
    expect(shown()[0]!.chapters_read).toBe(15);
    third.resolve(item({ chapters_read: 15 }));
    expect((await Promise.all(sent)).map((outcome) => outcome.saved)).toEqual([true, false, true]);
    expect(shown()[0]!.chapters_read).toBe(15);
  });

  it('adds and removes at once, and puts the list the API answered into the lists store', async () => {
    const { target, shown } = await watchTracking([]);
    add.mockResolvedValue(list(2));
    const added = sendTrackChange(target, { kind: 'add', listId: 2, listName: 'List 2' });
    expect(shown().map((each) => each.list_id)).toEqual([2]);
    expect((await added).saved).toBe(true);
    expect(replaceList).toHaveBeenCalledWith(list(2));
    expect(shown()).toEqual([
      { list_id: 2, list_name: 'List 2', reading_status: 'PLAN_TO_READ', chapters_read: 0, score: null },
    ]);

    remove.mockRejectedValue(new Error('offline'));
    const removed = sendTrackChange(target, { kind: 'remove', listId: 2 });
    expect(shown()).toEqual([]);
    expect((await removed).saved).toBe(false);
    expect(shown().map((each) => each.list_id)).toEqual([2]);
    expect(replaceList).toHaveBeenCalledTimes(1);
  });
});
