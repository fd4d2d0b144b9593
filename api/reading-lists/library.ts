import { sql } from 'drizzle-orm';
import type { ReadingStatus } from '../../contract/reading-progress-values';
import { queryRows } from '../db/query-rows';
import { readingListItems, readingLists, series } from '../db/schema';
import type { Queryable } from '../db/transaction';

/*
 * The reader's library, as the library API (/v1) sees it: every item of the reader's lists, one entry per
 * series. A series in several lists is the entry of the list in the lowest place (slot): the list the
 * reader made first among those still there. One statement per read.
 */

/** One library entry as stored. */
export interface LibraryRow {
  seriesId: number;
  title: string;
  listId: number;
  readingStatus: ReadingStatus;
  chaptersRead: number;
  score: number | null;
  startedOn: string | null;
  finishedOn: string | null;
  updatedAt: string;
}

/** The fields a library write sets: undefined keeps a field, null clears it (score and dates). */
export interface LibraryChanges {
  readingStatus?: ReadingStatus;
  chaptersRead?: number;
  score?: number | null;
  startedOn?: string | null;
  finishedOn?: string | null;
}

function entries(userId: number, seriesId?: number, listId?: number) {
  return sql`
    select distinct on (i.series_id) i.series_id, i.list_id, i.reading_status, i.chapters_read, i.score,
      i.started_on, i.finished_on, i.updated_at
    from ${readingListItems} i join ${readingLists} l on l.id = i.list_id
    where l.user_id = ${userId} ${seriesId === undefined ? sql`` : sql`and i.series_id = ${seriesId}`}
      ${listId === undefined ? sql`` : sql`and l.id = ${listId}`}
    order by i.series_id, l.slot`;
}

const ENTRY_COLUMNS = sql`
  e.series_id as "seriesId", s.title, e.list_id as "listId", e.reading_status as "readingStatus",
  e.chapters_read as "chaptersRead", e.score, to_char(e.started_on, 'YYYY-MM-DD') as "startedOn",
  to_char(e.finished_on, 'YYYY-MM-DD') as "finishedOn", e.updated_at as "updatedAt"`;

/** A page of the library by series id, `pageSize` entries and whether more follow. */
export async function libraryPage(
  db: Queryable,
  userId: number,
  status: ReadingStatus | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: LibraryRow[]; hasMore: boolean }> {
  const rows = await queryRows<LibraryRow>(
    db,
    sql`
      with e as (${entries(userId)})
      select ${ENTRY_COLUMNS}
      from e join ${series} s on s.id = e.series_id
      ${status ? sql`where e.reading_status = ${status}` : sql``}
      order by e.series_id
      limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
  );
  return { rows: rows.slice(0, pageSize).map(normalized), hasMore: rows.length > pageSize };
}

/**
 * The library's entry of one series (with `listId`, the reader's item of it in that list); undefined when no
 * list of the reader holds it.
 */
export async function libraryEntry(
  db: Queryable,
  userId: number,
  seriesId: number,
  listId?: number,
): Promise<LibraryRow | undefined> {
  const [row] = await queryRows<LibraryRow>(
    db,
    sql`with e as (${entries(userId, seriesId, listId)})
      select ${ENTRY_COLUMNS} from e join ${series} s on s.id = e.series_id`,
  );
  return row && normalized(row);
}

/**
 * Sets the fields of the reader's item of the series in that list; false when the list holds no such item.
 * Throws the database's check violation when the dates would end before they start.
 */
export async function setLibraryFields(
  db: Queryable,
  userId: number,
  listId: number,
  seriesId: number,
  changes: LibraryChanges,
): Promise<boolean> {
  const keep = (column: string, value: unknown, type: string) =>
    value === undefined ? sql.raw(`i.${column}`) : sql`${value}::${sql.raw(type)}`;
  const updated = await queryRows<{ series_id: number }>(
    db,
    sql`
      update ${readingListItems} i
      set reading_status = ${keep('reading_status', changes.readingStatus, 'text')},
          chapters_read = ${keep('chapters_read', changes.chaptersRead, 'int')},
          score = ${keep('score', changes.score, 'smallint')},
          started_on = ${keep('started_on', changes.startedOn, 'date')},
          finished_on = ${keep('finished_on', changes.finishedOn, 'date')},
          updated_at = now()
      from ${readingLists} l
      where i.list_id = l.id and l.id = ${listId} and l.user_id = ${userId} and i.series_id = ${seriesId}
      returning i.series_id`,
  );
  return updated.length > 0;
}

/** The id of the reader's list in the first place (lowest slot); undefined when the reader has none. */
export async function firstListOfUser(db: Queryable, userId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from ${readingLists} where user_id = ${userId} order by slot limit 1`,
  );
  return row?.id;
}

/** Removes the series from every list of the reader: the ids of the lists it was in (none: not listed). */
export async function removeFromLibrary(db: Queryable, userId: number, seriesId: number): Promise<number[]> {
  const removed = await queryRows<{ list_id: number }>(
    db,
    sql`
      delete from ${readingListItems} i using ${readingLists} l
      where i.list_id = l.id and l.user_id = ${userId} and i.series_id = ${seriesId}
      returning i.list_id`,
  );
  return removed.map((row) => row.list_id);
}

function normalized(row: LibraryRow): LibraryRow {
  const updatedAt = row.updatedAt as unknown;
  return {
    ...row,
    updatedAt:
      updatedAt instanceof Date ? updatedAt.toISOString() : new Date(String(updatedAt)).toISOString(),
  };
}
