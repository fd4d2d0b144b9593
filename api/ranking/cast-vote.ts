import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/postgres-errors';
import { queryRowsPrepared } from '../db/prepared-query';
import { isPossibleSerialId } from '../db/ids';
import {
  rankingPriors,
  series,
  seriesDetails,
  seriesVoters,
  VOTE_CATEGORY_FIELDS,
  votes,
  type CategoryDistributions,
  type CategoryTotals,
  type VoteCategory,
} from '../db/schema';
import { voterScoresFromPairs, type VoterScores } from './voter-scores';

export interface VoteInput {
  userId: number;
  seriesId: number;
  category: VoteCategory;
  /** An integer 1-10 (the votes table checks it too). */
  score: number;
}

/**
 * The series and series_details rows a vote statement wrote, as JSON records (snake_case columns): the
 * catalogue turns them into the series' detail without reading them again.
 */
export interface ScoredSeriesRecords {
  series: Record<string, unknown>;
  details: Record<string, unknown> | null;
}

/** A cast vote comes back with what its answer shows: the series as the vote left it, the voter's scores. */
export type VoteOutcome =
  | { outcome: 'cast'; records: ScoredSeriesRecords; scores: VoterScores }
  | { outcome: 'duplicate' }
  | { outcome: 'series-not-found' };

const detailColumn = (key: keyof CategoryTotals | keyof CategoryDistributions) =>
  sql.identifier(seriesDetails[key].name);

const totalsArguments = VOTE_CATEGORY_FIELDS.flatMap(({ total, count }) => [
  `totals.${seriesDetails[total].name}`,
  `totals.${seriesDetails[count].name}`,
]).join(', ');
const priorsArguments = [
  rankingPriors.priorVotes,
  rankingPriors.storyMean,
  rankingPriors.charactersMean,
  rankingPriors.worldbuildingMean,
  rankingPriors.artMean,
  rankingPriors.dramaOrFightMean,
]
  .map((column) => `priors.${column.name}`)
  .join(', ');

/** panelrank_final_score (migration 0015) over the `totals` CTE's row and the stored priors. */
const finalScoreOfTotals = sql.raw(`panelrank_final_score(${totalsArguments}, ${priorsArguments})`);
/** panelrank_mean_score over the `totals` CTE's row. */
const meanScoreOfTotals = sql.raw(`panelrank_mean_score(${totalsArguments})`);

/**
 * Records one vote and everything derived from it in a single statement (one round trip, its own
 * transaction): the vote row, the series' distinct voters, the category's running total, count and score
 * distribution, the final score and the voter count.
 *
 * Correct under any concurrency at READ COMMITTED (and trivially on the single-connection embedded engine):
 * - the unique (user, series, category) index decides which of two identical votes wins; the loser's
 *   INSERT ... ON CONFLICT DO NOTHING returns no row, so the rest of the statement changes nothing and it
 *   is reported as a duplicate;
 * - series_voters' primary key decides, the same way, whether this is the user's first vote on the series;
 * - the category increment is an upsert on series_details, which takes the row lock and re-reads the latest
 *   committed totals, so concurrent votes on a series serialize there and none is lost (and a series
 *   created before it had a detail row gets one); the score's slot of the category's distribution is
 *   incremented in the same upsert, so the distribution always sums to the count;
 * - the final score is computed from the totals that upsert returned and written while that lock is held,
 *   so the series row always ends with the score of the last committed totals, never a stale one.
 * Locks are taken in one order: the series row first (FOR KEY SHARE, as the foreign-key checks would, but
 * before anything else: those checks only run at the end of the statement), then the detail row, then the
 * series row's update. Votes therefore cannot deadlock each other, and an admin deleting the series (which
 * locks the series row FOR UPDATE, then the detail row) waits for the vote or makes it wait, never both.
 * The score is computed by panelrank_final_score, the SQL twin of computeFinalScore, with the priors of the
 * ranking_priors row: between two recomputations a vote moves only its own series.
 * The same statement returns the series and detail rows it wrote and the caller's scores on the series (the
 * votes it already had, which the statement's snapshot holds, and the one just cast, which it does not):
 * the vote's answer then costs no second read, which on the embedded engine would run on the event loop.
 * For the same reason the embedded engine prepares the statement once per category (`queryRowsPrepared`).
 */
export async function castVote(
  database: Pick<DatabaseHandle, 'db' | 'pglite'>,
  vote: VoteInput,
): Promise<VoteOutcome> {
  if (!isPossibleSerialId(vote.seriesId)) return { outcome: 'series-not-found' };
  const { total, count, distribution } = VOTE_CATEGORY_FIELDS.find(
    (field) => field.category === vote.category,
  )!;
  const totalColumn = detailColumn(total);
  const countColumn = detailColumn(count);
  const distributionColumn = detailColumn(distribution);
  try {
    const [result] = await queryRowsPrepared<{
      found: number;
      series_row: Record<string, unknown> | null;
      details_row: Record<string, unknown> | null;
      scores: [VoteCategory, number][] | null;
    }>(
      database,
      sql`with target as (
        select id from ${series} where id = ${vote.seriesId} for key share
      ), cast_vote as (
        insert into ${votes} (user_id, series_id, category, score)
        select ${vote.userId}, id, ${vote.category}, ${vote.score} from target
        on conflict (user_id, series_id, category) do nothing
        returning series_id, category, score
      ), new_voter as (
        insert into ${seriesVoters} (series_id, user_id)
        select series_id, ${vote.userId} from cast_vote
        on conflict do nothing
        returning series_id
      ), totals as (
        insert into ${seriesDetails} (series_id, ${totalColumn}, ${countColumn}, ${distributionColumn})
        select series_id, score, 1,
          array_fill(0, array[score::int - 1]) || 1 || array_fill(0, array[10 - score::int])
        from cast_vote
        on conflict (series_id) do update set
          ${totalColumn} = ${seriesDetails}.${totalColumn} + excluded.${totalColumn},
          ${countColumn} = ${seriesDetails}.${countColumn} + 1,
          ${distributionColumn}[excluded.${totalColumn}] =
            ${seriesDetails}.${distributionColumn}[excluded.${totalColumn}] + 1,
          updated_at = now()
        returning *
      ), scored as (
        update ${series} set
          final_score = ${finalScoreOfTotals},
          mean_score = ${meanScoreOfTotals},
          voter_count = ${series}.voter_count + (select count(*) from new_voter),
          updated_at = now()
        from totals, ${rankingPriors} as priors
        where ${series}.id = totals.series_id
        returning ${series}.*
      )
      select (select count(*) from target)::int as found,
        (select row_to_json(scored) from scored) as series_row,
        (select row_to_json(totals) from totals) as details_row,
        (select json_agg(json_build_array(mine.category, mine.score)) from (
          select category, score from ${votes}
            where user_id = ${vote.userId} and series_id = ${vote.seriesId}
          union all
          select category, score from cast_vote
        ) as mine) as scores`,
    );
    if (!result || result.found === 0) return { outcome: 'series-not-found' };
    if (!result.series_row) return { outcome: 'duplicate' };
    return {
      outcome: 'cast',
      records: { series: result.series_row, details: result.details_row },
      scores: voterScoresFromPairs(result.scores ?? []),
    };
  } catch (error) {
    // The series was deleted (or never existed) between the caller's check and the insert.
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) return { outcome: 'series-not-found' };
    throw error;
  }
}
