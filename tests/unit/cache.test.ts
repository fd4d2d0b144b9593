import { describe, expect, it } from 'vitest';
import { Cache, type ChangeSource } from '../../api/cache/cache';

function clock(start = 1000) {
  const state = { now: start };
  return { now: () => state.now, advance: (ms: number) => (state.now += ms) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Cache', () => {
  it('serves a value until its TTL, then forgets it', () => {
    const time = clock();
    const cache = new Cache<string, string>({ max: 10, ttlMs: 100, now: time.now });
    cache.set('a', 'A', cache.generation);
    expect(cache.get('a')).toBe('A');
    time.advance(99);
    expect(cache.get('a')).toBe('A');
    time.advance(2);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most `max` entries, the least recently used leaving first', () => {
    const cache = new Cache<number, string>({ max: 2, ttlMs: 1000 });
    cache.set(1, 'one', cache.generation);
    cache.set(2, 'two', cache.generation);
    cache.get(1);
    cache.set(3, 'three', cache.generation);
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual(['one', undefined, 'three']);
  });

  it('bounds the total size when given a size budget', () => {
    const cache = new Cache<string, string>({ max: 100, ttlMs: 1000, maxSize: 10, sizeOf: (v) => v.length });
    cache.set('a', '123456', cache.generation);
    cache.set('b', '123456', cache.generation);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('123456');
  });

  it('discards a value read before a write that forgot entries', () => {
    const cache = new Cache<string, string>({ max: 10, ttlMs: 1000 });
    const generation = cache.generation;
    cache.forget(['other']);
    cache.set('a', 'stale', generation);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'fresh', cache.generation);
    expect(cache.get('a')).toBe('fresh');
  });

  it('keeps nothing with a TTL of 0', async () => {
    const cache = new Cache<string, string>({ max: 10, ttlMs: 0 });
    let reads = 0;
    const read = async () => `v${++reads}`;
    expect(await cache.load('a', read)).toBe('v1');
    expect(await cache.load('a', read)).toBe('v2');
    expect(cache.size).toBe(0);
  });

  it('shares one read between concurrent misses and keeps its value', async () => {
    const cache = new Cache<string, string>({ max: 10, ttlMs: 1000 });
    const pending = deferred<string>();
    let reads = 0;
    const read = () => {
      reads += 1;
      return pending.promise;
    };
    const first = cache.load('a', read);
    const second = cache.load('a', read);
    pending.resolve('A');
    expect(await Promise.all([first, second])).toEqual(['A', 'A']);
    expect(reads).toBe(1);
    expect(cache.get('a')).toBe('A');
  });

  it('does not keep a read that a write overtook, and the next load reads again', async () => {
    const cache = new Cache<string, string>({ max: 10, ttlMs: 1000 });
    const before = deferred<string>();
    const first = cache.load('a', () => before.promise);
    cache.forget(['a']);
    const second = cache.load('a', async () => 'after');
    before.resolve('before');
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(cache.get('a')).toBe('after');
  });

  it('does not keep failed or missing reads', async () => {
    const cache = new Cache<string, string>({ max: 10, ttlMs: 1000 });
    await expect(cache.load('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.load('b', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(await cache.load('a', async () => 'A')).toBe('A');
  });

  it('forgets values by content', () => {
    const cache = new Cache<string, { list: number }>({ max: 10, ttlMs: 1000 });
    cache.set('x', { list: 1 }, cache.generation);
    cache.set('y', { list: 2 }, cache.generation);
    cache.forgetWhere((value) => value.list === 1);
    expect(cache.get('x')).toBeUndefined();
    expect(cache.get('y')).toEqual({ list: 2 });
  });

  it('drops what a change feed announces: the named keys, or everything for an unknown change', () => {
    const handlers = new Map<string, (change: { ids: number[] | null }) => void>();
    const feed: ChangeSource = { subscribe: (topic, handler) => handlers.set(topic, handler) };
    const cache = new Cache<string, string>({ max: 10, ttlMs: 1000 });
    cache.forgetOn(feed, 'lists', (ids) => ids.map((id) => `list:${id}`));
    for (const key of ['list:1', 'list:2', 'list:3']) cache.set(key, key, cache.generation);
    handlers.get('lists')!({ ids: [1] });
    expect([cache.get('list:1'), cache.get('list:2')]).toEqual([undefined, 'list:2']);
    handlers.get('lists')!({ ids: null });
    expect(cache.size).toBe(0);
  });
});
