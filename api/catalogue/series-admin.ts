import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isPossibleSerialId } from '../../contract/http';
import {
  FOREIGN_KEY_VIOLATION,
  UNIQUE_VIOLATION,
  postgresConstraint,
  postgresErrorCode,
} from '../db/postgres-errors';
import type { ExternalIdField } from '../../contract/catalogue';
import { series, seriesDetails } from '../db/schema';
import type { SeriesFieldValues } from './series-fields';

/*
 * The catalogue administration's writes, each one transaction. A write that points the database at a new
 * cover answers the key it replaced, so the caller removes the old files only once nothing names them.
 */

/** A write that found no series (absent, or deleted while it waited for a lock). */
export const SERIES_GONE = Symbol('series gone');

/** A write that would give a series an external id another series has: which id. */
export class ExternalIdTakenError extends Error {
  constructor(readonly field: ExternalIdField) {
    super(`${field} already taken`);
    this.name = 'ExternalIdTakenError';
  }
}

/** The unique index of each external id (api/db/schema/series.ts). */
const EXTERNAL_ID_INDEXES: Record<string, ExternalIdField> = {
  series_mal_id_key: 'mal_id',
  series_anilist_id_key: 'anilist_id',
  series_mangaupdates_id_key: 'mangaupdates_id',
};

/**
 * Runs a series write, answering a clash on an external id's unique index as ExternalIdTakenError. The
 * index decides, so two admins giving the same id to two series at once get one success and one 409.
 */
async function guardExternalIds<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field =
      postgresErrorCode(error) === UNIQUE_VIOLATION
        ? EXTERNAL_ID_INDEXES[postgresConstraint(error) ?? '']
        : undefined;
    if (field) throw new ExternalIdTakenError(field);
    throw error;
  }
}

/** Adds a series with its (empty) detail row; answers its id. */
export async function createSeries(
  db: Database,
  values: SeriesFieldValues,
  coverKey: string,
): Promise<number> {
  return guardExternalIds(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(series)
        .values({
          title: values.title!,
          genre: values.genre!,
          type: values.type!,
          status: values.status ?? null,
          author: values.author ?? '',
          artist: values.artist ?? '',
          malId: values.malId ?? null,
          anilistId: values.anilistId ?? null,
          mangaupdatesId: values.mangaupdatesId ?? null,
          chapters: values.chapters ?? null,
          volumes: values.volumes ?? null,
          altTitles: values.altTitles ?? [],
          coverKey,
        })
        .returning({ id: series.id });
      // Every series has its detail row from the start, so votes and detail edits only update it.
      await tx.insert(seriesDetails).values({ seriesId: created!.id });
      return created!.id;
    }),
  );
}

/** Edits a series' fields and, with `coverKey`, its cover; answers the replaced cover key (null for none). */
export async function updateSeries(
  db: Database,
  id: number,
  values: SeriesFieldValues,
  coverKey: string | undefined,
): Promise<string | null | typeof SERIES_GONE> {
  return guardExternalIds(() =>
    db.transaction(async (tx) => {
      // Locked, so two edits replacing the cover at once each remove exactly the key they replaced.
      const [current] = await tx
        .select({ coverKey: series.coverKey })
        .from(series)
        .where(eq(series.id, id))
        .for('update');
      if (!current) return SERIES_GONE;
      await tx
        .update(series)
        .set({ ...values, ...(coverKey ? { coverKey } : {}), updatedAt: sql`now()` })
        .where(eq(series.id, id));
      return coverKey ? current.coverKey : null;
    }),
  );
}

/** Sets a series' synopsis and, with `coverKey`, its detail cover; answers the replaced detail cover key. */
export async function saveSeriesDetail(
  db: Database,
  seriesId: number,
  synopsis: string,
  coverKey: string | undefined,
): Promise<string | null | typeof SERIES_GONE> {
  try {
    return await db.transaction(async (tx) => {
      // Series created before they had a detail row get one here.
      await tx.insert(seriesDetails).values({ seriesId }).onConflictDoNothing();
      const [current] = await tx
        .select({ coverKey: seriesDetails.coverKey })
        .from(seriesDetails)
        .where(eq(seriesDetails.seriesId, seriesId))
        .for('update');
      // Deleted with its series while this edit waited for the lock.
      if (!current) return SERIES_GONE;
      await tx
        .update(seriesDetails)
        .set({ synopsis, ...(coverKey ? { coverKey } : {}), updatedAt: sql`now()` })
        .where(eq(seriesDetails.seriesId, seriesId));
      return coverKey ? current.coverKey : null;
    });
  } catch (error) {
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) return SERIES_GONE;
    throw error;
  }
}

/**
 * Deletes a series; foreign keys cascade to its details, votes, voters, list items and forum references.
 * Answers the cover keys it named (series and detail cover), or SERIES_GONE.
 */
export async function deleteSeries(
  db: Database,
  id: number,
): Promise<(string | null | undefined)[] | typeof SERIES_GONE> {
  // An id past the integer column names no series (and would fail the query, not find nothing).
  if (!isPossibleSerialId(id)) return SERIES_GONE;
  return db.transaction(async (tx) => {
    // The series row first, as a vote takes it (its foreign-key check) before the detail row: locking
    // the detail row first deadlocks against a vote in flight on the same series.
    const [target] = await tx.select({ id: series.id }).from(series).where(eq(series.id, id)).for('update');
    if (!target) return SERIES_GONE;
    const [detail] = await tx
      .select({ coverKey: seriesDetails.coverKey })
      .from(seriesDetails)
      .where(eq(seriesDetails.seriesId, id))
      .for('update');
    const [deleted] = await tx
      .delete(series)
      .where(eq(series.id, id))
      .returning({ coverKey: series.coverKey });
    return deleted ? [deleted.coverKey, detail?.coverKey] : SERIES_GONE;
  });
}
