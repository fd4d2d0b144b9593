import { setImmediate as yieldToReads } from 'node:timers/promises';
import {
  ALSO_LIKED_HIGH_SCORE,
  ALSO_LIKED_MAX,
  ALSO_LIKED_MIN_CO_RATERS,
} from '../../contract/recommendations-values';
import type { Database } from '../db/client';
import { runLeased, type LeasedJob, type LeasedRun } from '../plugins/scheduled-jobs';
import { likedPairsIn, replaceAlsoLiked, seriesIdRange } from './repository';
import { LikedPairs } from './similarity';

export const ALSO_LIKED_JOB = 'also-liked';
const LEASE_MS = 30 * 60_000;
/**
 * Series ids per statement, reading and writing: each is short, so reads queue behind one at most. At
 * 100,000 series, ranges of 500 held rankings reads to a p99 of 90 ms during the job, ranges of 100 to 26 ms.
 */
export const ALSO_LIKED_BATCH = 100;

export interface AlsoLikedRun {
  /** Series that got a list (the others have none: too few co-raters). */
  listed: number;
  rows: number;
  /** (reader, series) pairs rated highly. */
  likedPairs: number;
}

/**
 * Recomputes every series' "Readers also liked", once across every instance (the job's lease). Reads the
 * highly-rated (reader, series) pairs a range of series ids at a time, scores the pairs in memory
 * (similarity.ts; a few integers per pair), then replaces the stored rows a range of series at a time, each
 * range in one transaction. Between statements and slices it yields, so the embedded engine, which runs
 * one statement at a time, serves the reads waiting meanwhile.
 */
export async function recomputeAlsoLiked(
  db: Database,
  runner: Pick<LeasedJob, 'holder' | 'quietMs'> & { batch?: number } = {},
): Promise<LeasedRun<AlsoLikedRun>> {
  const batch = runner.batch ?? ALSO_LIKED_BATCH;
  return runLeased(db, { ...runner, name: ALSO_LIKED_JOB, leaseMs: LEASE_MS }, async () => {
    const range = await seriesIdRange(db);
    if (!range) return { listed: 0, rows: 0, likedPairs: 0 };
    const pairs = new LikedPairs();
    for (let low = range.low; low <= range.high; low += batch) {
      const rows = await likedPairsIn(db, low, low + batch - 1, ALSO_LIKED_HIGH_SCORE);
      for (const row of rows) pairs.add(Number(row.user_id), Number(row.series_id));
      await yieldToReads();
    }
    const index = pairs.index();
    const ids = index.seriesIds;
    let listed = 0;
    let written = 0;
    let from = 0;
    for (let low = range.low; low <= range.high; low += batch) {
      const high = low + batch - 1;
      let to = from;
      while (to < ids.length && ids[to]! <= high) to += 1;
      const rows = index.alsoLiked(from, to, ALSO_LIKED_MAX, ALSO_LIKED_MIN_CO_RATERS);
      from = to;
      await yieldToReads();
      await replaceAlsoLiked(db, low, high, rows);
      written += rows.length;
      listed += rows.filter((row) => row.position === 1).length;
    }
    return { listed, rows: written, likedPairs: pairs.size };
  });
}
