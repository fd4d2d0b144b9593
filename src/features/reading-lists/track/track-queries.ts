import { atom } from 'nanostores';
import type { ReadingList, SeriesTracking } from '../../../../contract/reading-lists';
import { createFetcherStore, createMutatorStore, storeFamily, type FetcherStore } from '../../../lib/query';
import type { SessionUser } from '../../accounts/session-store';
import {
  addSeriesToList,
  createReadingList,
  fetchSeriesTracking,
  removeSeriesFromList,
  seriesTrackingPath,
  updateListItem,
} from '../lists-api';
import { replaceList } from '../lists-store';
import { withAnswer, type EntryFields, type PendingChange, type TrackChange } from './track-state';

/*
 * The Track panel's reads and writes. Where the reader tracks a series (GET /reading-lists/me/series/{id})
 * is one cache entry per series and reader, holding what the API confirmed; the changes on their way are
 * laid over it ($pendingTrack, track-state.ts), so the panel shows a change at once and drops it, which
 * puts back what it changed, when its call fails. Adding and removing also put the API's answer into the
 * lists store (lists-store.ts), so the series cards' toggles and the "Add to Reading List" modal agree.
 */

/** Whose tracking of which series: the cache key. */
export interface TrackTarget {
  seriesId: number;
  user: SessionUser;
}

function trackingKey({ seriesId, user }: TrackTarget): string {
  return `${seriesTrackingPath(seriesId)}|user-${user.id}`;
}

const stores = storeFamily((key: string) => {
  const seriesId = Number(/^\/reading-lists\/me\/series\/(\d+)\|/.exec(key)![1]);
  return createFetcherStore<SeriesTracking>(key, {
    fetcher: () => fetchSeriesTracking(seriesId),
    // Like the lists store: the page's own changes keep it current, so a refetch could only race them.
    dedupeTime: Infinity,
    revalidateOnFocus: false,
  });
});

/** Where `target.user` tracks the series, as the API confirmed it. */
export function trackingStore(target: TrackTarget): FetcherStore<SeriesTracking> {
  return stores(trackingKey(target));
}

/** The changes sent and not answered yet, per cache key, in the order they were made. */
export const $pendingTrack = atom<ReadonlyMap<string, readonly PendingChange[]>>(new Map());

export function pendingChanges(pending: ReadonlyMap<string, readonly PendingChange[]>, target: TrackTarget) {
  return pending.get(trackingKey(target)) ?? [];
}

function setPending(key: string, change: (list: readonly PendingChange[]) => readonly PendingChange[]): void {
  const next = new Map($pendingTrack.get());
  const list = change(next.get(key) ?? []);
  if (list.length) next.set(key, list);
  else next.delete(key);
  $pendingTrack.set(next);
}

/** How a change went: saved, or not, with the call's error (whose text a form may show). */
export type TrackOutcome = { saved: true } | { saved: false; error: unknown };

/** Sends one change and puts the API's answer into the confirmed entries; a failure is answered, not thrown. */
const $sendChange = createMutatorStore<{ target: TrackTarget; change: TrackChange }, TrackOutcome>(
  async ({ data: { target, change }, getCacheUpdater }) => {
    const { seriesId } = target;
    let answer: EntryFields | undefined;
    let list: ReadingList | undefined;
    try {
      if (change.kind === 'update') answer = await updateListItem(change.listId, seriesId, change.fields);
      else if (change.kind === 'add') list = await addSeriesToList(change.listId, seriesId);
      else list = await removeSeriesFromList(change.listId, seriesId);
    } catch (error) {
      return { saved: false, error };
    }
    const [update, confirmed] = getCacheUpdater<SeriesTracking>(trackingKey(target), false);
    if (confirmed) update(withAnswer(confirmed, change, answer));
    if (list) replaceList(list);
    return { saved: true };
  },
  { throttleCalls: false },
);

let nextChangeId = 1;
/** Each reader's changes to one series go one after another, so the API applies them in the order made. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Makes a change: shown at once, sent after the changes made before it. Resolves saved once the API
 * confirmed it, not saved when it failed (then it is no longer shown, and what it changed is back).
 */
export function sendTrackChange(target: TrackTarget, change: TrackChange): Promise<TrackOutcome> {
  const key = trackingKey(target);
  const pending: PendingChange = { id: nextChangeId++, change };
  setPending(key, (list) => [...list, pending]);
  const send = async () => {
    try {
      return (await $sendChange.mutate({ target, change })) ?? { saved: false, error: new Error('not sent') };
    } finally {
      setPending(key, (list) => list.filter((each) => each.id !== pending.id));
    }
  };
  const done = (queues.get(key) ?? Promise.resolve()).then(send);
  queues.set(key, done);
  return done;
}

/** Creates the reader's first list (its name may be refused: the error is thrown, for the form to show). */
export async function createFirstList(name: string): Promise<ReadingList> {
  const created = await createReadingList(name);
  replaceList(created);
  return created;
}
