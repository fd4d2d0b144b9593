import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { series, type Series } from '../db/schema';
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
  /** Parsed once per load so genre filters are set lookups. */
  genres: string[];
};

export type CatalogueEntry = RankedEntry<CatalogueRow>;

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

  constructor(
    rows: readonly CatalogueRow[],
    minVoters: number,
    /** The cache's invalidation count when the load started: the changes this snapshot includes. */
    readonly generation: number,
    /** When the load started (ms), so its age bounds how stale it can be. */
    readonly loadedAt: number,
  ) {
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

export interface CatalogueCacheOptions {
  load: () => Promise<CatalogueRow[]>;
  minVoters: number;
  /** How old a snapshot may get before it is reloaded; bounds how late other instances' changes show. */
  ttlMs: number;
  now?: () => number;
  /** A background reload failed; the stale snapshot keeps serving and the next read retries. */
  onBackgroundError?: (error: unknown) => void;
}

/**
 * The ranked catalogue held in memory. Loaded lazily; reloaded before the next read after `invalidate()`
 * (a write in this process), and in the background once older than the TTL (writes by other instances on
 * the same database), serving the old snapshot meanwhile. Concurrent reads that need a load share one.
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
      const age = this.now() - current.loadedAt;
      if (age < this.options.ttlMs) return current;
      if (this.options.ttlMs > 0) {
        this.reload().catch((error: unknown) => this.options.onBackgroundError?.(error));
        return current;
      }
    }
    return this.reload();
  }

  /** Call after any write that changes series, their details or their scores. */
  invalidate(): void {
    this.invalidations += 1;
  }

  private reload(): Promise<CatalogueSnapshot> {
    const generation = this.invalidations;
    // A load started before the latest invalidation may have missed that write, so it is not shared.
    if (this.pending?.generation === generation) return this.pending.promise;
    const loadedAt = this.now();
    const promise = this.options.load().then((rows) => {
      const snapshot = new CatalogueSnapshot(rows, this.options.minVoters, generation, loadedAt);
      const current = this.snapshot;
      // Loads can finish out of order; keep the one that includes the most writes, then the newest.
      if (
        !current ||
        generation > current.generation ||
        (generation === current.generation && loadedAt >= current.loadedAt)
      ) {
        this.snapshot = snapshot;
      }
      return snapshot;
    });
    const settle = () => {
      if (this.pending?.promise === promise) this.pending = undefined;
    };
    promise.then(settle, settle);
    this.pending = { generation, promise };
    return promise;
  }
}

/** Reads the listing columns of every series: one sequential read of the series table, no votes. */
export async function loadCatalogueRows(db: Database): Promise<CatalogueRow[]> {
  const rows = await db
    .select({
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
    })
    .from(series);
  return rows.map((row) => ({ ...row, genres: parseGenres(row.genre) }));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory ranked catalogue; writes to series, details or votes must call `invalidate()`. */
    catalogueCache: CatalogueCache;
  }
}

export default fp(
  async function catalogueCachePlugin(app: FastifyInstance) {
    app.decorate(
      'catalogueCache',
      new CatalogueCache({
        load: () => loadCatalogueRows(app.db),
        minVoters: app.config.RANKING_MIN_VOTERS,
        ttlMs: app.config.CACHE_TTL_MS,
        onBackgroundError: (error) => app.log.error({ err: error }, 'catalogue reload failed'),
      }),
    );
  },
  { name: 'catalogue-cache', dependencies: ['config'] },
);
