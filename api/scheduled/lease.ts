import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { scheduledJobLeases } from '../db/schema';

export type LeasedRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `work` only if this caller takes the job's lease: one row per job in scheduled_job_leases, taken
 * by a single statement that succeeds only while no other holder's lease is current, so however many
 * instances wake at once, one works and the others skip. The lease is given back when the work ends; one
 * whose holder died expires after `leaseMs`, which must outlast the longest run.
 */
export async function runLeased<T>(
  db: Database,
  job: { name: string; leaseMs: number; holder?: string },
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
    await db
      .delete(scheduledJobLeases)
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
