import { cachedJson, type CachedJson } from '../http-cache';
import { Cache } from './cache';

/** A public answer, serialized once, with what the route sends beside the body (a list's total). */
export interface CachedAnswer extends CachedJson {
  total?: number;
}

/** A feature's public answers: a few hundred distinct queries and their bodies' bytes. */
const MAX_ANSWERS = 500;
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * A cache of public answers (the same for every caller), keyed by their normalized query: identical
 * requests share one database read until a write forgets them or the TTL ends, because the embedded
 * database runs one query at a time and a popular search must not reach it on every request. Bounded by
 * count and by the bytes of the serialized bodies.
 */
export function answerCache(ttlMs: number, now?: () => number): Cache<string, CachedAnswer> {
  return new Cache<string, CachedAnswer>({
    max: MAX_ANSWERS,
    ttlMs,
    now,
    maxSize: MAX_ANSWER_BYTES,
    sizeOf: (answer) => answer.body.length,
  });
}

/** The cached answer for `key`, or `read()`'s, serialized (and kept unless a write came in between). */
export function loadAnswer(
  answers: Cache<string, CachedAnswer>,
  key: string,
  read: () => Promise<{ body: unknown; total?: number }>,
): Promise<CachedAnswer> {
  // Defined: a read always gives an answer, and only a missing value comes back undefined.
  return answers.load(key, async () => {
    const { body, total } = await read();
    return { ...cachedJson(body), total };
  }) as Promise<CachedAnswer>;
}
