import { describe, expect, it } from 'vitest';
import {
  CatalogueService,
  type CatalogueServiceOptions,
  type CatalogueSource,
} from '../../api/catalogue/service';
import type { LoadedCatalogueRow } from '../../api/catalogue/catalogue-snapshot';
import { Ranker } from '../../api/ranking/rank-order';
import type { RankingPriors } from '../../api/ranking/scores';
import { VOTE_CATEGORY_FIELDS, type CategoryTotals } from '../../api/db/schema';

/**
 * The service over a stubbed source: these tests exercise the snapshot's upkeep, which reads nothing else
 * (the reads' SQL, media and logs are the API tests' business).
 */
function catalogueOver({
  minVoters,
  ...options
}: Pick<CatalogueServiceOptions, 'source' | 'ttlMs'> & {
  minVoters: number;
} & Partial<CatalogueServiceOptions>): CatalogueService {
  const unused = {} as never;
  return new CatalogueService({
    database: unused,
    media: unused,
    retiredMedia: unused,
    log: unused,
    ranker: new Ranker(minVoters, PLAIN_AVERAGE),
    voterScores: unused,
    ...options,
  });
}

/**
 * A prior weight of 0: a series scores its plain average, so a row whose categories hold one vote of
 * `finalScore` each scores `finalScore` (the weighting itself is tested in ranking.test.ts).
 */
const PLAIN_AVERAGE: RankingPriors = {
  priorVotes: 0,
  categoryMeans: { STORY: 5.5, CHARACTERS: 5.5, WORLD_BUILDING: 5.5, ART: 5.5, DRAMA_OR_FIGHT: 5.5 },
  computedAt: new Date(0),
};

function totalsScoring(finalScore: number): CategoryTotals {
  return Object.fromEntries(
    VOTE_CATEGORY_FIELDS.flatMap(({ total, count }) => [
      [total, finalScore],
      [count, 1],
    ]),
  ) as CategoryTotals;
}

/** A row with `finalScore` from its totals, as the database gives it (scores are computed, not read). */
function row(id: number, finalScore: number, voterCount = 1): LoadedCatalogueRow {
  return {
    id,
    title: `Series ${id}`,
    genre: 'Action',
    genres: ['action'],
    type: 'MANHWA',
    status: null,
    author: '',
    artist: '',
    coverKey: null,
    voterCount,
    ...totalsScoring(finalScore),
    malId: null,
    anilistId: null,
    mangaupdatesId: null,
    chapters: null,
    volumes: null,
    altTitles: [],
  };
}

/**
 * A source over mutable rows that counts its loads and checks and can be held open to simulate a slow
 * query. Its fingerprint changes whenever `set` replaces the rows, as the database's does on any write.
 */
function fakeDatabase(initial: LoadedCatalogueRow[]) {
  const state = {
    rows: initial,
    version: 0,
    loads: 0,
    checks: 0,
    patches: [] as number[][],
    gate: undefined as Promise<void> | undefined,
    set(rows: LoadedCatalogueRow[]) {
      state.rows = rows;
      state.version += 1;
    },
  };
  const source: CatalogueSource = {
    async load() {
      state.loads += 1;
      const loaded = { rows: state.rows.map((r) => ({ ...r })), fingerprint: String(state.version) };
      await state.gate;
      return loaded;
    },
    async fingerprint() {
      state.checks += 1;
      return String(state.version);
    },
    async loadSeries(ids) {
      state.patches.push([...ids].sort((a, b) => a - b));
      return state.rows.filter((r) => ids.includes(r.id)).map((r) => ({ ...r }));
    },
  };
  return { state, source };
}

function failingSource(fail: () => boolean, source: CatalogueSource): CatalogueSource {
  return {
    loadSeries: (ids) => (fail() ? Promise.reject(new Error('database down')) : source.loadSeries(ids)),
    load: () => (fail() ? Promise.reject(new Error('database down')) : source.load()),
    fingerprint: () => (fail() ? Promise.reject(new Error('database down')) : source.fingerprint()),
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A catalogue over one row whose source fails while `failing.now` is true; background errors are collected. */
function failingCatalogue(options: { ttlMs: number; now?: () => number }) {
  const failing = { now: false };
  const errors: unknown[] = [];
  const { state, source } = fakeDatabase([row(1, 5)]);
  const catalogue = catalogueOver({
    source: failingSource(() => failing.now, source),
    minVoters: 1,
    onBackgroundError: (error) => errors.push(error),
    ...options,
  });
  return { state, catalogue, errors, failing };
}

/** A catalogue over `rows` whose first snapshot is loaded, for the patch tests. */
async function loadedCatalogue(rows: LoadedCatalogueRow[], options: { patchIntervalMs?: number } = {}) {
  const { state, source } = fakeDatabase(rows);
  const catalogue = catalogueOver({ source, minVoters: 1, ttlMs: 60_000, ...options });
  const first = await catalogue.snapshot();
  return { state, catalogue, first };
}

describe('CatalogueService snapshot', () => {
  it('loads once for concurrent first reads and then serves from memory', async () => {
    const { state, source } = fakeDatabase([row(1, 5), row(2, 7)]);
    const catalogue = catalogueOver({ source, minVoters: 1, ttlMs: 60_000 });
    const snapshots = await Promise.all(Array.from({ length: 20 }, () => catalogue.snapshot()));
    expect(state.loads).toBe(1);
    expect(new Set(snapshots).size).toBe(1);
    expect(snapshots[0]!.ranking.overall.map((e) => e.series.id)).toEqual([2, 1]);
    await catalogue.snapshot();
    expect(state.loads).toBe(1);
  });

  it('reloads before the next read after invalidate()', async () => {
    const { state, source } = fakeDatabase([row(1, 5), row(2, 7)]);
    const catalogue = catalogueOver({ source, minVoters: 1, ttlMs: 60_000 });
    await catalogue.snapshot();
    state.set([row(1, 9), row(2, 7)]);
    catalogue.invalidate();
    const snapshot = await catalogue.snapshot();
    expect(state.loads).toBe(2);
    expect(snapshot.placement(1)!.overall.rank).toBe(1);
  });

  it('does not reuse a load that started before the invalidation (it may miss the write)', async () => {
    const { state, source } = fakeDatabase([row(1, 5)]);
    const catalogue = catalogueOver({ source, minVoters: 1, ttlMs: 60_000 });
    const gate = deferred();
    state.gate = gate.promise;
    const early = catalogue.snapshot();
    await Promise.resolve();
    state.set([row(1, 5), row(2, 8)]);
    catalogue.invalidate();
    const late = catalogue.snapshot();
    gate.resolve();
    expect((await early).size).toBe(1);
    expect((await late).size).toBe(2);
    expect(state.loads).toBe(2);
    // The older load finishing later must not replace the newer snapshot.
    expect((await catalogue.snapshot()).size).toBe(2);
    expect(state.loads).toBe(2);
  });

  it('once expired, keeps the snapshot (and its memoized answers) when the fingerprint is unchanged', async () => {
    let now = 1_000;
    const { state, source } = fakeDatabase([row(1, 5)]);
    const catalogue = catalogueOver({ source, minVoters: 1, ttlMs: 100, now: () => now });
    const first = await catalogue.snapshot();
    const answer = await first.memoize('page', () => ({ page: 1 }));
    now += 150;
    expect(await catalogue.snapshot()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.checks).toBe(1);
    expect(state.loads).toBe(1);
    // Confirmed fresh at the check: no further check until another TTL has passed.
    now += 50;
    expect(await catalogue.snapshot()).toBe(first);
    expect(state.checks).toBe(1);
    expect(await first.memoize('page', () => ({ page: 2 }))).toBe(answer);
  });

  it('serves the old snapshot once it expires and reloads it in the background', async () => {
    let now = 1_000;
    const { state, source } = fakeDatabase([row(1, 5)]);
    const catalogue = catalogueOver({ source, minVoters: 1, ttlMs: 100, now: () => now });
    const first = await catalogue.snapshot();
    state.set([row(1, 5), row(2, 6)]);
    now += 100;
    const stale = await Promise.all([catalogue.snapshot(), catalogue.snapshot(), catalogue.snapshot()]);
    expect(stale.every((s) => s === first)).toBe(true);
    expect(state.loads).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await catalogue.snapshot()).size).toBe(2);
    expect(state.loads).toBe(2);
  });

  it('with a TTL of 0 checks the database before every read, sharing concurrent checks', async () => {
    const { state, source } = fakeDatabase([row(1, 5)]);
    const catalogue = catalogueOver({ source, minVoters: 1, ttlMs: 0 });
    await Promise.all([catalogue.snapshot(), catalogue.snapshot()]);
    expect(state.loads).toBe(1);
    await Promise.all([catalogue.snapshot(), catalogue.snapshot()]);
    expect(state.checks).toBe(1);
    expect(state.loads).toBe(1);
    state.set([row(1, 5), row(2, 6)]);
    expect((await catalogue.snapshot()).size).toBe(2);
    expect(state.loads).toBe(2);
  });

  it('surfaces a failed load and retries on the next read', async () => {
    let fail = true;
    const { source } = fakeDatabase([row(1, 5)]);
    const catalogue = catalogueOver({
      source: failingSource(() => fail, source),
      minVoters: 1,
      ttlMs: 60_000,
    });
    await expect(catalogue.snapshot()).rejects.toThrow('database down');
    fail = false;
    expect((await catalogue.snapshot()).size).toBe(1);
  });

  it('keeps serving the stale snapshot when a background reload fails', async () => {
    let now = 0;
    const { state, catalogue, errors, failing } = failingCatalogue({ ttlMs: 10, now: () => now });
    const first = await catalogue.snapshot();
    state.set([row(1, 5), row(2, 6)]);
    failing.now = true;
    now = 50;
    expect(await catalogue.snapshot()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
    failing.now = false;
    await catalogue.snapshot();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await catalogue.snapshot()).size).toBe(2);
  });

  it('memoizes per snapshot, shares concurrent computations and forgets failures', async () => {
    const { source } = fakeDatabase([row(1, 5)]);
    const catalogue = catalogueOver({ source, minVoters: 1, ttlMs: 60_000 });
    const snapshot = await catalogue.snapshot();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return computed;
    };
    expect(await Promise.all([snapshot.memoize('k', compute), snapshot.memoize('k', compute)])).toEqual([
      1, 1,
    ]);
    await expect(snapshot.memoize('bad', () => Promise.reject(new Error('nope')))).rejects.toThrow('nope');
    expect(await snapshot.memoize('bad', () => 'ok')).toBe('ok');
    catalogue.invalidate();
    expect(await (await catalogue.snapshot()).memoize('k', compute)).toBe(2);
  });

  it('patches changed series into a new snapshot without a full load, and the writer sees its write', async () => {
    const { state, catalogue, first } = await loadedCatalogue([row(1, 5), row(2, 7), row(3, 6)]);
    state.set([row(1, 9), row(2, 7), row(3, 6)]);
    await catalogue.changed([1]);
    const patched = await catalogue.snapshot();
    expect(patched).not.toBe(first);
    expect(state.loads).toBe(1);
    expect(state.patches).toEqual([[1]]);
    expect(patched.ranking.overall.map((e) => [e.series.id, e.rank])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(patched.placement(1)!.overall.series.finalScore).toBe(9);
  });

  it('coalesces a burst of changes into one patch per interval', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => row(i + 1, i));
    const { state, catalogue } = await loadedCatalogue(rows, { patchIntervalMs: 30 });
    await catalogue.changed([1]);
    const burst = Array.from({ length: 40 }, (_, i) => catalogue.changed([i + 2]));
    await Promise.all(burst);
    // The first change patched at once; the 40 that followed inside the interval went together.
    expect(state.patches).toHaveLength(2);
    expect(state.patches[1]).toHaveLength(40);
    expect(state.loads).toBe(1);
  });

  it('removes series that are gone and adds new ones', async () => {
    const { state, catalogue } = await loadedCatalogue([row(1, 5), row(2, 7)]);
    state.set([row(2, 7), row(3, 8)]);
    await catalogue.changed([1, 3]);
    const snapshot = await catalogue.snapshot();
    expect(snapshot.ranking.overall.map((e) => e.series.id)).toEqual([3, 2]);
    expect(snapshot.placement(1)).toBeUndefined();
    expect(state.loads).toBe(1);
  });

  it('keeps per-series and text memos for series a patch did not touch', async () => {
    const { state, catalogue, first } = await loadedCatalogue([row(1, 5), row(2, 7)]);
    let reads = 0;
    const read = () => ++reads;
    await first.memoizeSeries(1, 'row', read);
    await first.memoizeSeries(2, 'row', read);
    await first.memoizeByText('search', read);
    state.set([row(1, 5), row(2, 8)]);
    await catalogue.changed([2]);
    const second = await catalogue.snapshot();
    expect(await second.memoizeSeries(1, 'row', read)).toBe(1);
    expect(await second.memoizeSeries(2, 'row', read)).toBe(4);
    // A vote changes no text: searches are kept.
    expect(await second.memoizeByText('search', read)).toBe(3);
    state.set([row(1, 5), { ...row(2, 8), title: 'Renamed' }]);
    await catalogue.changed([2]);
    expect(await (await catalogue.snapshot()).memoizeByText('search', read)).toBe(5);
  });

  it('falls back to a full reload when a patch fails', async () => {
    const { state, catalogue, errors, failing } = failingCatalogue({ ttlMs: 60_000 });
    await catalogue.snapshot();
    state.set([row(1, 5), row(2, 6)]);
    failing.now = true;
    await catalogue.changed([2]);
    expect(errors).toHaveLength(1);
    failing.now = false;
    expect((await catalogue.snapshot()).size).toBe(2);
    expect(state.loads).toBe(2);
  });

  it('announces its own changes on the change feed and applies the changes other instances announce', async () => {
    const handlers: ((change: { ids: number[] | null }) => void)[] = [];
    const published: [string, number[] | null][] = [];
    const feed = {
      subscribe: (topic: string, handler: (change: { ids: number[] | null }) => void) => {
        if (topic === 'catalogue') handlers.push(handler);
      },
      publish: async (topic: string, ids: number[] | null) => void published.push([topic, ids]),
    };
    const { state, source } = fakeDatabase([row(1, 5), row(2, 7)]);
    const catalogue = catalogueOver({ source, minVoters: 1, ttlMs: 60_000, feed });
    await catalogue.snapshot();

    state.set([row(1, 9), row(2, 7)]);
    await catalogue.changed([1]);
    expect(published).toEqual([['catalogue', [1]]]);
    expect((await catalogue.snapshot()).placement(1)!.overall.rank).toBe(1);

    // Another instance's vote: patched here, not announced again.
    state.set([row(1, 9), row(2, 10)]);
    handlers.forEach((handler) => handler({ ids: [2] }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.patches).toEqual([[1], [2]]);
    expect((await catalogue.snapshot()).placement(2)!.overall.rank).toBe(1);
    // A change of unknown extent: reloaded in full before the next read.
    handlers.forEach((handler) => handler({ ids: null }));
    await catalogue.snapshot();
    expect(state.loads).toBe(2);
    expect(published).toHaveLength(1);
    expect(catalogue.status()).toMatchObject({ series: 2, version: 4 });
  });
});
