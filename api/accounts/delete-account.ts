import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { seriesDetails, seriesVoters, users } from '../db/schema';

/**
 * Deletes a user in one transaction. The foreign keys do the rest: votes and series_voters cascade, and
 * their delete triggers (migration 0006) take the votes out of every category total, voter count and final
 * score in the same transaction; reading lists and forum hearts cascade; forum threads and posts keep
 * their rows with a null author ("Anonymous"). Any other deletion of a user row (SQL by hand included)
 * keeps the totals true the same way.
 *
 * The detail rows of the series the user voted on are locked first, in id order: a vote locks a detail row
 * and then its series row, so taking every detail row before the triggers touch any series row keeps this
 * from deadlocking against votes in flight. Answers the ids of the series whose scores changed, or
 * undefined when the user was already gone.
 */
export async function deleteAccount(db: Database, userId: number): Promise<number[] | undefined> {
  return db.transaction(async (tx) => {
    const voted = await queryRows<{ series_id: number }>(
      tx,
      sql`select ${seriesDetails.seriesId} as series_id from ${seriesDetails}
        where ${seriesDetails.seriesId} in (select ${seriesVoters.seriesId} from ${seriesVoters} where ${seriesVoters.userId} = ${userId})
        order by ${seriesDetails.seriesId} for update`,
    );
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return deleted.length > 0 ? voted.map((row) => row.series_id) : undefined;
  });
}
