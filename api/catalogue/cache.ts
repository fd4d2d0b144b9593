import { CatalogueSnapshot, type CatalogueLoad, type CatalogueRow } from './catalogue-snapshot';

/** Where the cache reads the catalogue (the database; a stub in unit tests). */
export interface CatalogueSource {
  load(): Promise<CatalogueLoad>;
  /** The current fingerprint alone: far cheaper than a load, so an unchanged database is not reloaded. */
  fingerprint(): Promise<string>;
  /** The listing rows of these series; ids without a row are gone. */
  loadSeries(ids: number[]): Promise<CatalogueRow[]>;
}

export interface CatalogueCacheOptions {
  source: CatalogueSource;
  minVoters: number;
  /** How long a snapshot is served unchecked; bounds how late other instances' changes show. */
  ttlMs: number;
  /**
   * Shortest time between two patches: changes arriving meanwhile wait and are applied together, so a
   * burst of votes costs one patch per interval however many votes it holds. 0 patches as fast as they come.
   */
  patchIntervalMs?: number;
  now?: () => number;
  /** A background refresh failed; the stale snapshot keeps serving and the next read retries. */
  onBackgroundError?: (error: unknown) => void;
}

interface PatchBatch {
  ids: Set<number>;
  done: Promise<void>;
  resolve: () => void;
}

/**
 * The ranked catalogue held in memory. Loaded lazily, and reloaded in full before the next read after
 * `invalidate()`. Writes that know which series they changed (votes, edits, another instance's
 * notification) call `seriesChanged(ids)` instead: the changed rows are read back and placed into a new
 * snapshot without reloading or re-sorting the rest, reads keep being served from the current snapshot
 * meanwhile, and changes arriving while a patch is under way are coalesced into the next one.
 * Once older than the TTL, a snapshot is checked against the database's fingerprint in the background
 * (a safety net for writes nobody announced) while it keeps serving, and reloaded only if the data changed.
 * A patched snapshot keeps the fingerprint of its full load (reading it costs a scan of both tables, too
 * much for every patch), so while writes go on the check reloads in full once per TTL: one load per TTL
 * instead of one per write.
 * Loads and patches run one at a time, in order.
 */
export class CatalogueCache {
  private snapshot: CatalogueSnapshot | undefined;
  private invalidations = 0;
  private pending: { generation: number; promise: Promise<CatalogueSnapshot> } | undefined;
  /** Serializes loads, checks and patches, so none installs a snapshot built on an outdated one. */
  private queue: Promise<unknown> = Promise.resolve();
  private nextPatch: PatchBatch | undefined;
  private lastPatchAt = Number.NEGATIVE_INFINITY;
  /** Snapshots installed so far (loads and patches): the instance's view, as /health reports it. */
  private installed = 0;
  private readonly now: () => number;

  constructor(private readonly options: CatalogueCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The current snapshot; waits for a load only when there is none or it misses a local invalidation. */
  async get(): Promise<CatalogueSnapshot> {
    return this.servable() ?? this.refresh();
  }

  /**
   * The snapshot `get` would serve without waiting (starting its background check once past the TTL), or
   * undefined when it must load first: for hot paths that answer from memory without a promise.
   */
  servable(): CatalogueSnapshot | undefined {
    const current = this.snapshot;
    if (!current || current.generation !== this.invalidations) return undefined;
    if (this.now() - current.verifiedAt < this.options.ttlMs) return current;
    if (this.options.ttlMs <= 0) return undefined;
    this.refresh().catch((error: unknown) => this.options.onBackgroundError?.(error));
    return current;
  }

  /** What this instance serves now, without loading or checking anything (for /health). */
  status(): { version: number; series: number | null; verifiedAt: number | null } {
    const snapshot = this.snapshot;
    return {
      version: this.installed,
      series: snapshot?.size ?? null,
      verifiedAt: snapshot?.verifiedAt ?? null,
    };
  }

  /** Forces a full reload before the next read: for changes whose extent is unknown. */
  invalidate(): void {
    this.invalidations += 1;
  }

  /**
   * Series whose listing or detail rows changed (a vote, an edit, a creation or a deletion): they are read
   * again and patched into the snapshot. Resolves once a snapshot that includes the change is served, so
   * the writer's next read sees its write; never rejects (a failed patch falls back to a full reload).
   */
  seriesChanged(ids: Iterable<number>): Promise<void> {
    let batch = this.nextPatch;
    if (!batch) {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      batch = this.nextPatch = { ids: new Set(), done, resolve };
      const wait = Math.max(0, this.lastPatchAt + (this.options.patchIntervalMs ?? 0) - this.now());
      const enqueue = () => {
        this.queue = this.queue.then(() => this.runPatch(batch!));
      };
      if (wait > 0) setTimeout(enqueue, wait);
      else enqueue();
    }
    for (const id of ids) batch.ids.add(id);
    return batch.done;
  }

  private async runPatch(batch: PatchBatch): Promise<void> {
    // Changes announced from here on wait for the next patch.
    if (this.nextPatch === batch) this.nextPatch = undefined;
    this.lastPatchAt = this.now();
    try {
      const base = this.snapshot;
      // No snapshot yet, or a full reload is due anyway: that load will include these changes.
      if (!base || base.generation !== this.invalidations) return;
      const startedAt = this.now();
      const ids = [...batch.ids];
      const rows = await this.options.source.loadSeries(ids);
      const found = new Set(rows.map((row) => row.id));
      const removed = new Set(ids.filter((id) => !found.has(id)));
      this.snapshot = base.patched(rows, removed, this.options.minVoters, startedAt);
      this.installed += 1;
    } catch (error) {
      this.options.onBackgroundError?.(error);
      this.invalidate();
    } finally {
      batch.resolve();
    }
  }

  private refresh(): Promise<CatalogueSnapshot> {
    const generation = this.invalidations;
    // A refresh started before the latest invalidation may have missed that write, so it is not shared.
    if (this.pending?.generation === generation) return this.pending.promise;
    const promise = this.queue.then(() => this.checkOrLoad(generation));
    this.queue = promise.catch(() => undefined);
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
    // Without local invalidations since the current snapshot, only unannounced writes can have changed it.
    if (current && current.generation === generation) {
      if ((await this.options.source.fingerprint()) === current.fingerprint) {
        current.confirm(startedAt);
        return current;
      }
    }
    const snapshot = CatalogueSnapshot.fromLoad(
      await this.options.source.load(),
      this.options.minVoters,
      generation,
      startedAt,
    );
    const latest = this.snapshot;
    // Loads run in order, but a later generation's load may have been queued first; keep the newest data.
    if (!latest || generation >= latest.generation) {
      this.snapshot = snapshot;
      this.installed += 1;
    }
    return snapshot;
  }
}
