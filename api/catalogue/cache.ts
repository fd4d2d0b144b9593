import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { series, seriesDetails, type Series } from '../db/schema';
import { parseGenres, rankCatalogue, type CatalogueRanking, type RankedEntry } from './ranking';

/** The columns of a series that lists and summaries show. */
export type CatalogueRow = Pick<
  Series,
  | 'id'
  | 'title'
  | 'genre'
  | 'type'
  | 'status'
  | 'author'
  | 'artist'
  | 'coverKey'
  | 'voterCount'
  | 'finalScore'
> & {
  /** Parsed once per load, so a genre filter compares strings without splitting genre text. */
  genres: string[];
};

export type CatalogueEntry = RankedEntry<CatalogueRow>;

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
};
export type ListingRow = Omit<CatalogueRow, 'genres'>;

/** A series as placed in the overall ranking and in its type's ranking. */
export interface PlacedSeries {
  overall: CatalogueEntry;
  inType: CatalogueEntry;
  /** Index in `ranking.overall` and in `ranking.byType[type]`: the display order, ties included. */
  overallPosition: number;
  typePosition: number;
}

/** Most memoized answers one snapshot keeps; the oldest goes first (bounds memory under odd queries). */
const MEMO_LIMIT = 5000;

/**
 * The whole catalogue ranked as of one load, plus answers computed from it. Everything derived from a
 * snapshot is memoized on it, so it is thrown away with the snapshot when the data changes.
 */
export class CatalogueSnapshot {
  readonly ranking: CatalogueRanking<CatalogueRow>;
  private readonly placements = new Map<number, PlacedSeries>();
  private readonly memo = new Map<string, Promise<unknown>>();
  /** Identifies the database state the snapshot was loaded from (see CatalogueLoad). */
  readonly fingerprint: string;
  private verified: number;

  constructor(
    { rows, fingerprint }: CatalogueLoad,
    minVoters: number,
    /** The cache's invalidation count when the load started: the local writes this snapshot includes. */
    readonly generation: number,
    /** When the load started (ms). */
    loadedAt: number,
  ) {
    this.fingerprint = fingerprint;
    this.verified = loadedAt;
    this.ranking = rankCatalogue(rows, minVoters);
    const inType = new Map<number, { entry: CatalogueEntry; position: number }>();
    for (const entries of Object.values(this.ranking.byType)) {
      entries.forEach((entry, position) => inType.set(entry.series.id, { entry, position }));
    }
    this.ranking.overall.forEach((entry, overallPosition) => {
      const typed = inType.get(entry.series.id)!;
      this.placements.set(entry.series.id, {
        overall: entry,
        inType: typed.entry,
        overallPosition,
        typePosition: typed.position,
      });
    });
  }

  /** The latest time the database was known to match this snapshot: how stale it can be. */
  get verifiedAt(): number {
    return this.verified;
  }

  /** Records that the database still matched the snapshot when a check started at `at`. */
  confirm(at: number): void {
    this.verified = Math.max(this.verified, at);
  }

  get size(): number {
    return this.placements.size;
  }

  /** Where a series stands overall and within its type; undefined when it was not in the load. */
  placement(id: number): PlacedSeries | undefined {
    return this.placements.get(id);
  }

  /**
   * Computes a value once per snapshot and key; concurrent callers share the computation, and a failed
   * one is forgotten so the next caller retries.
   */
  memoize<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    const existing = this.memo.get(key);
    if (existing) return existing as Promise<T>;
    const promise = Promise.resolve().then(compute);
    promise.catch(() => {
      if (this.memo.get(key) === promise) this.memo.delete(key);
    });
    if (this.memo.size >= MEMO_LIMIT) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, promise);
    return promise;
  }
}

/** Every series' listing row, and a fingerprint of the data the snapshot's answers are built from. */
export interface CatalogueLoad {
  rows: CatalogueRow[];
  /** Changes whenever series or series_details change; read in the same statement as the rows. */
  fingerprint: string;
}

/** Where the cache reads the catalogue (the database; a stub in unit tests). */
export interface CatalogueSource {
  load(): Promise<CatalogueLoad>;
  /** The current fingerprint alone: far cheaper than a load, so an unchanged database is not reloaded. */
  fingerprint(): Promise<string>;
}

export interface CatalogueCacheOptions {
  source: CatalogueSource;
  minVoters: number;
  /** How long a snapshot is served unchecked; bounds how late other instances' changes show. */
  ttlMs: number;
  now?: () => number;
  /** A background refresh failed; the stale snapshot keeps serving and the next read retries. */
  onBackgroundError?: (error: unknown) => void;
}

/**
 * The ranked catalogue held in memory. Loaded lazily and reloaded before the next read after
 * `invalidate()` (a write in this process). Once older than the TTL, a snapshot is checked against the
 * database's fingerprint in the background (writes by other instances on the same database) while it
 * keeps serving, and reloaded only if the data changed. Concurrent reads that need a load share one.
 */
export class CatalogueCache {
  private snapshot: CatalogueSnapshot | undefined;
  private invalidations = 0;
  private pending: { generation: number; promise: Promise<CatalogueSnapshot> } | undefined;
  private readonly now: () => number;

  constructor(private readonly options: CatalogueCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The current snapshot; waits for a load only when there is none or it misses a local write. */
  async get(): Promise<CatalogueSnapshot> {
    const current = this.snapshot;
    if (current && current.generation === this.invalidations) {
      if (this.now() - current.verifiedAt < this.options.ttlMs) return current;
      if (this.options.ttlMs > 0) {
        this.refresh().catch((error: unknown) => this.options.onBackgroundError?.(error));
        return current;
      }
    }
    return this.refresh();
  }

  /** Call after any write that changes series, their details or their scores. */
  invalidate(): void {
    this.invalidations += 1;
  }

  private refresh(): Promise<CatalogueSnapshot> {
    const generation = this.invalidations;
    // A refresh started before the latest invalidation may have missed that write, so it is not shared.
    if (this.pending?.generation === generation) return this.pending.promise;
    const promise = this.checkOrLoad(generation);
    const settle = () => {
      if (this.pending?.promise === promise) this.pending = undefined;
    };
    promise.then(settle, settle);
    this.pending = { generation, promise };
    return promise;
  }

  private async checkOrLoad(generation: number): Promise<CatalogueSnapshot> {
    const startedAt = this.now();
    const current = this.snapshot;
    // Without local writes since the current snapshot, only other writers can have changed the data.
    if (current && current.generation === generation) {
      if ((await this.options.source.fingerprint()) === current.fingerprint) {
        current.confirm(startedAt);
        return current;
      }
    }
    const snapshot = new CatalogueSnapshot(
      await this.options.source.load(),
      this.options.minVoters,
      generation,
      startedAt,
    );
    const latest = this.snapshot;
    // Loads can finish out of order; keep the one that includes the most writes, then the newest.
    if (
      !latest ||
      generation > latest.generation ||
      (generation === latest.generation && startedAt >= latest.verifiedAt)
    ) {
      this.snapshot = snapshot;
    }
    return snapshot;
  }
}

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
    .select({
      fingerprint: fingerprintSql,
      rows: sql<string | null>`(select json_agg(json_build_array(${sql.join(
        Object.values(listingColumns),
        sql`, `,
      )}))::text from ${series})`,
    })
    .from(sql`(select 1) as one`);
  const tuples = JSON.parse(result?.rows ?? '[]') as unknown[][];
  const rows = tuples.map((tuple) => {
    const row = Object.fromEntries(listingKeys.map((key, index) => [key, tuple[index]])) as ListingRow;
    return { ...row, genres: parseGenres(row.genre) };
  });
  return { rows, fingerprint: result!.fingerprint };
}

export async function loadCatalogueFingerprint(db: Database): Promise<string> {
  const [result] = await db.select({ fingerprint: fingerprintSql }).from(sql`(select 1) as one`);
  return result!.fingerprint;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory ranked catalogue; writes to series, details or votes must call `invalidate()`. */
    catalogueCache: CatalogueCache;
  }
}

export default fp(
  async function catalogueCachePlugin(app: FastifyInstance) {
    const cache = new CatalogueCache({
      source: { load: () => loadCatalogue(app.db), fingerprint: () => loadCatalogueFingerprint(app.db) },
      minVoters: app.config.RANKING_MIN_VOTERS,
      ttlMs: app.config.CACHE_TTL_MS,
      onBackgroundError: (error) => app.log.error({ err: error }, 'catalogue refresh failed'),
    });
    app.decorate('catalogueCache', cache);
    // Load before serving, so the first visitors do not wait for it; a failure is retried on first read.
    app.addHook('onReady', async () => {
      await cache.get().catch((error: unknown) => app.log.error({ err: error }, 'catalogue load failed'));
    });
  },
  { name: 'catalogue-cache', dependencies: ['config'] },
);
