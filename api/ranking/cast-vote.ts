import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/postgres-errors';
import { queryRowsPrepared } from '../db/prepared-query';
import { isPossibleSerialId } from '../../contract/http';
import {
  series,
  seriesDetails,
  seriesVoters,
  VOTE_CATEGORY_FIELDS,
  voteBans,
  votes,
  type VoteCategory,
} from '../db/schema';
import { voterScoresFromPairs, type VoterScores } from './voter-scores';

/** One reader's scores on one series: one category or several, each an integer 1-10. */
export interface BallotInput {
  userId: number;
  seriesId: number;
  scores: Partial<Record<VoteCategory, number>>;
}

/** One vote in one category (the per-category call). */
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
export interface VotedSeriesRecords {
  series: Record<string, unknown>;
  details: Record<string, unknown> | null;
}

/**
 * What a ballot did: `recorded` the categories it added, `alreadyVoted` those the voter had voted in
 * before (a vote is final), with the series as the ballot left it (`records`, null when nothing was
 * recorded) and the voter's scores; or why nothing could be recorded.
 */
export type BallotOutcome =
  | {
      outcome: 'counted';
      recorded: VoteCategory[];
      alreadyVoted: VoteCategory[];
      records: VotedSeriesRecords | null;
      scores: VoterScores;
    }
  | { outcome: 'banned' }
  | { outcome: 'series-not-found' };

const column = (name: string) => sql.identifier(name);
const CATEGORY_ORDER = VOTE_CATEGORY_FIELDS.map((field) => field.category);

const detailColumns = VOTE_CATEGORY_FIELDS.flatMap(({ total, count, distribution }) => [
  seriesDetails[total].name,
  seriesDetails[count].name,
  seriesDetails[distribution].name,
]);

/** Each category's sum, count and score counts among the votes the statement cast. */
const addedColumns = sql.raw(
  VOTE_CATEGORY_FIELDS.map(({ category, total, count, distribution }) => {
    const only = `filter (where category = '${category}')`;
    return [
      `coalesce(sum(score) ${only}, 0)::int as ${seriesDetails[total].name}`,
      `(count(*) ${only})::int as ${seriesDetails[count].name}`,
      `panelrank_score_counts(array_agg(score) ${only}) as ${seriesDetails[distribution].name}`,
    ].join(', ');
  }).join(', '),
);

/** The upsert's increments: running totals, counts and score counts plus what the ballot added. */
const incrementColumns = sql.raw(
  VOTE_CATEGORY_FIELDS.flatMap(({ total, count, distribution }) => {
    const [t, c, d] = [
      seriesDetails[total].name,
      seriesDetails[count].name,
      seriesDetails[distribution].name,
    ];
    return [
      `${t} = series_details.${t} + excluded.${t}`,
      `${c} = series_details.${c} + excluded.${c}`,
      `${d} = panelrank_add_score_counts(series_details.${d}, excluded.${d})`,
    ];
  }).join(', '),
);

/**
 * Records a ballot (one category or several) and everything derived from it in a single statement (one
 * round trip, its own transaction): the vote rows, the series' distinct voters, the categories' running
 * totals, counts and score distributions, and the voter count (scores are computed from the totals when read). A voter whose
 * votes on the series a moderator voided records nothing.
 *
 * Correct under any concurrency at READ COMMITTED (and trivially on the single-connection embedded engine):
 * - the unique (user, series, category) index decides which of two identical votes wins; the loser's
 *   INSERT ... ON CONFLICT DO NOTHING returns no row for that category, which is reported as already voted,
 *   and only the rows inserted count below; categories are inserted in one fixed order, so two ballots of
 *   one voter never wait for each other in opposite orders;
 * - series_voters' primary key decides, the same way, whether this is the user's first vote on the series;
 * - the increments are one upsert on series_details, which takes the row lock and re-reads the latest
 *   committed totals, so concurrent votes on a series serialize there and none is lost (and a series
 *   created before it had a detail row gets one); each score's slot of its category's distribution is
 *   incremented in the same upsert, so a distribution always sums to its count;
 * Locks are taken in one order: the series row first (FOR KEY SHARE, as the foreign-key checks would, but
 * before anything else: those checks only run at the end of the statement), then the detail row, then the
 * series row's update. Votes therefore cannot deadlock each other, and an admin deleting the series (which
 * locks the series row FOR UPDATE, then the detail row) waits for the vote or makes it wait, never both.
 * The same statement returns the series and detail rows it wrote and the caller's scores on the series (the
 * votes it already had, which the statement's snapshot holds, and the ones just cast, which it does not):
 * the answer then costs no second read, which on the embedded engine would run on the event loop. For the
 * same reason the embedded engine prepares the statement once (`queryRowsPrepared`): the categories and
 * scores are its array arguments.
 */
export async function castBallot(
  database: Pick<DatabaseHandle, 'db' | 'pglite'>,
  ballot: BallotInput,
): Promise<BallotOutcome> {
  if (!isPossibleSerialId(ballot.seriesId)) return { outcome: 'series-not-found' };
  const categories = CATEGORY_ORDER.filter((category) => ballot.scores[category] !== undefined);
  const scores = categories.map((category) => ballot.scores[category]!);
  const { userId, seriesId } = ballot;
  try {
    const [result] = await queryRowsPrepared<{
      found: number;
      banned: boolean;
      recorded: VoteCategory[] | null;
      series_row: Record<string, unknown> | null;
      details_row: Record<string, unknown> | null;
      scores: [VoteCategory, number][] | null;
    }>(
      database,
      sql`with target as (
        select id from ${series} where id = ${seriesId} for key share
      ), banned as (
        select 1 from ${voteBans} where series_id = ${seriesId} and user_id = ${userId}
      ), ballot as (
        select category, score, ordinality
        from unnest(${`{${categories.join(',')}}`}::vote_category[], ${`{${scores.join(',')}}`}::int[])
          with ordinality as b(category, score, ordinality)
      ), cast_vote as (
        insert into ${votes} (user_id, series_id, category, score)
        select ${userId}::int, target.id, ballot.category, ballot.score from target, ballot
        where not exists (select 1 from banned)
        order by ballot.ordinality
        on conflict (user_id, series_id, category) do nothing
        returning series_id, category, score
      ), new_voter as (
        insert into ${seriesVoters} (series_id, user_id)
        select distinct series_id, ${userId}::int from cast_vote
        on conflict do nothing
        returning series_id
      ), added as (
        select series_id, ${addedColumns} from cast_vote group by series_id
      ), totals as (
        insert into ${seriesDetails} (series_id, ${sql.join(detailColumns.map(column), sql`, `)})
        select series_id, ${sql.join(detailColumns.map(column), sql`, `)} from added
        on conflict (series_id) do update set ${incrementColumns}, updated_at = now()
        returning *
      ), counted as (
        update ${series} set
          voter_count = ${series}.voter_count + (select count(*) from new_voter),
          updated_at = now()
        from totals
        where ${series}.id = totals.series_id
        returning ${series}.*
      )
      select (select count(*) from target)::int as found,
        exists (select 1 from banned) as banned,
        (select json_agg(category) from cast_vote) as recorded,
        (select row_to_json(counted) from counted) as series_row,
        (select row_to_json(totals) from totals) as details_row,
        (select json_agg(json_build_array(mine.category, mine.score)) from (
          select category, score from ${votes} where user_id = ${userId} and series_id = ${seriesId}
          union all
          select category, score from cast_vote
        ) as mine) as scores`,
    );
    if (!result || result.found === 0) return { outcome: 'series-not-found' };
    if (result.banned) return { outcome: 'banned' };
    const recorded = new Set(result.recorded ?? []);
    return {
      outcome: 'counted',
      recorded: categories.filter((category) => recorded.has(category)),
      alreadyVoted: categories.filter((category) => !recorded.has(category)),
      records: result.series_row ? { series: result.series_row, details: result.details_row } : null,
      scores: voterScoresFromPairs(result.scores ?? []),
    };
  } catch (error) {
    // The series was deleted (or never existed) between the caller's check and the insert.
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) return { outcome: 'series-not-found' };
    throw error;
  }
}

/** What one vote in one category did (the per-category call's outcomes). */
export type VoteOutcome =
  | { outcome: 'cast'; records: VotedSeriesRecords; scores: VoterScores }
  | { outcome: 'duplicate' }
  | { outcome: 'banned' }
  | { outcome: 'series-not-found' };

/** One vote in one category: a ballot of one. */
export async function castVote(
  database: Pick<DatabaseHandle, 'db' | 'pglite'>,
  vote: VoteInput,
): Promise<VoteOutcome> {
  const counted = await castBallot(database, {
    userId: vote.userId,
    seriesId: vote.seriesId,
    scores: { [vote.category]: vote.score },
  });
  if (counted.outcome !== 'counted') return counted;
  if (!counted.records) return { outcome: 'duplicate' };
  return { outcome: 'cast', records: counted.records, scores: counted.scores };
}
