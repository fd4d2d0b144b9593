import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query-rows';
import { forumWrites, type ForumWriteKind } from '../db/schema';
import type { Transaction } from '../db/transaction';

export interface WriteLimit {
  /** Accepted writes allowed per user in any window. */
  max: number;
  windowSeconds: number;
}

/** Arbitrary constant: the first key of the per-user advisory lock forum writes take. */
const FORUM_WRITER_LOCK = 727_113_100;

/**
 * Serializes one user's forum writes (on every instance sharing the database) until the transaction ends,
 * so the thread cap and the rate limits are checked and recorded without a race between two requests.
 */
export async function lockWriter(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FORUM_WRITER_LOCK}, ${userId})`);
}

/**
 * Seconds until the user may write again when they have made `max` accepted writes of this kind within the
 * window, else undefined. Call under lockWriter.
 */
export async function secondsUntilAllowed(
  tx: Transaction,
  userId: number,
  kind: ForumWriteKind,
  { max, windowSeconds }: WriteLimit,
): Promise<number | undefined> {
  // The max-th newest write in the window: while it is inside the window, the user is at the limit.
  const [row] = await queryRows<{ wait: number | string }>(
    tx,
    sql`select ceil(extract(epoch from (${forumWrites.createdAt} + make_interval(secs => ${windowSeconds}) - now())))::int as wait
        from ${forumWrites}
        where ${forumWrites.userId} = ${userId} and ${forumWrites.kind} = ${kind}
          and ${forumWrites.createdAt} > now() - make_interval(secs => ${windowSeconds})
        order by ${forumWrites.createdAt} desc
        offset ${max - 1} limit 1`,
  );
  return row ? Math.max(1, Number(row.wait)) : undefined;
}

/** Records an accepted write, and prunes the user's writes older than any window can reach. */
export async function recordWrite(
  tx: Transaction,
  userId: number,
  kind: ForumWriteKind,
  keepSeconds: number,
): Promise<void> {
  await tx.execute(
    sql`delete from ${forumWrites} where ${forumWrites.userId} = ${userId}
        and ${forumWrites.createdAt} < now() - make_interval(secs => ${keepSeconds})`,
  );
  await tx.insert(forumWrites).values({ userId, kind });
}
