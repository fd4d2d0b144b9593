import { CatalogueSnapshot, type CatalogueLoad } from './catalogue-snapshot';

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
