import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { rateLimitCounters } from '../db/schema';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over the rate_limit_counters table: every instance on the database counts
 * against the same rows, and counts survive a restart. One upsert per counted request: the row's window is
 * started afresh once it has ended, else its count goes up; both in the statement, so concurrent requests
 * on any instance never lose a hit.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      queryRows<{ hits: number; ttl: number }>(
        db,
        sql`insert into ${rateLimitCounters} (key, hits, reset_at)
          values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
          on conflict (key) do update set
            hits = case when ${rateLimitCounters}.reset_at <= now() then 1 else ${rateLimitCounters}.hits + 1 end,
            reset_at = case when ${rateLimitCounters}.reset_at <= now() then excluded.reset_at
              else ${rateLimitCounters}.reset_at end
          returning hits, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`,
      ).then(
        ([row]) => callback(null, { current: row!.hits, ttl: row!.ttl }),
        (error: unknown) => callback(error as Error),
      );
    }

    child(): DatabaseRateLimitStore {
      return this;
    }
  };
}

/** Deletes counters whose window ended; any instance may do it, rows are only ever recreated by an upsert. */
export async function sweepRateLimitCounters(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, sql`now()`));
}
