import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  MAX_LISTS_PER_USER,
  type ListItemsFilter,
  type ListSort,
  type ReadingList,
  type ReadingListSummary,
  type SeriesTracking,
} from '../../contract/reading-lists';
import type { ReadingStatus } from '../../contract/reading-progress-values';
import type { Database } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode, UNIQUE_VIOLATION } from '../db/postgres-errors';
import { executeCounting, queryRows } from '../db/query-rows';
import {
  readingListItems,
  readingLists,
  series,
  seriesScores,
  type SeriesStatus,
  type SeriesType,
} from '../db/schema';
import type { Queryable } from '../db/transaction';
import { READING_STATUSES } from '../../contract/reading-progress-values';

/*
 * Every query of the reading lists. Each private call names the owner in the same statement as the list id,
 * so another user's list is simply not found. Reads are one statement each: the embedded engine's cost is
 * per statement and per result row, so rows come back aggregated as JSON where there are many.
 */

/** A list item's series as stored; the route adds the live rank and the cover URLs. */
export interface ListItemRow {
  seriesId: number;
  title: string;
  coverKey: string | null;
  type: SeriesType;
  status: SeriesStatus | null;
  voterCount: number;
  finalScore: number;
  addedAt: string;
  readingStatus: ReadingStatus;
  chaptersRead: number;
  /** The reader's own score, 1-10, or null for none. */
  score: number | null;
  /** The series' published chapters; null when unknown. */
  chapters: number | null;
  /** The series' MyAnimeList id, for the MyAnimeList export. */
  malId: number | null;
}

export type CreateListOutcome = ReadingList | 'limit' | 'name-taken' | 'user-gone';
export type AddItemOutcome = ReadingList | 'list-not-found' | 'series-not-found' | 'full';
export type RemoveItemOutcome = ReadingList | 'list-not-found' | 'not-in-list';
export type UpdateItemOutcome = ListItemRow | 'list-not-found' | 'not-in-list';

/** A new share token: 144 random bits, base64url (24 characters, no padding). */
export function newShareToken(): string {
  return randomBytes(18).toString('base64url');
}

const SHARE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** Text that cannot be a share token never reaches a query. */
export function isPossibleShareToken(token: string): boolean {
  return SHARE_TOKEN.test(token);
}

interface ListRow {
  id: number;
  name: string;
  share_token: string | null;
  items: string;
}

/** The lists' own columns, their item count and their series ids in list order (JSON text). */
function selectLists(where: SQL): SQL {
  return sql`
    select l.id, l.name, l.share_token,
      coalesce((select json_agg(i.series_id order by i.added_at, i.series_id)::text
                from ${readingListItems} i where i.list_id = l.id), '[]') as items
    from ${readingLists} l
    where ${where}
    order by l.id`;
}

function toReadingList(row: ListRow): ReadingList {
  const ids = JSON.parse(row.items) as number[];
  return {
    id: row.id,
    name: row.name,
    is_public: row.share_token !== null,
    share_token: row.share_token,
    item_count: ids.length,
    items: ids.map((id) => ({ series_id: id })),
  };
}

/** Every list of the user with its series ids, oldest first. */
export async function listsOfUser(db: Queryable, userId: number): Promise<ReadingList[]> {
  const rows = await queryRows<ListRow>(db, selectLists(sql`l.user_id = ${userId}`));
  return rows.map(toReadingList);
}

/** One list of the user, or undefined when the user has no such list. */
export async function listOfUser(
  db: Queryable,
  userId: number,
  listId: number,
): Promise<ReadingList | undefined> {
  const [row] = await queryRows<ListRow>(db, selectLists(sql`l.id = ${listId} and l.user_id = ${userId}`));
  return row && toReadingList(row);
}

/** A page of the user's lists with their item counts (no items), oldest first, and how many there are. */
export async function listsPageOfUser(
  db: Queryable,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ lists: ReadingListSummary[]; total: number }> {
  const [row] = await queryRows<{ total: number; lists: string }>(
    db,
    sql`
      select (select count(*)::int from ${readingLists} where user_id = ${userId}) as total,
        coalesce((select json_agg(p order by p.id)::text from (
          select l.id, l.name, l.share_token,
            (select count(*)::int from ${readingListItems} i where i.list_id = l.id) as item_count
          from ${readingLists} l where l.user_id = ${userId}
          order by l.id limit ${pageSize} offset ${(page - 1) * pageSize}) p), '[]') as lists`,
  );
  const lists = JSON.parse(row?.lists ?? '[]') as {
    id: number;
    name: string;
    share_token: string | null;
    item_count: number;
  }[];
  return {
    total: row?.total ?? 0,
    lists: lists.map((list) => ({ ...list, is_public: list.share_token !== null })),
  };
}

/**
 * Creates a list in the user's first free place. Each place is claimed by an INSERT ... ON CONFLICT DO
 * NOTHING on the (user, place) unique index: on PostgreSQL a concurrent claim of the same place waits for
 * the other transaction and then yields, so under any concurrency each place goes to exactly one create and
 * the rest find every place taken. No lock, no retry loop; the check constraint bounds the places.
 */
export async function createList(db: Database, userId: number, name: string): Promise<CreateListOutcome> {
  for (let slot = 1; slot <= MAX_LISTS_PER_USER; slot++) {
    let created: { id: number } | undefined;
    try {
      [created] = await db
        .insert(readingLists)
        .values({ userId, name, slot })
        .onConflictDoNothing({ target: [readingLists.userId, readingLists.slot] })
        .returning({ id: readingLists.id });
    } catch (error) {
      const code = postgresErrorCode(error);
      if (code === UNIQUE_VIOLATION) return 'name-taken';
      // The user was deleted after signing this request in.
      if (code === FOREIGN_KEY_VIOLATION) return 'user-gone';
      throw error;
    }
    if (created)
      return { id: created.id, name, is_public: false, share_token: null, item_count: 0, items: [] };
  }
  return 'limit';
}

/** Deletes the user's list with its items; false when the user has no such list. */
export async function deleteList(db: Database, userId: number, listId: number): Promise<boolean> {
  const deleted = await db
    .delete(readingLists)
    .where(and(eq(readingLists.id, listId), eq(readingLists.userId, userId)))
    .returning({ id: readingLists.id });
  return deleted.length > 0;
}

/**
 * Adds a series to the user's list (a present one is a no-op). The list row is locked first, so concurrent
 * adds to one list take turns and the item cap holds under any concurrency.
 */
export async function addItem(
  db: Database,
  userId: number,
  listId: number,
  seriesId: number,
  maxItems: number,
): Promise<AddItemOutcome> {
  try {
    return await db.transaction(async (tx): Promise<AddItemOutcome> => {
      const [list] = await tx
        .select({ id: readingLists.id })
        .from(readingLists)
        .where(and(eq(readingLists.id, listId), eq(readingLists.userId, userId)))
        .for('update');
      if (!list) return 'list-not-found';
      // A statement of its own, after the lock: at READ COMMITTED it sees every add committed before.
      const [state] = await queryRows<{ present: boolean; count: number }>(
        tx,
        sql`
          select exists(select 1 from ${readingListItems} where list_id = ${listId} and series_id = ${seriesId})
                   as present,
                 (select count(*)::int from ${readingListItems} where list_id = ${listId}) as count`,
      );
      if (!state) throw new Error('the item count query returned no row');
      if (!state.present) {
        if (state.count >= maxItems) return 'full';
        await tx.insert(readingListItems).values({ listId, seriesId }).onConflictDoNothing();
      }
      return (await listOfUser(tx, userId, listId)) ?? 'list-not-found';
    });
  } catch (error) {
    // The series does not exist (or was deleted while this add ran).
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) return 'series-not-found';
    throw error;
  }
}

/** Every status with its count, 0 for the statuses no item has. */
function statusCounts(counts: Partial<Record<ReadingStatus, number>>): Record<ReadingStatus, number> {
  return Object.fromEntries(READING_STATUSES.map((status) => [status, counts[status] ?? 0])) as Record<
    ReadingStatus,
    number
  >;
}

/** The reading progress an item's update sets; a field left out keeps its value, a null score clears it. */
export interface ItemProgress {
  readingStatus?: ReadingStatus;
  chaptersRead?: number;
  score?: number | null;
}

/**
 * Sets an item's reading status, chapters read and score in one statement (all or nothing); answers the
 * item with its series.
 */
export async function updateItem(
  db: Database,
  userId: number,
  listId: number,
  seriesId: number,
  { readingStatus, chaptersRead, score }: ItemProgress,
): Promise<UpdateItemOutcome> {
  const newScore = score === undefined ? sql`i.score` : sql`${score}::smallint`;
  const [row] = await queryRows<ListItemRow>(
    db,
    sql`
      with updated as (
        update ${readingListItems} i
        set reading_status = coalesce(${readingStatus ?? null}::text, i.reading_status),
            chapters_read = coalesce(${chaptersRead ?? null}::int, i.chapters_read),
            score = ${newScore},
            updated_at = now()
        from ${readingLists} l
        where i.list_id = l.id and l.id = ${listId} and l.user_id = ${userId} and i.series_id = ${seriesId}
        returning i.series_id, i.added_at, i.reading_status, i.chapters_read, i.score)
      select u.series_id as "seriesId", s.title, s.cover_key as "coverKey", s.type, s.status,
        s.voter_count as "voterCount", sc.final_score as "finalScore", u.added_at as "addedAt",
        u.reading_status as "readingStatus", u.chapters_read as "chaptersRead", u.score,
        s.chapters, s.mal_id as "malId"
      from updated u join ${series} s on s.id = u.series_id join ${seriesScores} sc on sc.series_id = s.id`,
  );
  if (row) return row;
  const [list] = await db
    .select({ id: readingLists.id })
    .from(readingLists)
    .where(and(eq(readingLists.id, listId), eq(readingLists.userId, userId)));
  return list ? 'not-in-list' : 'list-not-found';
}

/** Removes a series from the user's list. */
export async function removeItem(
  db: Database,
  userId: number,
  listId: number,
  seriesId: number,
): Promise<RemoveItemOutcome> {
  const removed = await queryRows<{ series_id: number }>(
    db,
    sql`
      delete from ${readingListItems} i using ${readingLists} l
      where i.list_id = l.id and l.id = ${listId} and l.user_id = ${userId} and i.series_id = ${seriesId}
      returning i.series_id`,
  );
  const list = await listOfUser(db, userId, listId);
  if (!list) return 'list-not-found';
  return removed.length > 0 ? list : 'not-in-list';
}

/**
 * Shares the user's list: a new random token, or the one it already has. Unsharing deletes the token, so
 * every link made from it stops working, and sharing again issues a different one.
 */
export async function setShared(
  db: Database,
  userId: number,
  listId: number,
  shared: boolean,
): Promise<ReadingList | undefined> {
  const token = shared ? sql`coalesce(${readingLists.shareToken}, ${newShareToken()})` : sql`null`;
  const updated = await db
    .update(readingLists)
    .set({ shareToken: token })
    .where(and(eq(readingLists.id, listId), eq(readingLists.userId, userId)))
    .returning({ id: readingLists.id });
  return updated.length > 0 ? listOfUser(db, userId, listId) : undefined;
}

/** Where a user tracks one series: the ids of all their lists, and the lists holding the series. */
export interface SeriesTrackingRows {
  /** Every list of the user, whether or not it holds the series (a write to any of them may change it). */
  listIds: number[];
  /** One per list holding the series, in list slot order, as the contract shapes them. */
  entries: SeriesTracking;
}

/** Where the user tracks the series, in one statement (the user's lists by index, each item by key). */
export async function seriesTrackingOfUser(
  db: Queryable,
  userId: number,
  seriesId: number,
): Promise<SeriesTrackingRows> {
  const [row] = await queryRows<{ list_ids: string; entries: string }>(
    db,
    sql`
      select
        coalesce((select json_agg(l.id order by l.slot)::text from ${readingLists} l where l.user_id = ${userId}),
          '[]') as list_ids,
        coalesce((select json_agg(json_build_object(
            'list_id', l.id, 'list_name', l.name, 'reading_status', i.reading_status,
            'chapters_read', i.chapters_read, 'score', i.score) order by l.slot)::text
          from ${readingLists} l join ${readingListItems} i on i.list_id = l.id and i.series_id = ${seriesId}
          where l.user_id = ${userId}), '[]') as entries`,
  );
  return {
    listIds: JSON.parse(row?.list_ids ?? '[]') as number[],
    entries: JSON.parse(row?.entries ?? '[]') as SeriesTracking,
  };
}

/* Items with their series, filtered and sorted in SQL. */

/*
 * The item queries read the list's rows once (`list_rows`: the items joined to their series by primary key,
 * driven by the list's index), then filter, count, sort and page those. The list is small (the item cap), so
 * this never touches the rest of the catalogue, whatever the planner's statistics say.
 */

/** In list order: when added, then series id. */
const LIST_ORDER_ASC = sql`r.added_at asc, r.series_id asc`;
const LIST_ORDER_DESC = sql`r.added_at desc, r.series_id desc`;

/**
 * ORDER BY of each sort. Missing values sort last in both directions: an Unranked series has no rank (fewer
 * voters than the ranking's minimum), a series without votes no score. Ties keep the list order. Rank
 * ascending is the ranking's own order (score, then voters, then id), so it matches the live ranks shown.
 */
function orderBy(sort: ListSort, minVoters: number): SQL {
  const ranked = sql`(r.voter_count >= ${minVoters})`;
  const scored = sql`(r.voter_count > 0)`;
  const whenRanked = (expression: string, direction: 'asc' | 'desc') =>
    sql`case when ${ranked} then ${sql.raw(expression)} end ${sql.raw(direction)}`;
  switch (sort) {
    case 'default_asc':
      return LIST_ORDER_ASC;
    case 'default_desc':
      return LIST_ORDER_DESC;
    case 'rank_asc':
    case 'rank_desc': {
      // Descending rank is the ranking's order reversed; the Unranked stay last either way.
      const [score, voters, id] = sort === 'rank_asc' ? ['desc', 'desc', 'asc'] : ['asc', 'asc', 'desc'];
      return sql.join(
        [
          sql`${ranked} desc`,
          whenRanked('r.final_score', score as 'asc' | 'desc'),
          whenRanked('r.voter_count', voters as 'asc' | 'desc'),
          whenRanked('r.series_id', id as 'asc' | 'desc'),
          LIST_ORDER_ASC,
        ],
        sql`, `,
      );
    }
    case 'stars_asc':
      return sql`${scored} desc, r.final_score asc, ${LIST_ORDER_ASC}`;
    case 'stars_desc':
      return sql`${scored} desc, r.final_score desc, ${LIST_ORDER_ASC}`;
    case 'votes_asc':
      return sql`r.voter_count asc, ${LIST_ORDER_ASC}`;
    case 'votes_desc':
      return sql`r.voter_count desc, ${LIST_ORDER_ASC}`;
    case 'title_asc':
      return sql`lower(r.title) asc, r.title asc, ${LIST_ORDER_ASC}`;
    case 'title_desc':
      return sql`lower(r.title) desc, r.title desc, ${LIST_ORDER_ASC}`;
  }
}

function filterConditions(filter: Partial<ListItemsFilter>): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.type) conditions.push(sql`r.type = ${filter.type}`);
  if (filter.status) conditions.push(sql`r.status = ${filter.status}`);
  // A series without votes has no score, so a stars filter leaves it out.
  if (filter.min_score !== undefined) {
    conditions.push(sql`r.voter_count > 0 and r.final_score >= ${filter.min_score}`);
  }
  if (filter.min_votes !== undefined) conditions.push(sql`r.voter_count >= ${filter.min_votes}`);
  if (filter.reading_status) conditions.push(sql`r.reading_status = ${filter.reading_status}`);
  return sql.join(conditions, sql` and `);
}

interface ItemsQuery {
  filter: Partial<ListItemsFilter> & { sort: ListSort };
  minVoters: number;
  /** Omitted: every item. */
  page?: { page: number; pageSize: number };
}

/**
 * One statement: the list (matched by `whereList`), its item count, the number of items passing the filters
 * and the requested page of them, sorted. No row when no list matches.
 */
async function queryItems(
  db: Queryable,
  whereList: SQL,
  { filter, minVoters, page }: ItemsQuery,
): Promise<
  | {
      listId: number;
      name: string;
      itemCount: number;
      total: number;
      statusCounts: Record<ReadingStatus, number>;
      items: ListItemRow[];
    }
  | undefined
> {
  const limit = page ? sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}` : sql``;
  const [row] = await queryRows<{
    id: number;
    name: string;
    item_count: number;
    total: number;
    status_counts: string;
    items: string;
  }>(
    db,
    sql`
      with list as (select l.id, l.name from ${readingLists} l where ${whereList}),
      list_rows as materialized (
        select i.series_id, i.added_at, i.reading_status, i.chapters_read, i.score, s.title, s.cover_key,
          s.type, s.status, s.voter_count, sc.final_score, s.chapters, s.mal_id
        from list join ${readingListItems} i on i.list_id = list.id join ${series} s on s.id = i.series_id
          join ${seriesScores} sc on sc.series_id = s.id),
      matching as (
        select r.*, row_number() over (order by ${orderBy(filter.sort, minVoters)}) as position
        from list_rows r where ${filterConditions(filter)})
      select list.id, list.name,
        (select count(*)::int from list_rows) as item_count,
        (select count(*)::int from matching) as total,
        coalesce((select json_object_agg(c.reading_status, c.n)::text from (
            select reading_status, count(*)::int as n from list_rows group by reading_status) c), '{}')
          as status_counts,
        coalesce((select json_agg(json_build_object(
            'seriesId', p.series_id, 'title', p.title, 'coverKey', p.cover_key, 'type', p.type,
            'status', p.status, 'voterCount', p.voter_count, 'finalScore', p.final_score,
            'addedAt', p.added_at, 'readingStatus', p.reading_status, 'chaptersRead', p.chapters_read,
            'score', p.score, 'chapters', p.chapters, 'malId', p.mal_id) order by p.position)::text
          from (select * from matching order by position ${limit}) p), '[]') as items
      from list`,
  );
  if (!row) return undefined;
  return {
    listId: row.id,
    name: row.name,
    itemCount: row.item_count,
    total: row.total,
    statusCounts: statusCounts(JSON.parse(row.status_counts) as Partial<Record<ReadingStatus, number>>),
    items: JSON.parse(row.items) as ListItemRow[],
  };
}

/**
 * The user's list's items, filtered and sorted: one page, or every item when no page is given (the CSV
 * export). Undefined when the user has no such list.
 */
export function itemsOfUser(db: Queryable, userId: number, listId: number, query: ItemsQuery) {
  return queryItems(db, sql`l.id = ${listId} and l.user_id = ${userId}`, query);
}

/** A shared list's name and every item, sorted; undefined for an unknown, revoked or private token. */
export function sharedListItems(db: Queryable, token: string, query: ItemsQuery) {
  if (!isPossibleShareToken(token)) return Promise.resolve(undefined);
  return queryItems(db, sql`l.share_token = ${token}`, query);
}

/* MyAnimeList import. */

/** A series an import may match: what the preview shows of it. */
export interface ImportSeriesRow {
  id: number;
  title: string;
  type: SeriesType;
  coverKey: string | null;
  malId: number;
}

/**
 * The series carrying these MyAnimeList ids. The ids travel as one JSON parameter: a file's 20,000 ids
 * would pass PostgreSQL's limit of 65,535 bind parameters as a list.
 */
export async function seriesByMalIds(db: Queryable, malIds: readonly number[]): Promise<ImportSeriesRow[]> {
  if (malIds.length === 0) return [];
  return queryRows<ImportSeriesRow>(
    db,
    sql`
      select s.id, s.title, s.type, s.cover_key as "coverKey", s.mal_id as "malId"
      from ${series} s
      where s.mal_id in (select value::int from json_array_elements_text(${JSON.stringify(malIds)}::json))`,
  );
}

/** The progress of every item of a list (chapters read and score), by series id. */
export type ListedItems = Map<number, { chaptersRead: number; score: number | null }>;

/** The progress of every item of a list, by series id. */
export async function listedProgress(db: Queryable, listId: number): Promise<ListedItems> {
  const rows = await queryRows<{ series_id: number; chapters_read: number; score: number | null }>(
    db,
    sql`select series_id, chapters_read, score from ${readingListItems} where list_id = ${listId}`,
  );
  return new Map(rows.map((row) => [row.series_id, { chaptersRead: row.chapters_read, score: row.score }]));
}

/**
 * What an import writes: the items to add in file order, and the items already listed to update (chapter
 * count raised, empty score filled).
 */
export interface ImportWrites {
  add: readonly {
    seriesId: number;
    readingStatus: ReadingStatus;
    chaptersRead: number;
    score: number | null;
  }[];
  update: readonly { seriesId: number; chaptersRead: number; score: number | null }[];
}

/**
 * Runs `plan` on the list's items and writes what it returns, in one transaction with the list row locked:
 * imports (and adds) into one list take turns, so each plans against every item committed before it, the
 * item cap holds and no series is added twice. Undefined when the user has no such list.
 */
export async function importIntoList<Plan extends ImportWrites>(
  db: Database,
  userId: number,
  listId: number,
  plan: (listed: ListedItems) => Plan,
): Promise<{ plan: Plan; added: number; updated: number } | undefined> {
  return db.transaction(async (tx) => {
    const [list] = await tx
      .select({ id: readingLists.id })
      .from(readingLists)
      .where(and(eq(readingLists.id, listId), eq(readingLists.userId, userId)))
      .for('update');
    if (!list) return undefined;
    // A statement of its own, after the lock: at READ COMMITTED it sees every write committed before.
    const planned = plan(await listedProgress(tx, listId));
    let added = 0;
    let updated = 0;
    if (planned.add.length > 0) {
      // One microsecond apart, so the list order (added_at, then id) is the file's order. A series
      // deleted since it was matched is skipped by the join rather than failing the import.
      const rows = planned.add.map((item, position) => ({
        series_id: item.seriesId,
        reading_status: item.readingStatus,
        chapters_read: item.chaptersRead,
        score: item.score,
        position,
      }));
      added = await executeCounting(
        tx,
        sql`
          insert into ${readingListItems} (list_id, series_id, reading_status, chapters_read, score, added_at)
          select ${listId}, x.series_id, x.reading_status, x.chapters_read, x.score,
            now() + make_interval(secs => (x.position / 1000000.0)::float8)
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as x(series_id int, reading_status text, chapters_read int, score smallint, position int)
          join ${series} s on s.id = x.series_id
          on conflict do nothing`,
      );
    }
    if (planned.update.length > 0) {
      const rows = planned.update.map((item) => ({
        series_id: item.seriesId,
        chapters_read: item.chaptersRead,
        score: item.score,
      }));
      // The larger chapter count wins, and a score fills only an empty one: never one the reader set.
      updated = await executeCounting(
        tx,
        sql`
          update ${readingListItems} i
          set chapters_read = greatest(i.chapters_read, x.chapters_read), score = coalesce(i.score, x.score),
            updated_at = now()
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as x(series_id int, chapters_read int, score smallint)
          where i.list_id = ${listId} and i.series_id = x.series_id
            and (i.chapters_read < x.chapters_read or (i.score is null and x.score is not null))`,
      );
    }
    return { plan: planned, added, updated };
  });
}
