import { rankCatalogue, type CatalogueRanking, type RankedEntry } from './ranking';
import type { Series } from '../db/schema';

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
