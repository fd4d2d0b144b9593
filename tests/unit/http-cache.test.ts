import { describe, expect, it } from 'vitest';
import { escapeLike } from '../../api/db/like-pattern';
import { cachedJson, ifNoneMatchHits } from '../../api/http-cache';

describe('cachedJson', () => {
  it('tags equal bodies equally and different bodies differently', () => {
    expect(cachedJson({ a: 1 }).etag).toBe(cachedJson({ a: 1 }).etag);
    expect(cachedJson({ a: 1 }).etag).not.toBe(cachedJson({ a: 2 }).etag);
    expect(cachedJson([1]).body).toBe('[1]');
    expect(cachedJson([1]).etag).toMatch(/^"[\w-]+"$/);
  });
});

describe('ifNoneMatchHits', () => {
  const etag = '"abc"';
  it('matches the tag, a list containing it, a weak form of it and *', () => {
    expect(ifNoneMatchHits('"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
  });
  it('misses other tags and an absent header', () => {
    expect(ifNoneMatchHits('"abcd"', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
    expect(ifNoneMatchHits('', etag)).toBe(false);
  });
});

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_done\\')).toBe('100\\%\\_done\\\\');
    expect(escapeLike('plain')).toBe('plain');
  });
});
