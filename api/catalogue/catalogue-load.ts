import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { series, seriesDetails } from '../db/schema';
import type { CatalogueLoad, CatalogueRow } from './catalogue-snapshot';
import { parseGenres } from './ranking';

/* The catalogue's SQL: one statement reads every series' listing row and a fingerprint of the data. */

/**
 * The columns of a CatalogueRow as lists and details read them from `series` (genres are parsed from genre
 * after the read).
 */
export const listingColumns = {
  id: series.id,
  title: series.title,
  genre: series.genre,
  type: series.type,
  status: series.status,
  author: series.author,
  artist: series.artist,
  coverKey: series.coverKey,
  voterCount: series.voterCount,
  finalScore: series.finalScore,
  malId: series.malId,
  anilistId: series.anilistId,
  mangaupdatesId: series.mangaupdatesId,
};
export type ListingRow = Omit<CatalogueRow, 'genres'>;

/** The listing columns' keys, in the order the load query packs them. */
const listingKeys = Object.keys(listingColumns) as (keyof ListingRow)[];

/**
 * Row count and the sum of the row versions' transaction ids (xmin) of both tables: any insert, update or
 * delete changes one of them, and computing it reads no column data. Answers also depend on
 * series_details (synopsis, totals), so both tables count.
 */
const fingerprintSql = sql<string>`(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from ${series})
  || '/' || (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from ${seriesDetails})`;

/**
 * Reads every series' listing columns (no votes) and the fingerprint in one statement, so both describe
 * the same database state. The rows travel as one JSON array of arrays: for 10,000 series that is several
 * times faster than as 10,000 result rows, the embedded engine's per-row cost being what dominates.
 */
export async function loadCatalogue(db: Database): Promise<CatalogueLoad> {
  const [result] = await db
    .select({ fingerprint: fingerprintSql, rows: packedRows() })
    .from(sql`(select 1) as one`);
  return { rows: unpackRows(result?.rows ?? null), fingerprint: result!.fingerprint };
}

/** The listing rows of some series (a patch of the cached catalogue), without the fingerprint. */
export async function loadCatalogueRows(db: Database, ids: number[]): Promise<CatalogueRow[]> {
  const [result] = await db
    .select({ rows: packedRows(sql` where ${inArray(series.id, ids)}`) })
    .from(sql`(select 1) as one`);
  return unpackRows(result?.rows ?? null);
}

function packedRows(where = sql``) {
  return sql<string | null>`(select json_agg(json_build_array(${sql.join(
    Object.values(listingColumns),
    sql`, `,
  )}))::text from ${series}${where})`;
}

function unpackRows(packed: string | null): CatalogueRow[] {
  const tuples = JSON.parse(packed ?? '[]') as unknown[][];
  return tuples.map((tuple) => {
    const row = Object.fromEntries(listingKeys.map((key, index) => [key, tuple[index]])) as ListingRow;
    return { ...row, genres: parseGenres(row.genre) };
  });
}

export async function loadCatalogueFingerprint(db: Database): Promise<string> {
  const [result] = await db.select({ fingerprint: fingerprintSql }).from(sql`(select 1) as one`);
  return result!.fingerprint;
}
