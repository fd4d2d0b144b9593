import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { executeCounting } from '../db/query-rows';
import { forumMedia, mediaDeletions } from '../db/schema';
import type { Queryable, Transaction } from '../db/transaction';
import { runLeased, type LeasedJob, type LeasedRun } from '../plugins/scheduled-jobs';

export const UNCLAIMED_MEDIA_JOB = 'forum-unclaimed-media';
const LEASE_MS = 15 * 60_000;
/** Rows one sweep removes at most; the next wake-up takes the rest. */
const SWEEP_BATCH = 1000;

/**
 * Ties the images a post shows to it, in the write's transaction:
 *
 * - the post author's images uploaded into this thread and not yet tied to a post (uploaded by an older
 *   client, or while editing);
 * - the writer's unclaimed images (uploaded in the new-thread form, before any thread existed), which the
 *   thread and post now own.
 *
 * Only the uploader's own images are taken: someone else's image URL in the markdown changes nothing. An
 * image taken concurrently by another write, or swept meanwhile, is left out by the update's own condition.
 */
export async function claimShownUploads(
  tx: Transaction,
  write: {
    threadId: number;
    postId: number;
    /** The post's author (null once their account went). */
    authorId: number | null;
    /** Who writes this text: the author, or an admin editing it. */
    writerId: number;
    content: string;
    urlOf: (key: string) => string;
  },
): Promise<void> {
  const inThread =
    write.authorId === null
      ? undefined
      : and(
          eq(forumMedia.threadId, write.threadId),
          eq(forumMedia.uploaderId, write.authorId),
          isNull(forumMedia.postId),
        );
  const unclaimed = and(isNull(forumMedia.threadId), eq(forumMedia.uploaderId, write.writerId));
  const candidates = await tx
    .select({ id: forumMedia.id, key: forumMedia.storageKey })
    .from(forumMedia)
    .where(inThread ? or(inThread, unclaimed) : unclaimed);
  const shown = candidates
    .filter((media) => write.content.includes(write.urlOf(media.key)))
    .map((media) => media.id);
  if (shown.length === 0) return;
  await tx
    .update(forumMedia)
    .set({ threadId: write.threadId, postId: write.postId })
    .where(
      and(
        inArray(forumMedia.id, shown),
        isNull(forumMedia.postId),
        or(isNull(forumMedia.threadId), eq(forumMedia.threadId, write.threadId)),
      ),
    );
}

/**
 * Deletes rows of unclaimed images matching `where` and schedules their files for removal by the media
 * sweep, in one statement: no file is forgotten if the process stops in between. Nothing ever showed an
 * unclaimed image, so no grace period applies to the files.
 */
async function dropUnclaimed(db: Queryable, where: SQL, limit?: number): Promise<number> {
  return executeCounting(
    db,
    sql`with gone as (
          delete from ${forumMedia} where ${forumMedia.id} in (
            select id from ${forumMedia} where ${forumMedia.threadId} is null and ${where}
            order by ${forumMedia.id} ${limit === undefined ? sql`` : sql`limit ${limit}`} for update skip locked
          )
          returning ${forumMedia.storageKey} as key
        )
        insert into ${mediaDeletions} (key, delete_after) select key, now() from gone
        on conflict (key) do nothing`,
  );
}

/** An account's unclaimed images go with it, all at once (in the account deletion's transaction). */
export async function dropUnclaimedOf(tx: Transaction, userId: number): Promise<number> {
  return dropUnclaimed(tx, sql`${forumMedia.uploaderId} = ${userId}`);
}

/**
 * Removes the images uploaded without a thread that no thread or post claimed within `graceSeconds`, once
 * across every instance (the job's lease). Answers how many went.
 */
export async function sweepUnclaimedForumMedia(
  db: Database,
  graceSeconds: number,
  runner: Pick<LeasedJob, 'holder' | 'quietMs'> = {},
): Promise<LeasedRun<{ removed: number }>> {
  return runLeased(db, { ...runner, name: UNCLAIMED_MEDIA_JOB, leaseMs: LEASE_MS }, async () => ({
    removed: await dropUnclaimed(
      db,
      sql`${forumMedia.createdAt} < now() - ${graceSeconds} * interval '1 second'`,
      SWEEP_BATCH,
    ),
  }));
}
