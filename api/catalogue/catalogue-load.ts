import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { catalogueVersion, series } from '../db/schema';
import type { CatalogueLoad, CatalogueRow } from './catalogue-snapshot';
import { parseGenres } from './ranking';

/* The catalogue's SQL: every series' listing row, read in pages, and the fingerprint of the data. */

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

/** The order the load query packs the columns in, which unpackRows reads by index. */
const PACKED_ORDER = [
  'id',
  'title',
  'genre',
  'type',
  'status',
  'author',
  'artist',
  'coverKey',
  'voterCount',
  'finalScore',
  'malId',
  'anilistId',
  'mangaupdatesId',
] as const satisfies readonly (keyof ListingRow)[];

/**
 * The catalogue's change count (`catalogue_version`, bumped by triggers on every statement that changes
 * `series` or `series_details`, whoever runs it): one row, where summing xmin over both tables took
 * 0.3-0.6 s of the embedded engine at 100,000 series.
 */
const fingerprintSql = sql<string>`(select ${catalogueVersion.version}::text from ${catalogueVersion} where ${catalogueVersion.id} = 1)`;

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
      const rows: CatalogueRow[] = [];
      for (let after = 0; ;) {
        const [result] = await tx
          .select({ rows: packedRows(sql` where ${series.id} > ${after}`, pageSize) })
          .from(sql`(select 1) as one`);
        const page = unpackRows(result?.rows ?? null);
        for (const row of page) rows.push(row);
        if (page.length < pageSize) return { rows, fingerprint };
        after = page[page.length - 1]!.id;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The listing rows of some series (a patch of the cached catalogue), without the fingerprint. */
export async function loadCatalogueRows(db: Database, ids: number[]): Promise<CatalogueRow[]> {
  const [result] = await db
    .select({ rows: packedRows(sql` where ${inArray(series.id, ids)}`) })
    .from(sql`(select 1) as one`);
  return unpackRows(result?.rows ?? null);
}

/** The listing columns of the series `where` picks, in id order, at most `limit` of them. */
function packedRows(where = sql``, limit?: number) {
  const columns = sql.join(
    PACKED_ORDER.map((key) => sql.identifier(key)),
    sql`, `,
  );
  const picked = sql`select ${sql.join(
    Object.entries(listingColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  )} from ${series}${where} order by ${series.id}${limit === undefined ? sql`` : sql` limit ${limit}`}`;
  return sql<
    string | null
  >`(select json_agg(json_build_array(${columns}) order by "id")::text from (${picked}) as picked)`;
}

/**
 * One object per row, built with a literal (one hidden class, no intermediate entries or copies): at
 * 100,000 series the load's garbage is what the collector spends its start-up time on. Series with the
 * same genre text share one parsed genre list, which nothing mutates.
 */
function unpackRows(packed: string | null): CatalogueRow[] {
  const tuples = JSON.parse(packed ?? '[]') as unknown[][];
  const genreLists = new Map<string, string[]>();
  const rows = new Array<CatalogueRow>(tuples.length);
  for (let index = 0; index < tuples.length; index += 1) {
    const t = tuples[index]!;
    const genre = t[2] as CatalogueRow['genre'];
    let genres = genreLists.get(genre);
    if (!genres) genreLists.set(genre, (genres = parseGenres(genre)));
    rows[index] = {
      id: t[0] as CatalogueRow['id'],
      title: t[1] as CatalogueRow['title'],
      genre,
      type: t[3] as CatalogueRow['type'],
      status: t[4] as CatalogueRow['status'],
      author: t[5] as CatalogueRow['author'],
      artist: t[6] as CatalogueRow['artist'],
      coverKey: t[7] as CatalogueRow['coverKey'],
      voterCount: t[8] as CatalogueRow['voterCount'],
      finalScore: t[9] as CatalogueRow['finalScore'],
      malId: t[10] as CatalogueRow['malId'],
      anilistId: t[11] as CatalogueRow['anilistId'],
      mangaupdatesId: t[12] as CatalogueRow['mangaupdatesId'],
      genres,
    };
  }
  return rows;
}

export async function loadCatalogueFingerprint(db: Pick<Database, 'select'>): Promise<string> {
  const [result] = await db.select({ fingerprint: fingerprintSql }).from(sql`(select 1) as one`);
  // No row only if someone deleted it: the triggers then count nothing, so every check reloads.
  return result?.fingerprint ?? `missing:${Date.now()}`;
}
