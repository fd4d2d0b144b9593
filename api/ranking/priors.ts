import { max, sql } from 'drizzle-orm';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../db/client';
import { rankingPriors, series, type RankingPriorsRow } from '../db/schema';
import { UNVOTED_CATEGORY_MEAN, type RankingPriors } from './scores';

/* The ranking priors' SQL: reading the stored row, and recomputing it with every series' scores. */

/** Series rescored per statement: short enough that the embedded engine answers others in between. */
export const RESCORE_BATCH = 2000;

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
  if (row) return toPriors(row);
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
 * Recomputes `C_c` from every category's totals, stores it with `priorVotes`, and rescores every series
 * whose final or mean score changes, all in one transaction: readers of the database see the old scores or
 * the new ones, never a mix. The series are rescored RESCORE_BATCH ids at a time, yielding to the event loop
 * in between, so on the embedded engine a long recomputation does not hold every other request. When the
 * priors come out as stored, the stored scores are already theirs (every write scores with them) and
 * nothing is rescored, unless `rescoreAll` (after writing scores some other way, as the demo seed does).
 */
export async function recomputePriors(
  db: Database,
  priorVotes: number,
  { batch = RESCORE_BATCH, rescoreAll = false }: { batch?: number; rescoreAll?: boolean } = {},
): Promise<{ priors: RankingPriors; rescored: number }> {
  return db.transaction(async (tx) => {
    const before = await readPriors(tx, priorVotes);
    await tx.execute(sql`select panelrank_refresh_ranking_priors(${priorVotes})`);
    const after = await readPriors(tx, priorVotes);
    if (!rescoreAll && samePriors(before, after)) return { priors: after, rescored: 0 };
    const [last] = await tx.select({ id: max(series.id) }).from(series);
    let rescored = 0;
    for (let first = 0; first <= (last?.id ?? -1); first += batch) {
      const [row] = await tx
        .select({ changed: sql<number>`panelrank_rescore_series(${first}, ${first + batch - 1})` })
        .from(sql`(select 1) as one`);
      rescored += row?.changed ?? 0;
      await yieldToEventLoop();
    }
    return { priors: after, rescored };
  });
}
