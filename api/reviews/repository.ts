import { sql, type SQL } from 'drizzle-orm';
import type { ReviewSort } from '../../contract/reviews';
import type { Database } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/postgres-errors';
import { queryRows } from '../db/query-rows';
import { readingListItems, readingLists, reviewHelpfulMarks, reviews, users } from '../db/schema';
import type { Queryable, Transaction } from '../db/transaction';

/* The reviews' SQL: one statement per read, one transaction per write. */

/** A review as read, for the presenter: the author's personal score and the viewer's mark included. */
export interface ReviewRow {
  id: number;
  series_id: number;
  user_id: number;
  author_username: string;
  body_markdown: string;
  spoiler: boolean;
  score: number | null;
  helpful_count: number;
  viewer_found_helpful: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Who wrote a review, for the permission rules. */
export interface ReviewOwner {
  id: number;
  userId: number;
}

/**
 * The columns of a review as answered. The score is read now, from the author's reading lists: the first
 * list (by slot) holding the series with a score set; the viewer's mark only when there is a viewer.
 */
function reviewColumns(viewerId: number | undefined): SQL {
  const viewerMark =
    viewerId === undefined
      ? sql`false`
      : sql`exists (select 1 from ${reviewHelpfulMarks} m where m.review_id = r.id and m.user_id = ${viewerId})`;
  return sql`r.id, r.series_id, r.user_id, u.username as author_username, r.body_markdown, r.spoiler,
    r.helpful_count, r.created_at, r.updated_at,
    (select i.score::int from ${readingListItems} i join ${readingLists} l on l.id = i.list_id
      where l.user_id = r.user_id and i.series_id = r.series_id and i.score is not null
      order by l.slot limit 1) as score,
    ${viewerMark} as viewer_found_helpful`;
}

/** Each sort in the order of its index (reviews_series_helpful_idx, reviews_series_newest_idx). */
const ORDER: Record<ReviewSort, SQL> = {
  helpful: sql`r.helpful_count desc, r.created_at desc, r.id`,
  newest: sql`r.created_at desc, r.id`,
};

export async function listReviews(
  db: Database,
  seriesId: number,
  { sort, limit, offset, viewerId }: { sort: ReviewSort; limit: number; offset: number; viewerId?: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    queryRows<ReviewRow>(
      db,
      sql`select ${reviewColumns(viewerId)}
        from ${reviews} r join ${users} u on u.id = r.user_id
        where r.series_id = ${seriesId}
        order by ${ORDER[sort]} limit ${limit} offset ${offset}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${reviews} where series_id = ${seriesId}`,
    ),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/**
 * The `perSeries` most helpful reviews (visitor view) of at most `limit` series with reviews after
 * `afterId`, in series id order, each row with its series' review count.
 */
export async function topReviewsAfter(
  db: Database,
  { afterId, limit, perSeries }: { afterId: number; limit: number; perSeries: number },
): Promise<(ReviewRow & { total: number })[]> {
  return queryRows<ReviewRow & { total: number }>(
    db,
    sql`with page as (
          select series_id, count(*)::int as total from ${reviews}
          where series_id > ${afterId}
          group by series_id order by series_id limit ${limit}
        )
        select page.total, top.* from page cross join lateral (
          select ${reviewColumns(undefined)}, row_number() over (order by ${ORDER.helpful}) as position
          from ${reviews} r join ${users} u on u.id = r.user_id
          where r.series_id = page.series_id
          order by ${ORDER.helpful} limit ${perSeries}
        ) as top
        order by page.series_id, top.position`,
  );
}

export async function findReview(
  db: Queryable,
  reviewId: number,
  viewerId?: number,
): Promise<ReviewRow | undefined> {
  const [row] = await queryRows<ReviewRow>(
    db,
    sql`select ${reviewColumns(viewerId)} from ${reviews} r join ${users} u on u.id = r.user_id
      where r.id = ${reviewId}`,
  );
  return row;
}

export async function findOwner(db: Queryable, reviewId: number): Promise<ReviewOwner | undefined> {
  const [row] = await queryRows<{ id: number; user_id: number }>(
    db,
    sql`select id, user_id from ${reviews} where id = ${reviewId}`,
  );
  return row && { id: row.id, userId: row.user_id };
}

/**
 * Adds the user's review of the series: its id, 'exists' when the user has one already (the unique index
 * decides, however many requests race), 'series-not-found' when the series is gone.
 */
export async function insertReview(
  db: Database,
  review: { seriesId: number; userId: number; bodyMarkdown: string; spoiler: boolean },
): Promise<number | 'exists' | 'series-not-found'> {
  try {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into ${reviews} (series_id, user_id, body_markdown, spoiler)
        values (${review.seriesId}, ${review.userId}, ${review.bodyMarkdown}, ${review.spoiler})
        on conflict (series_id, user_id) do nothing returning id`,
    );
    return row ? row.id : 'exists';
  } catch (error) {
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) return 'series-not-found';
    throw error;
  }
}

/** Changes the author's review; false when it is no longer theirs to change (deleted meanwhile). */
export async function updateReview(
  db: Database,
  {
    reviewId,
    userId,
    bodyMarkdown,
    spoiler,
  }: { reviewId: number; userId: number; bodyMarkdown?: string; spoiler?: boolean },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${reviews} set
        body_markdown = coalesce(${bodyMarkdown ?? null}::text, body_markdown),
        spoiler = coalesce(${spoiler ?? null}::boolean, spoiler),
        updated_at = now()
      where id = ${reviewId} and user_id = ${userId} returning id`,
  );
  return rows.length > 0;
}

/** Deletes a review with its helpful marks (they cascade); false when it was already gone. */
export async function deleteReview(db: Database, reviewId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${reviews} where id = ${reviewId} returning id`,
  );
  return rows.length > 0;
}

/**
 * Marks (or unmarks) the review helpful for the user and answers its count, or undefined when the review is
 * gone. Exact under any concurrency: the mark's primary key (review, user) decides whether a mark exists,
 * and the count moves by one only when this transaction inserted or deleted that row, in a single UPDATE
 * that takes the review's row lock and re-reads the committed count. A repeated mark changes nothing.
 */
export async function setHelpful(
  db: Database,
  { reviewId, userId, helpful }: { reviewId: number; userId: number; helpful: boolean },
): Promise<number | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const changed = helpful
        ? await queryRows<{ review_id: number }>(
            tx,
            sql`insert into ${reviewHelpfulMarks} (review_id, user_id) values (${reviewId}, ${userId})
              on conflict do nothing returning review_id`,
          )
        : await queryRows<{ review_id: number }>(
            tx,
            sql`delete from ${reviewHelpfulMarks} where review_id = ${reviewId} and user_id = ${userId}
              returning review_id`,
          );
      const delta = changed.length === 0 ? 0 : helpful ? 1 : -1;
      const [counted] =
        delta === 0
          ? await queryRows<{ helpful_count: number }>(
              tx,
              sql`select helpful_count from ${reviews} where id = ${reviewId}`,
            )
          : await queryRows<{ helpful_count: number }>(
              tx,
              sql`update ${reviews} set helpful_count = greatest(helpful_count + ${delta}, 0)
                where id = ${reviewId} returning helpful_count`,
            );
      return counted?.helpful_count;
    });
  } catch (error) {
    // The review was deleted between the check and the mark.
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) return undefined;
    throw error;
  }
}

/**
 * An account's helpful marks go with it (in the account deletion's transaction), each taking one off its
 * review's count as an unmark would: the mark row first, then the review, the order a mark takes them in.
 * The account's own reviews go with the user row (the foreign key cascades), their marks with them.
 */
export async function deleteMarksOf(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(
    sql`with unmarked as (
        delete from ${reviewHelpfulMarks} where user_id = ${userId} returning review_id
      )
      update ${reviews} set helpful_count = greatest(helpful_count - 1, 0)
      where id in (select review_id from unmarked)`,
  );
}
