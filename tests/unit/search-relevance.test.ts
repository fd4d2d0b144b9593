import { describe, expect, it } from 'vitest';
import { byRelevance, MATCH_TIERS, type SearchMatch } from '../../api/catalogue/relevance';

const match = (id: number, tier: number, similarity = 1): SearchMatch => ({ id, tier, similarity });

describe('byRelevance', () => {
  it('orders by tier first, whatever the ranking', () => {
    const matches = [
      match(1, MATCH_TIERS.similar, 0.9),
      match(2, MATCH_TIERS.inside),
      match(3, MATCH_TIERS.word),
      match(4, MATCH_TIERS.prefix),
      match(5, MATCH_TIERS.exact),
    ];
    const position = (id: number) => id; // series 1 ranks best
    expect(byRelevance(matches, position).map(({ id }) => id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('breaks ties by the ranking (final score), leaving out series without a position', () => {
    const matches = [
      match(1, MATCH_TIERS.prefix),
      match(2, MATCH_TIERS.prefix),
      match(3, MATCH_TIERS.prefix),
    ];
    const positions = new Map([
      [1, 7],
      [3, 2],
    ]);
    expect(byRelevance(matches, (id) => positions.get(id)).map(({ id }) => id)).toEqual([3, 1]);
  });

  it('orders similar-only matches by similarity before the ranking', () => {
    const matches = [match(1, MATCH_TIERS.similar, 0.61), match(2, MATCH_TIERS.similar, 0.8)];
    expect(byRelevance(matches, (id) => id).map(({ id }) => id)).toEqual([2, 1]);
  });

  it('leaves the given list as it was', () => {
    const matches = [match(1, MATCH_TIERS.word), match(2, MATCH_TIERS.exact)];
    byRelevance(matches, (id) => id);
    expect(matches.map(({ id }) => id)).toEqual([1, 2]);
  });

  it('gives the first `limit` of the full order when asked for fewer than it holds, ties kept stable', () => {
    // A deterministic spread: many tiers, equal similarities and equal positions, so ties are exercised.
    let seed = 7;
    const next = (modulo: number) => (seed = (seed * 48271) % 2147483647) % modulo;
    const matches = Array.from({ length: 3000 }, (_, id) => match(id, next(5), next(4) / 4 + 0.25));
    const positions = new Map(matches.map(({ id }) => [id, next(500)] as const));
    const position = (id: number) => (id % 97 === 0 ? undefined : positions.get(id));
    const full = byRelevance(matches, position).map(({ id }) => id);
    for (const limit of [1, 8, 50, 1499]) {
      expect(byRelevance(matches, position, limit).map(({ id }) => id)).toEqual(full.slice(0, limit));
    }
    expect(byRelevance(matches.slice(0, 60), position, 50).map(({ id }) => id)).toEqual(
      byRelevance(matches.slice(0, 60), position)
        .slice(0, 50)
        .map(({ id }) => id),
    );
  });
});
