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

interface Count {
  hits: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/** How soon counts reach the table: what a crash of the process can lose of them. */
const WRITE_BACK_MS = 1000;

/**
 * The embedded engine's counters. Only this process can open the engine's files, so the counts live in
 * memory (shared by every app built on the engine) and are written back to rate_limit_counters within a
 * second; a key's count is read from the table the first time it is seen, so a restart keeps the counts.
 * The engine runs one statement at a time on the event loop: an upsert per vote was a fifth of a vote's
 * cost there.
 */
export class EmbeddedRateLimitCounters {
  private readonly counts = new Map<string, Count>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async increment(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    if (!this.counts.has(key)) await (this.loading.get(key) ?? this.load(key));
    const now = Date.now();
    let count = this.counts.get(key);
    if (!count || count.resetAt <= now) {
      count = { hits: 0, resetAt: now + windowMs };
      this.counts.set(key, count);
    }
    count.hits += 1;
    this.dirty.add(key);
    this.timer ??= setTimeout(() => void this.flush().catch(this.onError), WRITE_BACK_MS);
    this.timer.unref();
    return { current: count.hits, ttl: count.resetAt - now };
  }

  /** Writes the changed counts to the table (and forgets ended windows); call it on close too. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    const keys = [...this.dirty];
    this.dirty.clear();
    for (const [key, count] of this.counts)
      if (count.resetAt <= now && !keys.includes(key)) this.counts.delete(key);
    if (keys.length === 0) return;
    const rows = keys.map((key) => {
      const { hits, resetAt } = this.counts.get(key)!;
      return sql`(${key}, ${hits}, to_timestamp(${resetAt / 1000}))`;
    });
    await this.db.execute(
      sql`insert into ${rateLimitCounters} (key, hits, reset_at) values ${sql.join(rows, sql`, `)}
        on conflict (key) do update set hits = excluded.hits, reset_at = excluded.reset_at`,
    );
  }

  private load(key: string): Promise<void> {
    const loaded = queryRows<{ hits: number; reset_ms: number }>(
      this.db,
      sql`select hits, extract(epoch from reset_at) * 1000 as reset_ms from ${rateLimitCounters} where key = ${key}`,
    )
      .then(([row]) => {
        if (row && !this.counts.has(key))
          this.counts.set(key, { hits: row.hits, resetAt: Number(row.reset_ms) });
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, loaded);
    return loaded;
  }
}

/** One set of counters per embedded engine in this process. */
const countersOfEngine = new WeakMap<object, EmbeddedRateLimitCounters>();

export function embeddedRateLimitCounters(
  engine: object,
  db: Database,
  onError: (error: unknown) => void,
): EmbeddedRateLimitCounters {
  let counters = countersOfEngine.get(engine);
  if (!counters) {
    counters = new EmbeddedRateLimitCounters(db, onError);
    countersOfEngine.set(engine, counters);
  }
  return counters;
}

/** A @fastify/rate-limit store over the embedded engine's counters. */
export function embeddedRateLimitStore(counters: EmbeddedRateLimitCounters) {
  return class EmbeddedRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      counters.increment(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }

    child(): EmbeddedRateLimitStore {
      return this;
    }
  };
}
