import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../api/db/query-rows';
import { notifications, scheduledJobLeases } from '../../api/db/schema';
import {
  NOTIFICATIONS_KEPT_PER_USER,
  RETENTION_JOB,
  sweepNotifications,
} from '../../api/retention/notification-retention';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';

describe('notification retention', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RETENTION_CHECK_INTERVAL: '0' });
  });
  afterAll(() => server.close());

  /** Inserts notifications for a user, `ageDays` old each (with a few seconds between, oldest first). */
  async function insertNotifications(userId: number, ages: number[]): Promise<number[]> {
    const rows = await server.database.db
      .insert(notifications)
      .values(
        ages.map((days, i) => {
          const at = sql`now() - ${days} * interval '1 day' + ${i} * interval '1 second'`;
          return { userId, kind: 'THREAD_REPLY' as const, createdAt: at, updatedAt: at };
        }),
      )
      .returning({ id: notifications.id });
    return rows.map((row) => row.id);
  }

  const idsOf = async (userId: number) =>
    (
      await server.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.id))
    ).map((row) => row.id);

  it('removes notifications older than 90 days, read or not, and keeps the rest', async () => {
    const user = await createUserWithToken(server);
    const [, older, recent, borderline] = await insertNotifications(user.id, [91, 400, 1, 89]);
    await server.database.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(eq(notifications.id, older!));
    const run = await sweepNotifications(server.database.db);
    expect(run).toMatchObject({ ran: true, result: { expired: 2 } });
    expect(await idsOf(user.id)).toEqual([recent, borderline]);
  });

  it("keeps a user's newest 1,000: the 1,001st newest goes, and other users keep theirs", async () => {
    const heavy = await createUserWithToken(server);
    const light = await createUserWithToken(server);
    // Oldest first: 1,001 notifications over the last 30 days.
    const ids = await insertNotifications(
      heavy.id,
      Array.from({ length: NOTIFICATIONS_KEPT_PER_USER + 1 }, () => 30),
    );
    const lightIds = await insertNotifications(light.id, [2, 1]);
    const run = await sweepNotifications(server.database.db);
    expect(run).toMatchObject({ ran: true, result: { overCap: 1 } });
    const kept = await idsOf(heavy.id);
    expect(kept).toHaveLength(NOTIFICATIONS_KEPT_PER_USER);
    expect(kept).not.toContain(ids[0]);
    expect(kept).toEqual(ids.slice(1));
    expect(await idsOf(light.id)).toEqual(lightIds);
  });

  it('removes the notifications of a recipient whose account is gone, and no one else’s', async () => {
    const kept = await createUserWithToken(server);
    const keptIds = await insertNotifications(kept.id, [3]);
    // What a fan-out racing the account's deletion leaves: a row for an id no account has any more.
    const [row] = await queryRows<{ id: number }>(
      server.database.db,
      sql`select coalesce(max(id), 0) + 1000 as id from users`,
    );
    const goneId = Number(row!.id);
    await insertNotifications(goneId, [1, 2]);
    const run = await sweepNotifications(server.database.db);
    expect(run).toMatchObject({ ran: true, result: { orphaned: 2 } });
    expect(await idsOf(goneId)).toEqual([]);
    expect(await idsOf(kept.id)).toEqual(keptIds);
  });

  it('sweeps once when two instances race for the lease, even when one wakes after the other finished', async () => {
    const quietMs = 60_000;
    const runs = await Promise.all([
      sweepNotifications(server.database.db, { holder: 'instance-a', quietMs }),
      sweepNotifications(server.database.db, { holder: 'instance-b', quietMs }),
    ]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    // A third instance waking just after the run ended still skips: the winner keeps the lease a while.
    expect(await sweepNotifications(server.database.db, { holder: 'instance-c', quietMs })).toEqual({
      ran: false,
    });
    const [lease] = await server.database.db
      .select({
        holder: scheduledJobLeases.holder,
        left: sql<number>`extract(epoch from ${scheduledJobLeases.expiresAt} - now())`.mapWith(Number),
      })
      .from(scheduledJobLeases)
      .where(eq(scheduledJobLeases.name, RETENTION_JOB));
    expect(['instance-a', 'instance-b']).toContain(lease!.holder);
    expect(lease!.left).toBeGreaterThan(50);
    expect(lease!.left).toBeLessThanOrEqual(60);
    // Once the quiet period is over, the next wake-up sweeps.
    await server.database.db
      .update(scheduledJobLeases)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobLeases.name, RETENTION_JOB));
    expect(await sweepNotifications(server.database.db, { holder: 'instance-c' })).toMatchObject({
      ran: true,
    });
  });
});
