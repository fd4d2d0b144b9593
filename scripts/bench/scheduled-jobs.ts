/**
 * Scheduled jobs benchmark: fills an in-memory database with daily digest subscribers and their unread
 * notifications, then times one digest run (every message composed, none sent: the mailer only counts),
 * a second run with nobody due, and the retention sweep over every row.
 *
 *   npm run bench:jobs                           # 2,000 subscribers x 20 unread
 *   npm run bench:jobs -- --users 10000 --per-user 50
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openScratchDatabase } from '../../api/db/open-for-script';
import { sendDueDigests } from '../../api/digest/digest-job';
import { unreadNotificationsIn } from '../../api/digest/unread-notifications';
import { UnsubscribeTokens } from '../../api/digest/unsubscribe-token';
import { sweepNotifications } from '../../api/retention/notification-retention';
import { printMachineReference } from './machine-reference';

const { values } = parseArgs({
  options: { users: { type: 'string', default: '2000' }, 'per-user': { type: 'string', default: '20' } },
});
const users = Number(values.users);
const perUser = Number(values['per-user']);
printMachineReference();
const { database } = await openScratchDatabase('bench-jobs');
try {
  const { db } = database;
  await db.execute(sql`insert into users (username, email, email_verified_at, email_digest)
    select 'bench' || g, 'bench' || g || '@gmail.com', now(), 'daily' from generate_series(1, ${users}) g`);
  await db.execute(sql`insert into notifications (user_id, kind, created_at, updated_at)
    select u.id, 'THREAD_REPLY', now() - n * interval '1 hour', now() - n * interval '1 hour'
    from users u, generate_series(1, ${perUser}) n`);

  let composed = 0;
  const deps = {
    db,
    mailer: { sendDigestEmail: async () => void (composed += 1) },
    notifications: unreadNotificationsIn(db),
    tokens: new UnsubscribeTokens('bench-secret-bench-secret-bench-secret'),
    siteUrl: 'http://localhost:4321',
    apiUrl: 'http://localhost:8787',
    log: { error: () => {} } as unknown as FastifyBaseLogger,
  };
  const time = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, ms: Math.round(performance.now() - started) };
  };
  const ids = await db.execute(sql`select id from users`);
  const read = await time(() =>
    deps.notifications.unreadFor(
      (ids as unknown as { rows: Array<{ id: number }> }).rows.map((row) => row.id),
      5,
    ),
  );
  console.log(`unread notifications of ${users} subscribers read in ${read.ms} ms`);
  const first = await time(() => sendDueDigests(deps));
  console.log(`digest run: ${users} subscribers x ${perUser} unread, ${composed} digests in ${first.ms} ms`);
  const second = await time(() => sendDueDigests(deps));
  console.log(`digest run with nobody due: ${second.ms} ms`);
  const sweep = await time(() => sweepNotifications(db));
  console.log(`retention sweep over ${users * perUser} notifications: ${sweep.ms} ms`);
} finally {
  await database.close();
}
