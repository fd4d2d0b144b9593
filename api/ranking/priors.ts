import { sql } from 'drizzle-orm';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { rankingPriors, seriesDetails, VOTE_CATEGORY_FIELDS, type RankingPriorsRow } from '../db/schema';
import { UNVOTED_CATEGORY_MEAN, type RankingPriors } from './scores';

/* The ranking priors' SQL: reading the stored row, and recomputing it from every series' totals. */

function toPriors(row: RankingPriorsRow): RankingPriors {
  return {
    priorVotes: row.priorVotes,
    categoryMeans: {
      STORY: row.storyMean,
      CHARACTERS: row.charactersMean,
      WORLD_BUILDING: row.worldbuildingMean,
      ART: row.artMean,
      DRAMA_OR_FIGHT: row.dramaOrFightMean,
    },
    computedAt: row.computedAt,
  };
}

/** The stored priors; the scale's midpoint with `priorVotes` before the first recomputation stored any. */
export async function readPriors(db: Pick<Database, 'select'>, priorVotes: number): Promise<RankingPriors> {
  const [row] = await db.select().from(rankingPriors);
  return row ? toPriors(row) : unvotedPriors(priorVotes);
}

/** The priors of a catalogue nobody voted in: every category at the scale's midpoint. */
export function unvotedPriors(priorVotes: number): RankingPriors {
  const mean = UNVOTED_CATEGORY_MEAN;
  return {
    priorVotes,
    categoryMeans: { STORY: mean, CHARACTERS: mean, WORLD_BUILDING: mean, ART: mean, DRAMA_OR_FIGHT: mean },
    computedAt: new Date(0),
  };
}

function samePriors(a: RankingPriors, b: RankingPriors): boolean {
  return (
    a.priorVotes === b.priorVotes &&
    (Object.keys(a.categoryMeans) as (keyof RankingPriors['categoryMeans'])[]).every(
      (category) => a.categoryMeans[category] === b.categoryMeans[category],
    )
  );
}

/** Detail rows summed per statement by recomputePriors. */
const PRIORS_SLICE = 10_000;

/**
 * Recomputes `C_c`, each category's sum of votes over its number of votes across the catalogue (the scale's
 * midpoint for a category nobody voted in), and stores it with `priorVotes`: from then on every score is
 * computed with it, by the snapshots in memory and by SQL through series_scores. `changed` says whether the
 * means or `m` moved, so the instances need telling.
 *
 * The sums are read PRIORS_SLICE series ids a statement, yielding between two: on the embedded engine a
 * statement runs on the event loop, and one aggregate over 100,000 detail rows held every request for
 * 50-230 ms. The sums are integers, so adding the slices' is exact and the means are those one aggregate
 * gives; votes that land between two slices count in the next recomputation.
 */
export async function recomputePriors(
  db: Pick<Database, 'execute' | 'select'>,
  priorVotes: number,
  { slice = PRIORS_SLICE }: { slice?: number } = {},
): Promise<{ priors: RankingPriors; changed: boolean }> {
  const before = await readPriors(db, priorVotes);
  const sums = VOTE_CATEGORY_FIELDS.map(() => ({ total: 0, count: 0 }));
  const [{ last } = { last: null }] = await queryRows<{ last: number | null }>(
    db,
    sql`select max(${seriesDetails.seriesId}) as last from ${seriesDetails}`,
  );
  for (let first = 1; first <= (last ?? 0); first += slice) {
    const [part] = await queryRows<Record<string, string | number | null>>(
      db,
      sql`select ${sql.join(
        VOTE_CATEGORY_FIELDS.flatMap(({ total, count }) => [
          sql`sum(${seriesDetails[total]})::float8 as ${sql.identifier(total)}`,
          sql`sum(${seriesDetails[count]})::float8 as ${sql.identifier(count)}`,
        ]),
        sql`, `,
      )} from ${seriesDetails}
      where ${seriesDetails.seriesId} between ${first} and ${first + slice - 1}`,
    );
    VOTE_CATEGORY_FIELDS.forEach(({ total, count }, index) => {
      sums[index]!.total += Number(part?.[total] ?? 0);
      sums[index]!.count += Number(part?.[count] ?? 0);
    });
    await yieldToEventLoop();
  }
  const means = Object.fromEntries(
    VOTE_CATEGORY_FIELDS.map(({ category }, index) => {
      const { total, count } = sums[index]!;
      return [category, count > 0 ? total / count : UNVOTED_CATEGORY_MEAN];
    }),
  ) as RankingPriors['categoryMeans'];
  await db.execute(
    sql`insert into ${rankingPriors} (id, prior_votes, story_mean, characters_mean, worldbuilding_mean,
        art_mean, drama_or_fight_mean, computed_at)
      values (1, ${priorVotes}, ${means.STORY}, ${means.CHARACTERS}, ${means.WORLD_BUILDING}, ${means.ART},
        ${means.DRAMA_OR_FIGHT}, now())
      on conflict (id) do update set prior_votes = excluded.prior_votes, story_mean = excluded.story_mean,
        characters_mean = excluded.characters_mean, worldbuilding_mean = excluded.worldbuilding_mean,
        art_mean = excluded.art_mean, drama_or_fight_mean = excluded.drama_or_fight_mean,
        computed_at = excluded.computed_at`,
  );
  const after = await readPriors(db, priorVotes);
  return { priors: after, changed: !samePriors(before, after) };
}
