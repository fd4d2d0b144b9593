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

  it('breaks ties by the ranking (final score), unranked series last', () => {
    const matches = [
      match(1, MATCH_TIERS.prefix),
      match(2, MATCH_TIERS.prefix),
      match(3, MATCH_TIERS.prefix),
    ];
    const positions = new Map([
      [1, 7],
      [3, 2],
    ]);
    expect(byRelevance(matches, (id) => positions.get(id)).map(({ id }) => id)).toEqual([3, 1, 2]);
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
});
