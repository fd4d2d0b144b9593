import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bulkInsert } from '../db/bulk-insert';
import { queryRows } from '../db/query-rows';
import type { AlsoLikedRow } from './similarity';

/** The lowest and highest series id, or undefined for an empty catalogue. */
export async function seriesIdRange(db: Database): Promise<{ low: number; high: number } | undefined> {
  const [row] = await queryRows<{ low: number | null; high: number | null }>(
    db,
    sql`select min(id) as low, max(id) as high from series`,
  );
  return row?.low == null || row.high == null ? undefined : { low: Number(row.low), high: Number(row.high) };
}

/**
 * The readers who rated a series of ids low..high highly, once per reader and series: the mean of their
 * category votes on it, or their personal score in any of their reading lists, at least `highScore`.
 * Read through the votes' and list items' series indexes, a range of series at a time.
 */
export async function likedPairsIn(
  db: Database,
  low: number,
  high: number,
  highScore: number,
): Promise<{ user_id: number; series_id: number }[]> {
  return queryRows(
    db,
    sql`select user_id, series_id from votes
        where series_id between ${low} and ${high}
        group by user_id, series_id
        having avg(score) >= ${highScore}
        union
        select l.user_id, i.series_id from reading_list_items i
        join reading_lists l on l.id = i.list_id
        where i.series_id between ${low} and ${high} and i.score >= ${highScore}`,
  );
}

/**
 * Replaces the stored rows of every series of ids low..high with `rows` (theirs only), in one
 * transaction: a reader sees a series' old set or its new one, never a mix or a half.
 */
export async function replaceAlsoLiked(
  db: Database,
  low: number,
  high: number,
  rows: readonly AlsoLikedRow[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from series_also_liked where series_id between ${low} and ${high}`);
    if (rows.length === 0) return;
    await bulkInsert(
      tx,
      'series_also_liked',
      [
        { name: 'series_id', type: 'int4' },
        { name: 'position', type: 'int2' },
        { name: 'liked_id', type: 'int4' },
        { name: 'similarity', type: 'float8' },
      ],
      [
        rows.map((row) => row.seriesId),
        rows.map((row) => row.position),
        rows.map((row) => row.likedId),
        rows.map((row) => row.similarity),
      ],
    );
  });
}

/** Whether the job has stored anything yet (a fresh install, or one upgraded to this feature). */
export async function hasAlsoLiked(db: Database): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from series_also_liked limit 1`);
  return rows.length > 0;
}

/** The series stored as liked alongside `seriesId`, in order. */
export async function alsoLikedIds(db: Database, seriesId: number): Promise<number[]> {
  const rows = await queryRows<{ liked_id: number }>(
    db,
    sql`select liked_id from series_also_liked where series_id = ${seriesId} order by position`,
  );
  return rows.map((row) => Number(row.liked_id));
}

/**
 * The stored lists of the series after `afterId`, in id order, at most `limit` series (each list most alike
 * first): one JSON row per page, as the embedded engine's cost is per row.
 */
export async function alsoLikedListsAfter(
  db: Database,
  afterId: number,
  limit: number,
): Promise<{ series_id: number; liked_ids: number[] }[]> {
  const [row] = await queryRows<{ lists: string }>(
    db,
    sql`select coalesce(json_agg(json_build_object('series_id', series_id, 'liked_ids', liked_ids)
          order by series_id), '[]')::text as lists
        from (
          select series_id, array_agg(liked_id order by position) as liked_ids
          from series_also_liked
          where series_id > ${afterId}
            and series_id in (
              select distinct series_id from series_also_liked where series_id > ${afterId}
              order by series_id limit ${limit}
            )
          group by series_id
        ) as lists`,
  );
  return JSON.parse(row?.lists ?? '[]') as { series_id: number; liked_ids: number[] }[];
}
