import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { escapeLike } from '../db/like-pattern';
import { series, type SeriesType } from '../db/schema';

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
  // One row holding a JSON array: a broad term can match thousands of series, and the embedded engine's
  // cost is per result row.
  const [result] = await db
    .select({ ids: sql<string>`coalesce(json_agg(${series.id})::text, '[]')` })
    .from(series)
    .where(type ? and(matches, eq(series.type, type)) : matches);
  return JSON.parse(result?.ids ?? '[]') as number[];
}
