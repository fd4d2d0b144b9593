import { and, count, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import { computeFinalScore, VOTE_CATEGORY_FIELDS, type CategoryTotals } from '../catalogue/categories';
import type { Database } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/postgres-errors';
import { series, seriesDetails, seriesVoters, votes, type VoteCategory } from '../db/schema';

export interface VoteInput {
  userId: number;
  seriesId: number;
  category: VoteCategory;
  /** An integer 1-10 (the votes table checks it too). */
  score: number;
}

export type VoteOutcome = 'cast' | 'duplicate' | 'series-not-found';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const totalsColumns = Object.fromEntries(
  VOTE_CATEGORY_FIELDS.flatMap(({ total, count }) => [
    [total, seriesDetails[total]],
    [count, seriesDetails[count]],
  ]),
) as { [K in keyof CategoryTotals]: (typeof seriesDetails)[K] };

/**
 * Records one vote and everything derived from it in a single transaction: the vote row, the series'
 * distinct voters, the category's running total and count, the final score and the voter count.
 *
 * Correct under any concurrency at READ COMMITTED (and trivially on the single-connection embedded engine):
 * - the unique (user, series, category) index decides which of two identical votes wins; the loser's
 *   INSERT ... ON CONFLICT DO NOTHING returns no row, so it changes nothing and is reported as a duplicate;
 * - series_voters' primary key decides, the same way, whether this is the user's first vote on the series;
 * - the category increment is a single UPDATE, which takes the series_details row lock and re-reads the
 *   latest committed totals, so concurrent votes on a series serialize there and none is lost;
 * - the final score is computed from the totals that UPDATE returned and written while that lock is held,
 *   so the series row always ends with the score of the last committed totals, never a stale one.
 * Lock order is the same for every vote (details row, then series row), so votes cannot deadlock.
 */
export async function castVote(db: Database, vote: VoteInput): Promise<VoteOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(votes)
        .values(vote)
        .onConflictDoNothing({ target: [votes.userId, votes.seriesId, votes.category] })
        .returning({ id: votes.id });
      if (inserted.length === 0) return 'duplicate';

      const newVoter = await tx
        .insert(seriesVoters)
        .values({ seriesId: vote.seriesId, userId: vote.userId })
        .onConflictDoNothing()
        .returning({ seriesId: seriesVoters.seriesId });

      const totals = await addToCategory(tx, vote);
      await tx
        .update(series)
        .set({
          finalScore: computeFinalScore(totals),
          voterCount: sql`${series.voterCount} + ${newVoter.length}`,
          updatedAt: sql`now()`,
        })
        .where(eq(series.id, vote.seriesId));
      return 'cast';
    });
  } catch (error) {
    // The series was deleted (or never existed) between the caller's check and the insert.
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) return 'series-not-found';
    throw error;
  }
}

/** Adds the score to its category's total and count; returns every category's totals after the change. */
async function addToCategory(tx: Transaction, vote: VoteInput): Promise<CategoryTotals> {
  const { total, count } = VOTE_CATEGORY_FIELDS.find((field) => field.category === vote.category)!;
  const increment = (): Promise<CategoryTotals[]> =>
    tx
      .update(seriesDetails)
      .set({
        [total]: sql`${seriesDetails[total]} + ${vote.score}`,
        [count]: sql`${seriesDetails[count]} + 1`,
        updatedAt: sql`now()`,
      } as Record<string, SQL>)
      .where(eq(seriesDetails.seriesId, vote.seriesId))
      .returning(totalsColumns);

  let [totals] = await increment();
  if (!totals) {
    // A series created before it had a detail row: create it (a concurrent vote may win that race).
    await tx.insert(seriesDetails).values({ seriesId: vote.seriesId }).onConflictDoNothing();
    [totals] = await increment();
  }
  if (!totals) throw new Error(`series_details row for series ${vote.seriesId} is missing`);
  return totals;
}

/**
 * A series' competition rank over the whole catalogue, as the ranking computes it (1 + the number of ranked
 * series with a strictly higher final score), or null while it has fewer voters than the minimum. One
 * indexed count, so a vote's answer does not wait for the whole catalogue to be reloaded.
 */
export async function loadOverallRank(
  db: Database,
  placed: { finalScore: number; voterCount: number },
  minVoters: number,
): Promise<number | null> {
  if (placed.voterCount < minVoters) return null;
  const [row] = await db
    .select({ above: count() })
    .from(series)
    .where(and(gte(series.voterCount, minVoters), gt(series.finalScore, placed.finalScore)));
  return (row?.above ?? 0) + 1;
}
