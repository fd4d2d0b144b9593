import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { executeCounting } from '../db/query-rows';
import { runLeased, type LeasedJob, type LeasedRun } from '../plugins/scheduled-jobs';

/** Notifications older than this go, read or not. */
export const NOTIFICATION_MAX_AGE_DAYS = 90;
/** The most notifications one user keeps; the oldest beyond go. */
export const NOTIFICATIONS_KEPT_PER_USER = 1000;

export const RETENTION_JOB = 'notification-retention';
const LEASE_MS = 15 * 60_000;

/**
 * Removes notifications older than 90 days and, per user, all but the newest 1,000, once across every
 * instance (the job's lease). A notification's age is that of its latest event (`updated_at`: a LIKE group
 * liked again yesterday is yesterday's), which is also the order the notifications page lists them in.
 *
 * It also removes those of recipients whose account is gone. The users table's delete trigger takes a
 * deleted account's notifications, but a reply's fan-out that read the account's follow before its
 * deletion committed, and committed after it, writes one it cannot see: the table has no foreign key that
 * would have made the reply wait (docs/decisions/notification-fan-out-keys.md). Nobody can read such a row.
 */
export async function sweepNotifications(
  db: Database,
  runner: Pick<LeasedJob, 'holder' | 'quietMs'> = {},
): Promise<LeasedRun<{ expired: number; overCap: number; orphaned: number }>> {
  return runLeased(db, { ...runner, name: RETENTION_JOB, leaseMs: LEASE_MS }, async () => {
    const expired = await executeCounting(
      db,
      sql`delete from notifications
          where updated_at < now() - ${NOTIFICATION_MAX_AGE_DAYS} * interval '1 day'`,
    );
    // Only users over the cap are ranked, so the sweep reads little when nobody is.
    const overCap = await executeCounting(
      db,
      sql`delete from notifications n
          using (
            select id from (
              select id, row_number() over (partition by user_id order by updated_at desc, id desc) as place
              from notifications
              where user_id in (
                select user_id from notifications group by user_id having count(*) > ${NOTIFICATIONS_KEPT_PER_USER}
              )
            ) ranked
            where place > ${NOTIFICATIONS_KEPT_PER_USER}
          ) extra
          where n.id = extra.id`,
    );
    const orphaned = await executeCounting(
      db,
      sql`delete from notifications n where not exists (select 1 from users u where u.id = n.user_id)`,
    );
    return { expired, overCap, orphaned };
  });
}
