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

  it('shows cards every rank by its band, and no score or vote count', () => {
    expect(prerenderedSeries(entry(3))).toMatchObject({ rank: null, rank_band: 10, final_score: 0 });
    expect(prerenderedSeries({ ...entry(734, 7.04), vote_count: 250 })).toMatchObject({
      rank: null,
      rank_band: 1_000,
      final_score: 0,
      mean_score: null,
      vote_count: 0,
    });
    expect(prerenderedSeries(entry(null))).toMatchObject({ rank: null, final_score: 0 });
    expect(prerenderedSeries(entry(null)).rank_band).toBeUndefined();
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

  it('does not change when another series passes it, only when it crosses a band', () => {
    expect(prerenderedSeries(entry(300, 8.41))).toEqual(prerenderedSeries(entry(301, 7.44)));
    expect(prerenderedSeries(entry(500))).not.toEqual(prerenderedSeries(entry(501)));
  });

  it('reads a band as "Top n" and an Unranked series as before', () => {
    expect(rankLabel(null, 1_000)).toBe('Top 1,000');
    expect(rankLabel(null, 2_500, true)).toBe('Top 2.5K');
    expect(rankLabel(null, 100_000, true)).toBe('Top 100K');
    expect(rankLabel(null, 50, true)).toBe('Top 50');
    expect(rankDescription(null, 1_000)).toBe('Ranked in the top 1,000');
    expect(rankLabel(3)).toBe('#3');
    expect(rankLabel(null)).toBe('–');
    expect(rankDescription(null)).toBe('Unranked');
  });
});
