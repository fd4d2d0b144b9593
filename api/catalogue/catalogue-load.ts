import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { packedRowsSql, recordOf, unpackTuples } from '../db/packed-rows';
import {
  catalogueVersion,
  series,
  seriesDetails,
  VOTE_CATEGORY_FIELDS,
  type CategoryTotals,
} from '../db/schema';
import type { CatalogueLoad, CatalogueRow, LoadedCatalogueRow } from './catalogue-snapshot';
import { parseGenres } from './listing';

/* The catalogue's SQL: one statement reads every series' listing row and a fingerprint of the data. */

/**
 * The columns of a CatalogueRow as lists and details read them from `series` (genres are parsed from genre
 * after the read, scores computed from the totals by the ranker).
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
  malId: series.malId,
  anilistId: series.anilistId,
  mangaupdatesId: series.mangaupdatesId,
  chapters: series.chapters,
  volumes: series.volumes,
  altTitles: series.altTitles,
};
export type ListingRow = Omit<CatalogueRow, 'genres' | keyof CategoryTotals>;
/** A ListingRow as read, before it is scored. */
export type LoadedListingRow = Omit<LoadedCatalogueRow, 'genres' | keyof CategoryTotals>;

/**
 * What the snapshot holds of a series: its listing columns and the category totals the ranker scores it
 * from (0 for a series without a detail row).
 */
const snapshotColumns = {
  ...listingColumns,
  ...Object.fromEntries(
    VOTE_CATEGORY_FIELDS.flatMap(({ total, count }) => [
      [total, sql<number>`coalesce(${seriesDetails[total]}, 0)`],
      [count, sql<number>`coalesce(${seriesDetails[count]}, 0)`],
    ]),
  ),
};

/**
 * The catalogue's change count: bumped once by every transaction that changed `series` or `series_details`,
 * as it commits, whoever wrote (migration 0016). A one-row read, where summing the rows' transaction ids
 * cost the embedded engine 0.3-0.6 s at 100,000 series.
 */
const fingerprintSql = sql<string>`(select ${catalogueVersion.version}::text from ${catalogueVersion})`;

/** Rows read per statement by loadCatalogue. */
export const CATALOGUE_LOAD_PAGE = 5000;

/**
 * Reads every series' listing columns (no votes) and the fingerprint, both from one read-only
 * repeatable-read transaction so they describe the same database state. The rows come in pages of
 * CATALOGUE_LOAD_PAGE by id, each page as one JSON array of arrays (the embedded engine's cost is per
 * result row, so that is several times faster than as many rows). One JSON array of the whole catalogue
 * was 4 times slower at 100,000 series (6.1 s against 1.5 s) and grew the embedded engine's
 * WebAssembly memory, which never shrinks, by about 230 MB to build it; a page needs a few MB.
 */
export async function loadCatalogue(db: Database, pageSize = CATALOGUE_LOAD_PAGE): Promise<CatalogueLoad> {
  return db.transaction(
    async (tx) => {
      const fingerprint = await loadCatalogueFingerprint(tx);
      const rows: LoadedCatalogueRow[] = [];
      for (let after = 0; ;) {
        const [result] = await tx
          .select({ rows: packedRows(sql` where ${series.id} > ${after}`, pageSize) })
          .from(sql`(select 1) as one`);
        const page = unpackCatalogueRows(result?.rows ?? null);
        for (const row of page) rows.push(row);
        if (page.length < pageSize) return { rows, fingerprint };
        after = page[page.length - 1]!.id;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The listing rows of some series (a patch of the cached catalogue), without the fingerprint. */
export async function loadCatalogueRows(db: Database, ids: number[]): Promise<LoadedCatalogueRow[]> {
  const [result] = await db
    .select({ rows: packedRows(sql` where ${inArray(series.id, ids)}`) })
    .from(sql`(select 1) as one`);
  return unpackCatalogueRows(result?.rows ?? null);
}

const snapshotKeys = Object.keys(snapshotColumns);

/** The snapshot columns of the series `where` picks, in id order, at most `limit` of them. */
function packedRows(where = sql``, limit?: number) {
  return packedRowsSql(
    snapshotColumns,
    sql`from ${series} left join ${seriesDetails} on ${seriesDetails.seriesId} = ${series.id}${where}
    order by ${series.id}${limit === undefined ? sql`` : sql` limit ${limit}`}`,
    'id',
  );
}

function unpackCatalogueRows(packed: string | null): LoadedCatalogueRow[] {
  return unpackTuples(packed).map((tuple) => {
    const row = recordOf<Omit<LoadedCatalogueRow, 'genres'>>(snapshotKeys, tuple);
    return { ...row, genres: parseGenres(row.genre) };
  });
}

export async function loadCatalogueFingerprint(db: Pick<Database, 'select'>): Promise<string> {
  const [result] = await db.select({ fingerprint: fingerprintSql }).from(sql`(select 1) as one`);
  return result!.fingerprint;
}
