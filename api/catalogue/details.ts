import { asc, count, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isPossibleSerialId } from '../../contract/http';
import type { Database } from '../db/client';
import { intArray } from '../db/int-array';
import { packedRowsSql, recordOf, unpackTuples } from '../db/packed-rows';
import { series, seriesDetails, VOTE_CATEGORY_FIELDS } from '../db/schema';
import type { Ranker } from '../ranking/rank-order';
import { listingColumns, type LoadedListingRow } from './catalogue-load';
import { EMPTY_TOTALS, type SeriesDetailRow } from './presenters';

/** A series with its detail row as read, before the ranker scores it. */
export interface LoadedSeriesDetailRow {
  series: LoadedListingRow;
  details: SeriesDetailRow['details'];
}

/** The row with the scores the ranker computes from its totals (none without a detail row). */
export function scoreDetailRow(
  row: LoadedSeriesDetailRow,
  ranker: Pick<Ranker, 'scoresOf'>,
): SeriesDetailRow {
  return { ...row, series: { ...row.series, ...ranker.scoresOf(row.details ?? EMPTY_TOTALS) } };
}

const detailColumns = {
  seriesId: seriesDetails.seriesId,
  synopsis: seriesDetails.synopsis,
  coverKey: seriesDetails.coverKey,
  ...Object.fromEntries(
    VOTE_CATEGORY_FIELDS.flatMap(({ total, count, distribution }) => [
      [total, seriesDetails[total]],
      [count, seriesDetails[count]],
      [distribution, seriesDetails[distribution]],
    ]),
  ),
} as {
  seriesId: typeof seriesDetails.seriesId;
  synopsis: typeof seriesDetails.synopsis;
  coverKey: typeof seriesDetails.coverKey;
} & {
  [
    K in
      | (typeof VOTE_CATEGORY_FIELDS)[number]['total']
      | (typeof VOTE_CATEGORY_FIELDS)[number]['count']
      | (typeof VOTE_CATEGORY_FIELDS)[number]['distribution']
  ]: (typeof seriesDetails)[K];
};

function selectSeriesWithDetails(db: Database) {
  return db
    .select({ series: listingColumns, details: detailColumns })
    .from(series)
    .leftJoin(seriesDetails, eq(seriesDetails.seriesId, series.id));
}

export async function seriesExists(db: Database, id: number): Promise<boolean> {
  if (!isPossibleSerialId(id)) return false;
  const rows = await db.select({ id: series.id }).from(series).where(eq(series.id, id)).limit(1);
  return rows.length > 0;
}

/** One series with its detail row (a primary-key read of each table). */
export async function loadSeriesDetailRow(
  db: Database,
  id: number,
): Promise<LoadedSeriesDetailRow | undefined> {
  if (!isPossibleSerialId(id)) return undefined;
  const [row] = await selectSeriesWithDetails(db).where(eq(series.id, id)).limit(1);
  return row;
}

/** A page of series with their details, in id order so pages stay put while a build walks them. */
export async function loadSeriesDetailPage(
  db: Database,
  offset: number,
  limit: number,
): Promise<{ rows: LoadedSeriesDetailRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    selectSeriesWithDetails(db).orderBy(asc(series.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(series),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Up to `limit` series with their details after the id `afterId`, in id order (keyset paging): walking
 * 100,000 series by offset made the engine step over every earlier row again on each page, so the last
 * pages cost several times the first. The page comes packed into one JSON text (`packedRowsSql`): read row
 * by row, its 1,000 rows of 30 values made a build's whole catalogue read a third longer (53 s against 40 s
 * at 100,000 series on a slow machine).
 */
export async function loadSeriesDetailsAfter(
  db: Database,
  afterId: number,
  limit: number,
): Promise<LoadedSeriesDetailRow[]> {
  return loadPackedDetails(
    db,
    sql`from ${series} left join ${seriesDetails} on ${seriesDetails.seriesId} = ${series.id}
      where ${series.id} > ${afterId} order by ${series.id} limit ${limit}`,
  );
}

/** The series with their details that `fromWhere` selects, read as one JSON text, in id order. */
async function loadPackedDetails(db: Database, fromWhere: SQL): Promise<LoadedSeriesDetailRow[]> {
  const [result] = await db
    .select({ rows: packedRowsSql(packedDetailColumns, fromWhere, 'series.id') })
    .from(sql`(select 1) as one`);
  return unpackTuples(result?.rows ?? null).map((tuple) => {
    // A series without a detail row: the left join gave nulls, series_id among them.
    const missing = tuple[listingKeys.length] === null;
    return {
      series: recordOf<LoadedListingRow>(listingKeys, tuple),
      details: missing
        ? null
        : recordOf<NonNullable<SeriesDetailRow['details']>>(detailKeys, tuple, listingKeys.length),
    };
  });
}

/** The series with their details of the ids given (those that exist), in id order. */
export async function loadSeriesDetailsOf(
  db: Database,
  ids: readonly number[],
): Promise<LoadedSeriesDetailRow[]> {
  const possible = ids.filter(isPossibleSerialId);
  if (possible.length === 0) return [];
  return loadPackedDetails(
    db,
    sql`from ${series} left join ${seriesDetails} on ${seriesDetails.seriesId} = ${series.id}
      where ${series.id} = any(${intArray(possible)}::int[]) order by ${series.id}`,
  );
}

/**
 * Each series' version after the id `afterId`, in id order: the transaction ids that wrote its `series` and
 * `series_details` rows as they are now (PostgreSQL's `xmin`). Any write of either row makes a new row
 * version with its own transaction's id, whoever made it and however (a vote, an edit, an import, a void),
 * so a version that is the same means neither row was written since; no timestamp to keep up to date, and
 * no transaction that commits late is missed. Read as one JSON text, as the details are: a page of 10,000
 * costs the API less than a page of 1,000 details (docs/performance.md).
 */
export async function loadSeriesVersionsAfter(
  db: Database,
  afterId: number,
  limit: number,
): Promise<{ id: number; version: string }[]> {
  const [result] = await db
    .select({
      rows: packedRowsSql(
        {
          id: series.id,
          version: sql`${sql.raw('series.xmin')}::text || '.' || coalesce(${sql.raw('series_details.xmin')}::text, '-')`,
        },
        sql`from ${series} left join ${seriesDetails} on ${seriesDetails.seriesId} = ${series.id}
          where ${series.id} > ${afterId} order by ${series.id} limit ${limit}`,
        'id',
      ),
    })
    .from(sql`(select 1) as one`);
  return unpackTuples(result?.rows ?? null).map(([id, version]) => ({
    id: id as number,
    version: version as string,
  }));
}

const listingKeys = Object.keys(listingColumns);
// seriesId comes first: null there means the series has no detail row.
const detailKeys = Object.keys(detailColumns);
/** selectSeriesWithDetails's columns, the series' then its detail's, for reading a page packed. */
const packedDetailColumns = Object.fromEntries([
  ...Object.entries(listingColumns).map(([key, column]) => [`series.${key}`, column]),
  ...Object.entries(detailColumns).map(([key, column]) => [`details.${key}`, column]),
]) as Record<string, SQLWrapper>;

type ColumnRecord = Record<string, unknown>;

/** Picks the fields of a Drizzle column set out of a record keyed by the columns' SQL names. */
function fieldsOf<T>(columns: Record<string, { name: string }>, record: ColumnRecord): T {
  return Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, record[column.name]])) as T;
}

/**
 * A SeriesDetailRow from whole `series` and `series_details` rows as SQL's row_to_json gives them (keyed by
 * column name): for statements that write a series and return it, such as a vote.
 */
export function seriesDetailRowFromRecords(
  seriesRecord: ColumnRecord,
  detailsRecord: ColumnRecord | null,
): LoadedSeriesDetailRow {
  return {
    series: fieldsOf<LoadedListingRow>(listingColumns, seriesRecord),
    details: detailsRecord && fieldsOf<NonNullable<SeriesDetailRow['details']>>(detailColumns, detailsRecord),
  };
}
