import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../api/answer-cache';

function clock(start = 1000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function counter<T>(value: (call: number) => T) {
  let calls = 0;
  const load = async () => ({ body: value(++calls), total: calls });
  return { load, calls: () => calls };
}

describe('AnswerCache', () => {
  it('shares one load between identical requests, in flight and after, until the TTL ends', async () => {
    const time = clock();
    const cache = new AnswerCache({ ttlMs: 5000, now: time.now });
    const source = counter((call) => [`answer ${call}`]);
    const [first, second] = await Promise.all([cache.get('k', source.load), cache.get('k', source.load)]);
    expect(source.calls()).toBe(1);
    expect(second).toBe(first);
    expect(first.body).toBe('["answer 1"]');
    expect(first.etag).toMatch(/^".+"$/);
    expect(first.total).toBe(1);
    time.advance(4999);
    expect((await cache.get('k', source.load)).body).toBe('["answer 1"]');
    time.advance(1);
    expect((await cache.get('k', source.load)).body).toBe('["answer 2"]');
  });

  it('drops every answer on invalidate, including one whose load is still running', async () => {
    const cache = new AnswerCache({ ttlMs: 5000 });
    let release!: () => void;
    const slow = cache.get('k', () => new Promise((resolve) => (release = () => resolve({ body: 'old' }))));
    cache.invalidate();
    release();
    expect((await slow).body).toBe('"old"');
    expect((await cache.get('k', async () => ({ body: 'new' }))).body).toBe('"new"');
  });

  it('forgets a failed load, so the next request tries again', async () => {
    const cache = new AnswerCache({ ttlMs: 5000 });
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('down');
    expect((await cache.get('k', async () => ({ body: 'back' }))).body).toBe('"back"');
  });

  it('caches nothing with a TTL of 0', async () => {
    const cache = new AnswerCache({ ttlMs: 0 });
    const source = counter((call) => call);
    await cache.get('k', source.load);
    await cache.get('k', source.load);
    expect(source.calls()).toBe(2);
  });

  it('keeps at most maxEntries answers and maxBytes of bodies, oldest out first', async () => {
    const cache = new AnswerCache({ ttlMs: 5000, maxEntries: 2, maxBytes: 1000 });
    const loads: string[] = [];
    const load =
      (key: string, size = 10) =>
      async () => {
        loads.push(key);
        return { body: key.padEnd(size, '.') };
      };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('c', load('c'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a'));
    expect(loads).toEqual(['a', 'b', 'c', 'a']);

    await cache.get('big', load('big', 990));
    await cache.get('c', load('c'));
    expect(loads.at(-1)).toBe('c');
  });
});
