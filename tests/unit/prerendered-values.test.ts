import { describe, expect, it } from 'vitest';
import {
  prerenderedPageData,
  prerenderedSeries,
  rankBand,
} from '../../src/features/catalogue/prerendered-values';
import { rankDescription, rankLabel } from '../../src/features/catalogue/series-format';
import type { RankedSeries, SeriesDetail } from '../../src/features/catalogue/catalogue-types';

const entry = (rank: number | null, finalScore = 8.4567) =>
  ({ id: 1, title: 'A', rank, final_score: finalScore, vote_count: 30 }) as RankedSeries;

describe('pre-rendered ranks and scores', () => {
  it('puts a rank in the smallest band that holds it', () => {
    expect([1, 10, 11, 25, 26, 734, 1_000, 1_001, 99_999, 100_001].map(rankBand)).toEqual([
      10, 10, 25, 25, 50, 1_000, 1_000, 2_500, 100_000, 1_000_000,
    ]);
  });

  it('shows cards no rank, score or vote count', () => {
    for (const card of [
      prerenderedSeries(entry(3)),
      prerenderedSeries({ ...entry(734, 7.04), vote_count: 250 }),
    ]) {
      expect(card).toMatchObject({ rank: null, final_score: 0, mean_score: null, vote_count: 0 });
      expect(card).not.toHaveProperty('rank_band');
    }
    // Another series passing it, or a vote on it, does not change its card.
    expect(prerenderedSeries(entry(300, 8.41))).toEqual(
      prerenderedSeries({ ...entry(1, 6.2), vote_count: 9 }),
    );
  });

  it("keeps a page's own rank exact in the top ten", () => {
    const detail = { series_id: 1, rank: 7, final_score: 9.26 } as SeriesDetail;
    const page = prerenderedPageData({ series: entry(7, 9.26), detail });
    expect(page.series).toMatchObject({ rank: 7, final_score: 9.3 });
    expect(page.detail).toMatchObject({ rank: 7, final_score: 9.3 });
    expect(page.detail.rank_band).toBeUndefined();
    const lower = prerenderedPageData({ series: entry(11), detail: { ...detail, rank: 11 } });
    expect(lower.detail).toMatchObject({ rank: null, rank_band: 25 });
  });

  it("keeps a page's own rank by band: another series passing it changes nothing, crossing a band does", () => {
    const page = (rank: number, score = 8.41) =>
      prerenderedPageData({
        series: entry(rank, score),
        detail: { rank, final_score: score } as SeriesDetail,
      });
    expect(page(300)).toEqual(page(301, 8.44));
    expect(page(500)).not.toEqual(page(501));
  });

  it('reads a band as "Top n" and an Unranked series as before', () => {
    expect(rankLabel(null, 1_000)).toBe('Top 1,000');
    expect(rankDescription(null, 1_000)).toBe('Ranked in the top 1,000');
    expect(rankLabel(3)).toBe('#3');
    expect(rankLabel(null)).toBe('–');
    expect(rankDescription(null)).toBe('Unranked');
  });
});
