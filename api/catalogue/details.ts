import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { series, seriesDetails, votes, type VoteCategory } from '../db/schema';
import { listingColumns } from './catalogue-load';
import { categoryLabel, VOTE_CATEGORY_FIELDS, type VoteCategoryLabel } from './categories';
import type { SeriesDetailRow } from './presenters';

const detailColumns = {
  seriesId: seriesDetails.seriesId,
  synopsis: seriesDetails.synopsis,
  coverKey: seriesDetails.coverKey,
  ...Object.fromEntries(
    VOTE_CATEGORY_FIELDS.flatMap(({ total, count }) => [
      [total, seriesDetails[total]],
      [count, seriesDetails[count]],
    ]),
  ),
} as {
  seriesId: typeof seriesDetails.seriesId;
  synopsis: typeof seriesDetails.synopsis;
  coverKey: typeof seriesDetails.coverKey;
} & {
  [
    K in (typeof VOTE_CATEGORY_FIELDS)[number]['total'] | (typeof VOTE_CATEGORY_FIELDS)[number]['count']
  ]: (typeof seriesDetails)[K];
};

function selectSeriesWithDetails(db: Database) {
  return db
    .select({ series: listingColumns, details: detailColumns })
    .from(series)
    .leftJoin(seriesDetails, eq(seriesDetails.seriesId, series.id));
}

/** Postgres `integer` ids; anything outside cannot exist and must not reach a query as an error. */
export const MAX_SERIES_ID = 2_147_483_647;

export function isPossibleSeriesId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_SERIES_ID;
}

export async function seriesExists(db: Database, id: number): Promise<boolean> {
  if (!isPossibleSeriesId(id)) return false;
  const rows = await db.select({ id: series.id }).from(series).where(eq(series.id, id)).limit(1);
  return rows.length > 0;
}

/** One series with its detail row (a primary-key read of each table). */
export async function loadSeriesDetailRow(db: Database, id: number): Promise<SeriesDetailRow | undefined> {
  if (!isPossibleSeriesId(id)) return undefined;
  const [row] = await selectSeriesWithDetails(db).where(eq(series.id, id)).limit(1);
  return row;
}

/** A page of series with their details, in id order so pages stay put while a build walks them. */
export async function loadSeriesDetailPage(
  db: Database,
  offset: number,
  limit: number,
): Promise<{ rows: SeriesDetailRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    selectSeriesWithDetails(db).orderBy(asc(series.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(series),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The caller's own scores on a series by category label, read through the (user, series) vote index. */
export async function loadCallerScores(
  db: Database,
  seriesId: number,
  userId: number | undefined,
): Promise<Partial<Record<VoteCategoryLabel, number>>> {
  if (userId === undefined) return {};
  const rows = await db
    .select({ category: votes.category, score: votes.score })
    .from(votes)
    .where(and(eq(votes.userId, userId), eq(votes.seriesId, seriesId)));
  return Object.fromEntries(rows.map((row) => [categoryLabel(row.category), row.score]));
}

/** The caller's scores from `[category, score]` pairs (as SQL's json_agg packs them), by category label. */
export function callerScoresFromPairs(
  pairs: readonly (readonly [VoteCategory, number])[],
): Partial<Record<VoteCategoryLabel, number>> {
  return Object.fromEntries(pairs.map(([category, score]) => [categoryLabel(category), score]));
}

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
): SeriesDetailRow {
  return {
    series: fieldsOf<SeriesDetailRow['series']>(listingColumns, seriesRecord),
    details: detailsRecord && fieldsOf<NonNullable<SeriesDetailRow['details']>>(detailColumns, detailsRecord),
  };
}
