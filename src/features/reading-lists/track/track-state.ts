import {
  DEFAULT_READING_STATUS,
  MIN_CHAPTERS_READ,
  type ReadingStatus,
} from '../../../../contract/reading-progress-values';
import type { SeriesTracking } from '../../../../contract/reading-lists';

/*
 * The Track panel's state, pure: where the reader tracks one series (one entry per list), the changes sent
 * and not answered yet laid over it, which list "Add to list" adds to, and when "Mark as Completed" shows.
 */

export type TrackEntry = SeriesTracking[number];

/** What a change sets on an entry: any of status, chapters read and the reader's own score (null: none). */
export type EntryFields = Partial<Pick<TrackEntry, 'reading_status' | 'chapters_read' | 'score'>>;

/** One change of the panel: to an entry, or adding the series to a list, or removing it from one. */
export type TrackChange =
  | { kind: 'update'; listId: number; fields: EntryFields }
  | { kind: 'add'; listId: number; listName: string }
  | { kind: 'remove'; listId: number };

/** A change sent and not answered yet. */
export interface PendingChange {
  id: number;
  change: TrackChange;
}

/** What a series starts as in a list it was just added to (the API's defaults). */
export function newEntry(listId: number, listName: string): TrackEntry {
  return {
    list_id: listId,
    list_name: listName,
    reading_status: DEFAULT_READING_STATUS,
    chapters_read: MIN_CHAPTERS_READ,
    score: null,
  };
}

/** The entries with one change made. A change to a list that no longer holds the series changes nothing. */
export function withChange(entries: SeriesTracking, change: TrackChange): SeriesTracking {
  switch (change.kind) {
    case 'update':
      return entries.map((entry) =>
        entry.list_id === change.listId ? { ...entry, ...change.fields } : entry,
      );
    case 'add':
      return entries.some((entry) => entry.list_id === change.listId)
        ? entries
        : [...entries, newEntry(change.listId, change.listName)];
    case 'remove':
      return entries.filter((entry) => entry.list_id !== change.listId);
  }
}

/**
 * What the panel shows: the entries the API confirmed with every change still on its way laid over them,
 * in the order they were made. A change that fails leaves the pending ones, so dropping it puts back what
 * it changed and keeps every later change.
 */
export function shownTracking(confirmed: SeriesTracking, pending: readonly PendingChange[]): SeriesTracking {
  return pending.reduce((entries, { change }) => withChange(entries, change), confirmed);
}

/**
 * The confirmed entries once the API answered a change: an update takes the fields the API answered (its
 * own values, whatever was sent), an added or removed list is added or removed.
 */
export function withAnswer(
  confirmed: SeriesTracking,
  change: TrackChange,
  answer?: EntryFields,
): SeriesTracking {
  if (change.kind !== 'update' || !answer) return withChange(confirmed, change);
  const fields: EntryFields = {};
  if (answer.reading_status !== undefined) fields.reading_status = answer.reading_status;
  if (answer.chapters_read !== undefined) fields.chapters_read = answer.chapters_read;
  if (answer.score !== undefined) fields.score = answer.score;
  return withChange(confirmed, { ...change, fields });
}

/** A list as "Add to list" needs it. */
export interface ListRef {
  id: number;
  name: string;
}

/**
 * What "Add to list" does: create the reader's first list when there is none, add to the one list that
 * does not hold the series yet, let the reader pick when two do not, or nothing when every list holds it.
 */
export type AddChoice =
  | { kind: 'create' }
  | { kind: 'one'; list: ListRef }
  | { kind: 'choose'; lists: ListRef[] }
  | { kind: 'none' };

export function addChoice(lists: readonly ListRef[], tracked: SeriesTracking): AddChoice {
  if (lists.length === 0) return { kind: 'create' };
  const open = lists
    .filter((list) => !tracked.some((entry) => entry.list_id === list.id))
    .map(({ id, name }) => ({ id, name }));
  if (open.length === 0) return { kind: 'none' };
  if (open.length === 1) return { kind: 'one', list: open[0]! };
  return { kind: 'choose', lists: open };
}

/** The series as the panel needs it: its status and its published chapters (null when unknown). */
export interface TrackedSeries {
  status: string | null;
  chapters: number | null;
}

/**
 * "Mark as Completed" is offered when the reader has read every published chapter of a COMPLETE series
 * and has not marked it Completed yet.
 */
export function offersMarkCompleted(
  entry: Pick<TrackEntry, 'reading_status' | 'chapters_read'>,
  series: TrackedSeries,
): boolean {
  return (
    series.status === 'COMPLETE' &&
    series.chapters !== null &&
    entry.chapters_read >= series.chapters &&
    entry.reading_status !== ('COMPLETED' satisfies ReadingStatus)
  );
}
