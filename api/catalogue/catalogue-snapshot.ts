import type { CatalogueRanking, RankedEntry, Ranker, SeriesScores } from '../ranking/rank-order';
import { VOTE_CATEGORY_FIELDS, type CategoryTotals, type Series } from '../db/schema';

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
  | 'malId'
  | 'anilistId'
  | 'mangaupdatesId'
  | 'chapters'
  | 'volumes'
  | 'altTitles'
> &
  /** What the series' scores are computed from, by the ranker with the priors (none are stored). */
  CategoryTotals &
  SeriesScores & {
    /** Parsed once per load, so a genre filter compares strings without splitting genre text. */
    genres: string[];
  };

/** A row as the database gives it, before the ranker scores it. */
export type LoadedCatalogueRow = Omit<CatalogueRow, keyof SeriesScores>;

export type CatalogueEntry = RankedEntry<CatalogueRow>;

/** A series as placed in the overall ranking and in its type's ranking. */
export interface PlacedSeries {
  overall: CatalogueEntry;
  inType: CatalogueEntry;
  /** Index in `ranking.overall` and in `ranking.byType[type]`: the display order, ties included. */
  overallPosition: number;
  typePosition: number;
}

/**
 * Most memoized answers one snapshot keeps in each memo; the oldest goes first (bounds memory under odd
 * queries). At 100,000 series, readers spread over 4,000 ranking pages and every detail filled 5,000 of
 * each and held the API at 504-544 MB; 2,000 holds it at 492 MB with the same throughput
 * (docs/performance.md).
 */
const MEMO_LIMIT = 2000;

/** The listing columns a vote changes; a patch that changed nothing else keeps text-derived answers. */
const SCORE_COLUMNS = new Set<keyof LoadedCatalogueRow>([
  'voterCount',
  ...VOTE_CATEGORY_FIELDS.flatMap(({ total, count }) => [total, count]),
]);

/** The same alternative titles in the same order (a patched row's array is always a new one). */
function sameTitles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((title, index) => title === b[index]);
}

/** Bounded memo of promises; a failed computation is forgotten so the next caller retries. */
class Memo {
  readonly entries: Map<string, Promise<unknown>>;

  constructor(carried?: Memo) {
    this.entries = new Map(carried?.entries);
  }

  get<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    const existing = this.entries.get(key);
    if (existing) return existing as Promise<T>;
    const promise = Promise.resolve().then(compute);
    promise.catch(() => {
      if (this.entries.get(key) === promise) this.entries.delete(key);
    });
    if (this.entries.size >= MEMO_LIMIT) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, promise);
    return promise;
  }
}

/**
 * Each series' position in its list, by id. Series ids are a dense serial sequence, so a typed array
 * indexed by id fills far faster than a Map (this is rebuilt for every snapshot a read needs); sparse ids
 * fall back to a Map.
 */
class PositionIndex {
  private readonly dense: Int32Array | undefined;
  private readonly sparse: Map<number, number> | undefined;

  constructor(lists: readonly (readonly CatalogueEntry[])[]) {
    let maxId = 0;
    let total = 0;
    for (const list of lists) {
      total += list.length;
      for (const entry of list) if (entry.series.id > maxId) maxId = entry.series.id;
    }
    if (maxId <= 4 * total + 1024) {
      this.dense = new Int32Array(maxId + 1).fill(-1);
      for (const list of lists) list.forEach((entry, position) => (this.dense![entry.series.id] = position));
    } else {
      this.sparse = new Map();
      for (const list of lists)
        list.forEach((entry, position) => this.sparse!.set(entry.series.id, position));
    }
  }

  get(id: number): number | undefined {
    if (this.sparse) return this.sparse.get(id);
    const position = id >= 0 && id < this.dense!.length ? this.dense![id]! : -1;
    return position >= 0 ? position : undefined;
  }
}

/**
 * The whole catalogue ranked as of one load (and the patches applied since), plus answers computed from
 * it. Answers that depend on ranks are memoized per snapshot and go with it; answers that depend only on
 * the series' text (search matches, `memoizeByText`) and per-series values (`memoizeSeries`) are carried
 * into the next snapshot when a patch did not touch them, so a burst of votes does not send every search
 * and detail read back to the database.
 */
export class CatalogueSnapshot {
  private positions: { overall: PositionIndex; inType: PositionIndex } | undefined;
  private readonly placements = new Map<number, PlacedSeries | undefined>();
  private readonly memo = new Memo();
  private readonly textMemo: Memo;
  private readonly textIndexes: Map<string, unknown>;
  private readonly seriesMemo: Map<number, Memo>;
  private readonly derived: Map<string, { inputs: readonly unknown[]; value: unknown }>;
  private verified: number;

  constructor(
    readonly ranking: CatalogueRanking<CatalogueRow>,
    /** Identifies the database state the snapshot was loaded from (see CatalogueLoad). */
    readonly fingerprint: string,
    /** The cache's invalidation count when the load started: the local writes this snapshot includes. */
    readonly generation: number,
    /** When the load started (ms). */
    loadedAt: number,
    carried?: {
      textMemo?: Memo;
      textIndexes?: Map<string, unknown>;
      seriesMemo?: Map<number, Memo>;
      derived?: Map<string, { inputs: readonly unknown[]; value: unknown }>;
    },
  ) {
    this.verified = loadedAt;
    this.textMemo = new Memo(carried?.textMemo);
    this.textIndexes = new Map(carried?.textIndexes);
    this.seriesMemo = new Map(carried?.seriesMemo);
    // Shared by every snapshot of the cache: entries are checked by their inputs' identity, never trusted.
    this.derived = carried?.derived ?? new Map();
  }

  static fromLoad({ rows, fingerprint }: CatalogueLoad, ranker: Ranker, generation: number, at: number) {
    return new CatalogueSnapshot(ranker.rank(ranker.score(rows)), fingerprint, generation, at);
  }

  /**
   * A new snapshot with `rows` replaced or added and `removed` ids gone, ranked incrementally. What is
   * memoized per series is carried for every other series, and text answers too unless a patched row
   * changed more than its score and voter count.
   */
  patched(
    rows: readonly LoadedCatalogueRow[],
    removed: ReadonlySet<number>,
    ranker: Ranker,
    at: number,
  ): CatalogueSnapshot {
    const textChanged =
      removed.size > 0 ||
      rows.some((row) => {
        const before = this.placement(row.id)?.overall.series;
        return (
          !before ||
          (Object.keys(row) as (keyof LoadedCatalogueRow)[]).some(
            (key) =>
              !SCORE_COLUMNS.has(key) &&
              key !== 'genres' &&
              (key === 'altTitles' ? !sameTitles(row.altTitles, before.altTitles) : row[key] !== before[key]),
          )
        );
      });
    const seriesMemo = new Map(this.seriesMemo);
    for (const row of rows) seriesMemo.delete(row.id);
    for (const id of removed) seriesMemo.delete(id);
    const snapshot = new CatalogueSnapshot(
      ranker.rerank(this.ranking, ranker.score([...rows]), removed, {
        overall: (id) => this.indexes().overall.get(id),
        inType: (id) => this.indexes().inType.get(id),
      }),
      // Still the full load's: the next check against the database reloads (see CatalogueService).
      this.fingerprint,
      this.generation,
      at,
      {
        textMemo: textChanged ? undefined : this.textMemo,
        textIndexes: textChanged ? undefined : this.textIndexes,
        seriesMemo,
        derived: this.derived,
      },
    );
    snapshot.verified = Math.max(at, this.verified);
    return snapshot;
  }

  /**
   * Every series scored again with the ranker's priors (after a recomputation) and ranked, without reading
   * the database (Ranker.rescore, which yields to other requests as it goes). Text answers and per-series
   * reads carry over; ranked answers are made anew.
   */
  async rescored(ranker: Ranker, at: number): Promise<CatalogueSnapshot> {
    const snapshot = new CatalogueSnapshot(
      await ranker.rescore(this.ranking),
      this.fingerprint,
      this.generation,
      at,
      {
        textMemo: this.textMemo,
        textIndexes: this.textIndexes,
        seriesMemo: this.seriesMemo,
        derived: this.derived,
      },
    );
    snapshot.verified = this.verified;
    return snapshot;
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
    return this.ranking.overall.length;
  }

  /** Built on first use: a snapshot replaced by the next patch before any read needs it costs nothing. */
  private indexes(): { overall: PositionIndex; inType: PositionIndex } {
    return (this.positions ??= {
      overall: new PositionIndex([this.ranking.overall]),
      inType: new PositionIndex(Object.values(this.ranking.byType)),
    });
  }

  /** Where a series stands overall and within its type; undefined when it was not in the load. */
  placement(id: number): PlacedSeries | undefined {
    if (this.placements.has(id)) return this.placements.get(id);
    const positions = this.indexes();
    const overallPosition = positions.overall.get(id);
    const typed = positions.inType.get(id);
    let placed: PlacedSeries | undefined;
    if (overallPosition !== undefined) {
      const overall = this.ranking.overall[overallPosition]!;
      const typePosition = typed ?? 0;
      const inType = this.ranking.byType[overall.series.type][typePosition]!;
      placed = { overall, inType, overallPosition, typePosition };
    }
    if (this.placements.size >= MEMO_LIMIT) this.placements.clear();
    this.placements.set(id, placed);
    return placed;
  }

  /**
   * Computes a value once per snapshot and key; concurrent callers share the computation, and a failed
   * one is forgotten so the next caller retries.
   */
  memoize<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    return this.memo.get(key, compute);
  }

  /**
   * A value computed from `inputs` (ranked entries, detail rows, ranks), reused across snapshots while
   * every input is the same (by identity): a patch re-creates only the entries whose series or rank
   * changed, so a vote re-serializes the ranking pages and details it moved, not all of them.
   */
  derive<T>(key: string, inputs: readonly unknown[], compute: () => T): T {
    const existing = this.derived.get(key);
    if (
      existing &&
      existing.inputs.length === inputs.length &&
      existing.inputs.every((input, index) => input === inputs[index])
    ) {
      return existing.value as T;
    }
    const value = compute();
    if (!existing && this.derived.size >= MEMO_LIMIT) this.derived.delete(this.derived.keys().next().value!);
    this.derived.set(key, { inputs, value });
    return value;
  }

  /**
   * An index over the series' text fields (titles, authors...), built on first use and kept by every
   * later snapshot until a patch changes some text or the set of series. Unlike memoizeByText, which
   * holds many answers and drops the oldest, an index is never evicted: there are a handful of them, and
   * rebuilding one costs far more than answering from it.
   */
  textIndex<T>(key: string, build: () => T): T {
    if (!this.textIndexes.has(key)) this.textIndexes.set(key, build());
    return this.textIndexes.get(key) as T;
  }

  /** A series' index in `ranking.overall` (its display order), or undefined when it is not in the load. */
  overallPosition(id: number): number | undefined {
    return this.indexes().overall.get(id);
  }

  /** As memoize, for values that depend only on the series' text fields (titles, authors, genres...). */
  memoizeByText<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    return this.textMemo.get(key, compute);
  }

  /** As memoize, for values that depend on one series' own rows only (its detail row), never on ranks. */
  memoizeSeries<T>(id: number, key: string, compute: () => T | Promise<T>): Promise<T> {
    let memo = this.seriesMemo.get(id);
    if (!memo) {
      if (this.seriesMemo.size >= MEMO_LIMIT) this.seriesMemo.delete(this.seriesMemo.keys().next().value!);
      memo = new Memo();
      this.seriesMemo.set(id, memo);
    }
    return memo.get(key, compute);
  }
}

/** Every series' listing row, and a fingerprint of the data the snapshot's answers are built from. */
export interface CatalogueLoad {
  rows: LoadedCatalogueRow[];
  /** Changes whenever series or series_details change; read in the same statement as the rows. */
  fingerprint: string;
}
