import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { forumLikes, forumPosts, notifications, seriesDetails, seriesVoters, users } from '../db/schema';
import { dropUnclaimedOf } from '../forum/unclaimed-media';

/**
 * Deletes a user in one transaction. The foreign keys do the rest: votes and series_voters cascade, and
 * their delete triggers (migration 0006) take the votes out of every category total, voter count and final
 * score in the same transaction; reading lists cascade; forum threads and posts keep their rows with a null
 * author ("Anonymous"). Any other deletion of a user row (SQL by hand included) keeps the vote totals true
 * the same way.
 *
 * The forum's like counts are kept by the application (likes.ts), so the user's likes are deleted here,
 * each taking one off its post's count, as an unlike would: the like row first, then the post, the order a
 * like toggle takes them in.
 *
 * The detail rows of the series the user voted on are locked first, in id order: a vote locks a detail row
 * and then its series row, so taking every detail row before the triggers touch any series row keeps this
 * from deadlocking against votes in flight. Then the user row: a like inserted from now on waits for this
 * transaction and then finds no user, so no like can slip in uncounted between the two deletes. Answers
 * the ids of the series whose scores changed, or undefined when the user was already gone.
 *
 * The user's notifications go by the users table's delete trigger (migration 0014). The LIKE groups they
 * were in read their likers from the likes, so they lose the user's name and count with the likes;
 * `notified` names those groups' recipients, whose unread count may drop (a group left with no liker is not
 * shown).
 *
 * The forum images the user uploaded that no thread or post claimed go too, their files scheduled for the
 * media sweep; those their posts show stay with the posts.
 */
/** What went with an account: the series its votes counted in, and the users whose notifications it was in. */
export interface DeletedAccount {
  userId: number;
  changedSeries: number[];
  notified: number[];
}

export async function deleteAccount(db: Database, userId: number): Promise<DeletedAccount | undefined> {
  return db.transaction(async (tx) => {
    const voted = await queryRows<{ series_id: number }>(
      tx,
      sql`select ${seriesDetails.seriesId} as series_id from ${seriesDetails}
        where ${seriesDetails.seriesId} in (select ${seriesVoters.seriesId} from ${seriesVoters} where ${seriesVoters.userId} = ${userId})
        order by ${seriesDetails.seriesId} for update`,
    );
    const [present] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!present) return undefined;
    const notified = await queryRows<{ user_id: number }>(
      tx,
      sql`select distinct n.user_id from ${notifications} n
          join ${forumLikes} h on h.post_id = n.post_id and h.user_id = ${userId}
          where n.kind = 'LIKE' and n.read_at is null`,
    );
    await tx.execute(
      sql`with unliked as (
          delete from ${forumLikes} where ${forumLikes.userId} = ${userId} returning ${forumLikes.postId} as post_id
        )
        update ${forumPosts} set like_count = greatest(${forumPosts.likeCount} - 1, 0)
        where ${forumPosts.id} in (select post_id from unliked)`,
    );
    await dropUnclaimedOf(tx, userId);
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    if (deleted.length === 0) return undefined;
    return {
      userId,
      changedSeries: voted.map((row) => row.series_id),
      notified: notified.map((row) => Number(row.user_id)),
    };
  });
}
