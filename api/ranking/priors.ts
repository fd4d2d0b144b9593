import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rankingPriors, type RankingPriorsRow } from '../db/schema';
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

/**
 * Recomputes `C_c` from every category's totals (one aggregate over the detail rows) and stores it with
 * `priorVotes`: from then on every score is computed with it, by the snapshots in memory and by SQL through
 * series_scores. `changed` says whether the means or `m` moved, so the instances need telling.
 */
export async function recomputePriors(
  db: Database,
  priorVotes: number,
): Promise<{ priors: RankingPriors; changed: boolean }> {
  const before = await readPriors(db, priorVotes);
  await db.execute(sql`select panelrank_refresh_ranking_priors(${priorVotes})`);
  const after = await readPriors(db, priorVotes);
  return { priors: after, changed: !samePriors(before, after) };
}
