import { describe, expect, it } from 'vitest';
import { cachedJson } from '../../api/http-cache';
import { SharedListCache } from '../../api/reading-lists/shared-list-cache';

describe('shared list answers in memory', () => {
  function setUp(ttlMs = 5000) {
    let now = 0;
    const cache = new SharedListCache(ttlMs, () => now);
    return { cache, advance: (ms: number) => (now += ms) };
  }
  const snapshot = {};
  const answer = cachedJson({ name: 'x', item_count: 0, items: [] });

  it('serves an answer while its snapshot is current and it is younger than the TTL', () => {
    const { cache, advance } = setUp();
    cache.set('a', 1, cache.generation, snapshot, answer);
    expect(cache.get('a', snapshot)).toBe(answer);
    advance(4999);
    expect(cache.get('a', snapshot)).toBe(answer);
    advance(1);
    // Another instance may have unshared it by now.
    expect(cache.get('a', snapshot)).toBeUndefined();
  });

  it('drops an answer once the catalogue snapshot changes', () => {
    const { cache } = setUp();
    cache.set('a', 1, cache.generation, snapshot, answer);
    expect(cache.get('a', {})).toBeUndefined();
    expect(cache.get('a', snapshot)).toBeUndefined();
  });

  it("forgets a list's answers after a write, and never stores one read during a write", () => {
    const { cache } = setUp();
    cache.set('a', 1, cache.generation, snapshot, answer);
    cache.set('a-sorted', 1, cache.generation, snapshot, answer);
    cache.set('b', 2, cache.generation, snapshot, answer);
    cache.forgetList(1);
    expect(cache.get('a', snapshot)).toBeUndefined();
    expect(cache.get('a-sorted', snapshot)).toBeUndefined();
    expect(cache.get('b', snapshot)).toBe(answer);

    const before = cache.generation;
    cache.forgetList(3);
    cache.set('a', 1, before, snapshot, answer);
    expect(cache.get('a', snapshot)).toBeUndefined();
  });

  it('stores nothing with a zero TTL', () => {
    const { cache } = setUp(0);
    cache.set('a', 1, cache.generation, snapshot, answer);
    expect(cache.get('a', snapshot)).toBeUndefined();
  });
});
