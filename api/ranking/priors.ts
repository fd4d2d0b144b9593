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
 * Recomputes `C_c` from every category's totals and stores it with `priorVotes`: from then on every vote
 * scores with it, and the snapshots score every series with it in memory. `changed` says whether the stored
 * scores need rewriting (`rewriteStoredScores`): when the priors come out as stored and the last rewrite
 * finished, they are already the priors' (every write scores with them).
 */
export async function refreshPriors(
  db: Database,
  priorVotes: number,
): Promise<{ priors: RankingPriors; changed: boolean; stamp: string }> {
  const [stored] = await db.select().from(rankingPriors);
  const before = await readPriors(db, priorVotes);
  await db.execute(sql`select panelrank_refresh_ranking_priors(${priorVotes})`);
  const after = await readPriors(db, priorVotes);
  // As text: a Date keeps milliseconds, the column microseconds.
  const [{ stamp } = { stamp: '' }] = await db
    .select({ stamp: sql<string>`${rankingPriors.computedAt}::text` })
    .from(rankingPriors);
  const finished = stored?.rescoredAt != null && stored.rescoredAt >= stored.computedAt;
  return { priors: after, changed: !finished || !samePriors(before, after), stamp };
}

/**
 * Rewrites the stored final and mean scores of every series whose scores differ from the stored priors',
 * RESCORE_BATCH ids a statement, each statement its own transaction, yielding to the event loop in
 * between: on the embedded engine other queries run between two statements, and on PostgreSQL a vote waits
 * for one statement's row locks at most. The snapshots do not wait for it (they score in memory); SQL that
 * reads the stored scores (the reading lists' sorts and filters) sees the old priors' scores until it ends.
 * The statements do not count as changes of the catalogue (nothing the snapshots read changes).
 * `rescored_at` then records the rewrite for `stamp`, the recomputation it belongs to, so one cut short is
 * done again in full by the next recomputation.
 */
export async function rewriteStoredScores(
  db: Database,
  stamp: string,
  batch = RESCORE_BATCH,
): Promise<number> {
  const [last] = await db.select({ id: max(series.id) }).from(series);
  let rescored = 0;
  for (let first = 0; first <= (last?.id ?? -1); first += batch) {
    const [row] = await db
      .select({ changed: sql<number>`panelrank_rescore_series(${first}, ${first + batch - 1})` })
      .from(sql`(select 1) as one`);
    rescored += row?.changed ?? 0;
    await yieldToEventLoop();
  }
  // Another recomputation that started since (its lease expired) marks its own.
  await db.execute(
    sql`update ranking_priors set rescored_at = computed_at where computed_at::text = ${stamp}`,
  );
  return rescored;
}

/**
 * `refreshPriors`, then `rewriteStoredScores` when needed: for scripts and tests
 * that want both at once. `onPriors` runs between the two, as the service tells the instances then.
 */
export async function recomputePriors(
  db: Database,
  priorVotes: number,
  {
    batch = RESCORE_BATCH,
    onPriors,
  }: { batch?: number; onPriors?: (priors: RankingPriors) => Promise<void> } = {},
): Promise<{ priors: RankingPriors; rescored: number }> {
  const { priors, changed, stamp } = await refreshPriors(db, priorVotes);
  if (!changed) {
    await db.execute(
      sql`update ranking_priors set rescored_at = computed_at where computed_at::text = ${stamp}`,
    );
    return { priors, rescored: 0 };
  }
  await onPriors?.(priors);
  return { priors, rescored: await rewriteStoredScores(db, stamp, batch) };
}
