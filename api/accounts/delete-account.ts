import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { seriesDetails, seriesVoters, users } from '../db/schema';
import type { Transaction } from '../db/transaction';

/**
 * What another feature removes of an account in the deletion's transaction (after the user row is locked,
 * before it goes): the users whose notifications that changed.
 */
export type AccountDeletionStep = (tx: Transaction, userId: number) => Promise<number[]>;

/**
 * Deletes a user in one transaction. The foreign keys do the rest: votes and series_voters cascade, and
 * their delete triggers (migration 0006) take the votes out of every category total, voter count and final
 * score in the same transaction; reading lists cascade; forum threads and posts keep their rows with a null
 * author ("Anonymous"). Any other deletion of a user row (SQL by hand included) keeps the vote totals true
 * the same way.
 *
 * What the foreign keys cannot do, the features that own it do in the same transaction (`steps`, in order):
 * the forum deletes the user's likes, each taking one off its post's count as an unlike would (the reviews
 * do the same with the user's helpful marks), and the
 * images the user uploaded that no thread or post claimed; notifications first name the users whose LIKE
 * groups the likes were in.
 *
 * The detail rows of the series the user voted on are locked first, in id order: a vote locks a detail row
 * and then its series row, so taking every detail row before the triggers touch any series row keeps this
 * from deadlocking against votes in flight. Then the user row: a like inserted from now on waits for this
 * transaction and then finds no user, so no like can slip in uncounted between the two deletes. Answers
 * the ids of the series whose scores changed, or undefined when the user was already gone.
 *
 * The user's notifications go by the users table's delete trigger (migration 0014); `notified` names the
 * users the steps answered.
 */
/** What went with an account: the series its votes counted in, and the users whose notifications it was in. */
export interface DeletedAccount {
  userId: number;
  changedSeries: number[];
  notified: number[];
}

export async function deleteAccount(
  db: Database,
  userId: number,
  steps: readonly AccountDeletionStep[],
): Promise<DeletedAccount | undefined> {
  return db.transaction(async (tx) => {
    const voted = await queryRows<{ series_id: number }>(
      tx,
      sql`select ${seriesDetails.seriesId} as series_id from ${seriesDetails}
        where ${seriesDetails.seriesId} in (select ${seriesVoters.seriesId} from ${seriesVoters} where ${seriesVoters.userId} = ${userId})
        order by ${seriesDetails.seriesId} for update`,
    );
    const [present] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!present) return undefined;
    const notified = new Set<number>();
    for (const step of steps) for (const id of await step(tx, userId)) notified.add(id);
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    if (deleted.length === 0) return undefined;
    return {
      userId,
      changedSeries: voted.map((row) => row.series_id),
      notified: [...notified],
    };
  });
}
