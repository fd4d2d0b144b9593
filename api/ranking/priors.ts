import { max, sql } from 'drizzle-orm';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../db/client';
import { rankingPriors, series, type RankingPriorsRow } from '../db/schema';
import { UNVOTED_CATEGORY_MEAN, type RankingPriors } from './scores';

/* The ranking priors' SQL: reading the stored row, and recomputing it with every series' scores. */

/**
 * Series rescored per statement: each holds the embedded engine (and the event loop) for tens of
 * milliseconds at most, so reads are not held up longer than that.
 */
export const RESCORE_BATCH = 250;

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
 * Recomputes `C_c` from every category's totals, stores it with `priorVotes` (from then on every vote scores
 * with it), and rescores every series whose final or mean score changes, RESCORE_BATCH ids a statement,
 * each statement its own transaction, yielding to the event loop in between: on the embedded engine other
 * queries run between two statements, and on PostgreSQL a vote waits for one statement's row locks at most,
 * never for the whole rescoring. Until it ends, the database holds some scores from the old priors; the
 * snapshots reload once it has ended (RankingService). `rescored_at` records a rescoring that finished, so
 * one cut short is done again in full by the next recomputation.
 *
 * When the priors come out as stored and the last rescoring finished, the stored scores are already theirs
 * (every write scores with them) and nothing is rescored, unless `rescoreAll` (after writing scores some
 * other way).
 */
export async function recomputePriors(
  db: Database,
  priorVotes: number,
  { batch = RESCORE_BATCH, rescoreAll = false }: { batch?: number; rescoreAll?: boolean } = {},
): Promise<{ priors: RankingPriors; rescored: number }> {
  const [stored] = await db.select().from(rankingPriors);
  const before = await readPriors(db, priorVotes);
  await db.execute(sql`select panelrank_refresh_ranking_priors(${priorVotes})`);
  const after = await readPriors(db, priorVotes);
  // As text: a Date keeps milliseconds, the column microseconds.
  const [{ stamp } = { stamp: '' }] = await db
    .select({ stamp: sql<string>`${rankingPriors.computedAt}::text` })
    .from(rankingPriors);
  const finished = stored?.rescoredAt != null && stored.rescoredAt >= stored.computedAt;
  let rescored = 0;
  if (rescoreAll || !finished || !samePriors(before, after)) {
    const [last] = await db.select({ id: max(series.id) }).from(series);
    for (let first = 0; first <= (last?.id ?? -1); first += batch) {
      const [row] = await db
        .select({ changed: sql<number>`panelrank_rescore_series(${first}, ${first + batch - 1})` })
        .from(sql`(select 1) as one`);
      rescored += row?.changed ?? 0;
      await yieldToEventLoop();
    }
    // The ranges did not count as changes of the catalogue: one count for all of them.
    if (rescored > 0) await db.execute(sql`update catalogue_version set version = version + 1 where id = 1`);
  }
  // Another recomputation that started since (its lease expired) marks its own.
  await db.execute(
    sql`update ranking_priors set rescored_at = computed_at where computed_at::text = ${stamp}`,
  );
  return { priors: after, rescored };
}
