import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { series, type SeriesType } from '../db/schema';

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself; backslash is Postgres' default escape. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Ids of the series whose title, author, artist or genre contains the term, ignoring case. `search_text`
 * is that text lower-cased and trigram-indexed, so the substring match uses the index (terms of three or
 * more characters; shorter ones scan, which is cheap at catalogue sizes).
 */
export async function findSeriesIdsMatching(
  db: Database,
  term: string,
  type: SeriesType | undefined,
): Promise<number[]> {
  const pattern = `%${escapeLike(term)}%`;
  const matches = sql`${series.searchText} like lower(${pattern})`;
  const rows = await db
    .select({ id: series.id })
    .from(series)
    .where(type ? and(matches, eq(series.type, type)) : matches);
  return rows.map((row) => row.id);
}
