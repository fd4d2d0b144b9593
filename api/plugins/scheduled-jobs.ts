import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { scheduledJobLeases } from '../db/schema';

export type LeasedRun<T> = { ran: true; result: T } | { ran: false };

export interface LeasedJob {
  name: string;
  /** Longer than any run: a lease whose holder died mid-run frees the job after this. */
  leaseMs: number;
  /**
   * After a run, the lease is kept until this long after the run started, so an instance that woke a
   * moment later, once the first had already finished, skips rather than running the job again. The
   * schedulers pass half their interval; 0 frees the job as soon as the run ends.
   */
  quietMs?: number;
  /** Names this runner in the lease (tests). */
  holder?: string;
}

/**
 * Runs `work` only if this caller takes the job's lease: one row per job in scheduled_job_leases, taken
 * by a single statement that succeeds only while no other holder's lease is current, so however many
 * instances wake at once, one works and the others skip.
 */
export async function runLeased<T>(
  db: Database,
  job: LeasedJob,
  work: () => Promise<T>,
): Promise<LeasedRun<T>> {
  const holder = job.holder ?? randomUUID();
  const taken = await db
    .insert(scheduledJobLeases)
    .values({
      name: job.name,
      holder,
      expiresAt: sql`now() + ${job.leaseMs} * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: scheduledJobLeases.name,
      set: { holder, expiresAt: sql`excluded.expires_at` },
      setWhere: sql`${scheduledJobLeases.expiresAt} <= now()`,
    })
    .returning({ holder: scheduledJobLeases.holder });
  if (taken.length === 0) return { ran: false };
  try {
    return { ran: true, result: await work() };
  } finally {
    // expires_at is the start plus leaseMs, so this moves it to the start plus quietMs (past already
    // when the run took longer): one statement, with the database's clock, like the take.
    const keptMs = Math.min(job.quietMs ?? 0, job.leaseMs);
    await db
      .update(scheduledJobLeases)
      .set({
        expiresAt: sql`${scheduledJobLeases.expiresAt} - ${job.leaseMs - keptMs} * interval '1 millisecond'`,
      })
      .where(and(eq(scheduledJobLeases.name, job.name), eq(scheduledJobLeases.holder, holder)));
  }
}

/**
 * Wakes `run` every `intervalMs` in this instance (0: never); the run itself decides, through its lease,
 * whether this instance works. A run still going when the next wake-up comes is not started twice.
 */
export function everyInterval(intervalMs: number, run: () => Promise<unknown>): { stop(): void } {
  if (intervalMs <= 0) return { stop() {} };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void run().finally(() => {
      running = false;
    });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
