import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { votes } from '../db/schema';

/* The catalogue's SQL for the trending order: who voted lately. */

/**
 * Distinct voters per series among the votes cast since `since` (a vote keeps the time it was first cast),
 * as one JSON array of [series id, voters] pairs: the votes' created_at index picks the window's rows.
 */
export async function loadRecentVoters(db: Database, since: Date): Promise<Map<number, number>> {
  const [result] = await db
    .select({
      pairs: sql<string>`coalesce((select json_agg(json_build_array(series_id, voters))::text from (
        select ${votes.seriesId} as series_id, count(distinct ${votes.userId}) as voters from ${votes}
        where ${votes.createdAt} >= ${since.toISOString()}::timestamptz group by ${votes.seriesId}
      ) as recent), '[]')`,
    })
    .from(sql`(select 1) as one`);
  return new Map(JSON.parse(result?.pairs ?? '[]') as [number, number][]);
}
