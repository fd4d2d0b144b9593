import { sql } from 'drizzle-orm';
import { VOTE_CATEGORY_FIELDS, type CategoryTotals } from '../../api/db/schema';
import { computeFinalScore, UNVOTED_CATEGORY_MEAN, type RankingPriors } from '../../api/ranking/scores';
import type { Database } from '../../api/db/client';
import type { TestServer } from './harness';
import { series, seriesDetails, type SeriesStatus, type SeriesType } from '../../api/db/schema';

type CategoryField = (typeof VOTE_CATEGORY_FIELDS)[number]['field'];

export interface SeriesFixture {
  title: string;
  type?: SeriesType;
  genre?: string;
  status?: SeriesStatus | null;
  author?: string;
  artist?: string;
  coverKey?: string | null;
  synopsis?: string;
  detailCoverKey?: string | null;
  /** Distinct voters (voter_count). */
  voters?: number;
  /** Every category gets `voters` votes of this score (an integer 1-10). */
  score?: number;
  /** Or per-category sums and counts; unspecified categories have no votes. */
  categories?: Partial<Record<CategoryField, { total: number; count: number }>>;
  /** Published chapter and volume counts (null by default: unknown). */
  chapters?: number | null;
  volumes?: number | null;
  /** Alternative titles (none by default). */
  altTitles?: string[];
  /** Leave out the series_details row (a series created before it had one). */
  withoutDetails?: boolean;
}

/**
 * Inserts series with their detail rows straight into the database, keeping voter_count and the category
 * totals consistent the way votes would (no vote rows: reads never look at them), then
 * invalidates the server's catalogue cache as the API's own writes do.
 */
export async function insertSeries(server: TestServer, fixtures: SeriesFixture[]): Promise<number[]> {
  const ids = await insertSeriesRows(server.database.db, fixtures);
  server.app.catalogue.invalidate();
  return ids;
}

/** A fixture's per-category totals and counts. */
export function fixtureTotals(fixture: SeriesFixture): CategoryTotals {
  const voters = fixture.voters ?? 0;
  return Object.fromEntries(
    VOTE_CATEGORY_FIELDS.flatMap(({ field, total, count }) => {
      const given = fixture.categories?.[field];
      const votes =
        given ?? (fixture.score && voters ? { total: fixture.score * voters, count: voters } : undefined);
      return [
        [total, votes?.total ?? 0],
        [count, votes?.count ?? 0],
      ];
    }),
  ) as CategoryTotals;
}

/**
 * The ranking priors of a test server that started with no votes (m = 10, every C the scale's midpoint):
 * they stay until a recomputation, which the tests call themselves.
 */
export const FRESH_SERVER_PRIORS: RankingPriors = {
  priorVotes: 10,
  categoryMeans: {
    STORY: UNVOTED_CATEGORY_MEAN,
    CHARACTERS: UNVOTED_CATEGORY_MEAN,
    WORLD_BUILDING: UNVOTED_CATEGORY_MEAN,
    ART: UNVOTED_CATEGORY_MEAN,
    DRAMA_OR_FIGHT: UNVOTED_CATEGORY_MEAN,
  },
  computedAt: new Date(0),
};

/** The final score a fixture gets on a test server that started with no votes. */
export function freshServerScore(fixture: SeriesFixture): number {
  return computeFinalScore(fixtureTotals(fixture), FRESH_SERVER_PRIORS);
}

/** As insertSeries, without telling the cache: a write by another API instance. */
export async function insertSeriesRows(db: Database, fixtures: SeriesFixture[]): Promise<number[]> {
  const ids: number[] = [];
  for (const fixture of fixtures) {
    const voters = fixture.voters ?? 0;
    const totals = fixtureTotals(fixture);
    const [row] = await db
      .insert(series)
      .values({
        title: fixture.title,
        type: fixture.type ?? 'MANHWA',
        genre: fixture.genre ?? 'Action',
        status: fixture.status === undefined ? 'ONGOING' : fixture.status,
        author: fixture.author ?? '',
        artist: fixture.artist ?? '',
        coverKey: fixture.coverKey ?? null,
        voterCount: voters,
        chapters: fixture.chapters ?? null,
        volumes: fixture.volumes ?? null,
        altTitles: fixture.altTitles ?? [],
      })
      .returning({ id: series.id });
    const id = row!.id;
    if (!fixture.withoutDetails) {
      await db.insert(seriesDetails).values({
        seriesId: id,
        synopsis: fixture.synopsis ?? '',
        coverKey: fixture.detailCoverKey ?? null,
        ...totals,
      });
    }
    ids.push(id);
  }
  return ids;
}

/** Empties the catalogue between test groups (cascades to details, votes, list items). */
export async function clearSeries(server: TestServer): Promise<void> {
  await server.database.db.execute(sql`truncate ${series} restart identity cascade`);
  server.app.catalogue.invalidate();
}
