import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { mediaDeletions } from '../db/schema';
import { allKeys } from './images';
import type { MediaStorage } from './storage';

/** Due deletions one sweep handles at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/**
 * Media the database stopped naming (a replaced cover, a deleted series or report) are removed only once
 * a grace period has passed: pages pre-rendered before the change, CDN copies and other instances' cached
 * answers still name them for a while. The pending deletions are rows, so any instance can sweep them,
 * and a restart forgets none.
 */
export class RetiredMedia {
  constructor(
    private readonly db: Database,
    private readonly storage: MediaStorage,
    private readonly graceSeconds: number,
  ) {}

  /** Schedules a stored image and its width variants for removal after the grace period. */
  async retireImage(key: string): Promise<void> {
    const keys = allKeys(key);
    if (this.graceSeconds <= 0) return this.storage.remove(keys);
    await this.db
      .insert(mediaDeletions)
      .values(
        keys.map((retired) => ({
          key: retired,
          deleteAfter: sql`now() + ${this.graceSeconds} * interval '1 second'`,
        })),
      )
      .onConflictDoNothing();
  }

  /**
   * Removes the files whose grace period has passed. Rows are claimed with SKIP LOCKED inside a
   * transaction and deleted only if the storage removal succeeded, so two instances sweeping at once never
   * both take a row, and a failed removal is retried by the next sweep. Answers how many files went.
   */
  async sweep(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await queryRows<{ key: string }>(
        tx,
        sql`select key from ${mediaDeletions} where delete_after <= now()
          order by delete_after limit ${SWEEP_BATCH} for update skip locked`,
      );
      if (due.length === 0) return 0;
      const keys = due.map((row) => row.key);
      await this.storage.remove(keys);
      await tx.delete(mediaDeletions).where(inArray(mediaDeletions.key, keys));
      return keys.length;
    });
  }
}
