import { describe, expect, it } from 'vitest';
import { CatalogueCache, type CatalogueRow } from '../../api/catalogue/cache';

function row(id: number, finalScore: number, voterCount = 1): CatalogueRow {
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
    finalScore,
  };
}

/** A loader over mutable rows that counts its calls and can be held open to simulate a slow query. */
function fakeDatabase(initial: CatalogueRow[]) {
  const state = { rows: initial, loads: 0, gate: undefined as Promise<void> | undefined };
  const load = async () => {
    state.loads += 1;
    const rows = state.rows.map((r) => ({ ...r }));
    await state.gate;
    return rows;
  };
  return { state, load };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('CatalogueCache', () => {
  it('loads once for concurrent first reads and then serves from memory', async () => {
    const { state, load } = fakeDatabase([row(1, 5), row(2, 7)]);
    const cache = new CatalogueCache({ load, minVoters: 1, ttlMs: 60_000 });
    const snapshots = await Promise.all(Array.from({ length: 20 }, () => cache.get()));
    expect(state.loads).toBe(1);
    expect(new Set(snapshots).size).toBe(1);
    expect(snapshots[0]!.ranking.overall.map((e) => e.series.id)).toEqual([2, 1]);
    await cache.get();
    expect(state.loads).toBe(1);
  });

  it('reloads before the next read after invalidate()', async () => {
    const { state, load } = fakeDatabase([row(1, 5), row(2, 7)]);
    const cache = new CatalogueCache({ load, minVoters: 1, ttlMs: 60_000 });
    await cache.get();
    state.rows = [row(1, 9), row(2, 7)];
    cache.invalidate();
    const snapshot = await cache.get();
    expect(state.loads).toBe(2);
    expect(snapshot.placement(1)!.overall.rank).toBe(1);
  });

  it('does not reuse a load that started before the invalidation (it may miss the write)', async () => {
    const { state, load } = fakeDatabase([row(1, 5)]);
    const cache = new CatalogueCache({ load, minVoters: 1, ttlMs: 60_000 });
    const gate = deferred();
    state.gate = gate.promise;
    const early = cache.get();
    await Promise.resolve();
    state.rows = [row(1, 5), row(2, 8)];
    cache.invalidate();
    const late = cache.get();
    gate.resolve();
    expect((await early).size).toBe(1);
    expect((await late).size).toBe(2);
    expect(state.loads).toBe(2);
    // The older load finishing later must not replace the newer snapshot.
    expect((await cache.get()).size).toBe(2);
    expect(state.loads).toBe(2);
  });

  it('serves the old snapshot once it expires and reloads it in the background', async () => {
    let now = 1_000;
    const { state, load } = fakeDatabase([row(1, 5)]);
    const cache = new CatalogueCache({ load, minVoters: 1, ttlMs: 100, now: () => now });
    const first = await cache.get();
    state.rows = [row(1, 5), row(2, 6)];
    now += 100;
    const stale = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(stale.every((s) => s === first)).toBe(true);
    expect(state.loads).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cache.get()).size).toBe(2);
    expect(state.loads).toBe(2);
  });

  it('with a TTL of 0 loads on every read, sharing concurrent loads', async () => {
    const { state, load } = fakeDatabase([row(1, 5)]);
    const cache = new CatalogueCache({ load, minVoters: 1, ttlMs: 0 });
    await Promise.all([cache.get(), cache.get()]);
    await cache.get();
    expect(state.loads).toBe(2);
  });

  it('surfaces a failed load and retries on the next read', async () => {
    let fail = true;
    const { load } = fakeDatabase([row(1, 5)]);
    const cache = new CatalogueCache({
      load: () => (fail ? Promise.reject(new Error('database down')) : load()),
      minVoters: 1,
      ttlMs: 60_000,
    });
    await expect(cache.get()).rejects.toThrow('database down');
    fail = false;
    expect((await cache.get()).size).toBe(1);
  });

  it('keeps serving the stale snapshot when a background reload fails', async () => {
    let now = 0;
    let fail = false;
    const errors: unknown[] = [];
    const { load } = fakeDatabase([row(1, 5)]);
    const cache = new CatalogueCache({
      load: () => (fail ? Promise.reject(new Error('database down')) : load()),
      minVoters: 1,
      ttlMs: 10,
      now: () => now,
      onBackgroundError: (error) => errors.push(error),
    });
    const first = await cache.get();
    fail = true;
    now = 50;
    expect(await cache.get()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
    fail = false;
    await cache.get();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get()).not.toBe(first);
  });

  it('memoizes per snapshot, shares concurrent computations and forgets failures', async () => {
    const { load } = fakeDatabase([row(1, 5)]);
    const cache = new CatalogueCache({ load, minVoters: 1, ttlMs: 60_000 });
    const snapshot = await cache.get();
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
    cache.invalidate();
    expect(await (await cache.get()).memoize('k', compute)).toBe(2);
  });
});
