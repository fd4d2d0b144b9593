import { describe, expect, it } from 'vitest';
import type { SeriesPageData } from '../../src/features/catalogue/catalogue-types';
import { pagerItems, type PagerItem } from '../../src/features/catalogue/pager';
import { paginateRanking, rankingPagePath } from '../../src/features/catalogue/ranking-pages';
import {
  RELATED_CANDIDATES_PER_GENRE,
  createRelatedSeriesIndex,
  relatedSeriesIndex,
} from '../../src/features/series/related-series';
import { rankedSeries } from './series-fixture';

/** `1 … 4 [5] 6 … 12` */
function render(items: PagerItem[]): string {
  return items
    .map((item) => (item.kind === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page)))
    .join(' ');
}

const series = rankedSeries;

describe('pager', () => {
  it('shows first, last, the current page and its neighbours, with gaps', () => {
    expect(render(pagerItems(5, 12))).toBe('1 … 4 [5] 6 … 12');
    expect(render(pagerItems(1, 12))).toBe('[1] 2 … 12');
    expect(render(pagerItems(12, 12))).toBe('1 … 11 [12]');
  });

  it('shows a single skipped page instead of a gap', () => {
    expect(render(pagerItems(4, 12))).toBe('1 2 3 [4] 5 … 12');
    expect(render(pagerItems(3, 5))).toBe('1 2 [3] 4 5');
  });

  it('lists short lists whole, and one page alone', () => {
    expect(render(pagerItems(2, 3))).toBe('1 [2] 3');
    expect(render(pagerItems(1, 1))).toBe('[1]');
    expect(render(pagerItems(1, 0))).toBe('[1]');
  });

  it('clamps a page outside the list', () => {
    expect(render(pagerItems(40, 12))).toBe('1 … 11 [12]');
    expect(render(pagerItems(-3, 6))).toBe('[1] 2 … 6');
  });

  it('links page 1 to the list itself and later pages under /page/', () => {
    expect(rankingPagePath('ALL', 1)).toBe('/');
    expect(rankingPagePath('ALL', 2)).toBe('/page/2');
    expect(rankingPagePath('MANHUA', 1)).toBe('/type/manhua');
    expect(rankingPagePath('MANHUA', 3)).toBe('/type/manhua/page/3');
  });
});

describe('ranking pages', () => {
  const catalogue = new Map<number, SeriesPageData>(
    Array.from({ length: 60 }, (_, index) => {
      const entry = series(index + 1, { rank: 100 + index });
      return [entry.id, { series: entry, detail: {} as SeriesPageData['detail'] }];
    }),
  );

  it('cuts the order into pages of 25 with the ranks of the list', () => {
    const places = [...catalogue.keys()].reverse().map((id, index) => ({ id, rank: index + 1 }));
    const pages = paginateRanking('MANHWA', places, catalogue);
    expect(pages.map((page) => [page.page, page.totalPages, page.items.length])).toEqual([
      [1, 3, 25],
      [2, 3, 25],
      [3, 3, 10],
    ]);
    expect(pages[1]?.items.map((item) => item.rank)).toEqual(Array.from({ length: 25 }, (_, i) => 26 + i));
    expect(pages[0]?.items[0]?.id).toBe(60);
  });

  it('skips places whose series is gone, and keeps one empty first page', () => {
    const pages = paginateRanking(
      'ALL',
      [
        { id: 999, rank: 1 },
        { id: 3, rank: 2 },
      ],
      catalogue,
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]?.items.map((item) => [item.id, item.rank])).toEqual([[3, 2]]);
    expect(paginateRanking('MANGA', [], catalogue)).toEqual([
      { key: 'MANGA', page: 1, totalPages: 1, items: [], series: [] },
    ]);
  });
});

describe('related series', () => {
  const catalogue = [
    series(1, { genre: 'Action, Fantasy, Romance', rank: 1 }),
    series(2, { genre: 'Action, Fantasy', rank: 5 }),
    series(3, { genre: 'action', rank: 2 }),
    series(4, { genre: 'Fantasy, Romance, Action', rank: 9 }),
    series(5, { genre: 'Action, Fantasy', type: 'MANGA', rank: 3 }),
    series(6, { genre: 'Horror', rank: 4 }),
    series(7, { genre: 'Fantasy', rank: null }),
    series(8, { genre: 'Horror', rank: 7 }),
  ];

  it('picks the same type, most shared genres first, then the nearest', () => {
    const related = relatedSeriesIndex(catalogue, 3);
    // 4 shares three genres, 2 shares two; of those sharing one, 3 is nearer than 7.
    expect(related(catalogue[0]!).map((entry) => entry.id)).toEqual([4, 2, 3]);
  });

  it('matches genres case-insensitively and never picks the series itself or another type', () => {
    const related = relatedSeriesIndex(catalogue, 6);
    const ids = related(catalogue[2]!).map((entry) => entry.id);
    expect(ids.slice(0, 3)).toEqual([2, 4, 1]);
    expect(ids).not.toContain(3);
    expect(ids).not.toContain(5);
  });

  it('fills with the nearest series of the type when too few share a genre', () => {
    const related = relatedSeriesIndex(catalogue, 4);
    // 8 shares Horror; then the nearest MANHWA: 7, 4, 3.
    expect(related(catalogue[5]!).map((entry) => entry.id)).toEqual([8, 7, 4, 3]);
  });

  it('does not change when ranks and scores do', () => {
    const reranked = catalogue.map((entry, index) => ({
      ...entry,
      rank: index % 2 ? null : 100 - index,
      final_score: index,
    }));
    const before = relatedSeriesIndex(catalogue, 4);
    const after = relatedSeriesIndex(reranked, 4);
    for (const [index, one] of catalogue.entries()) {
      expect(after(reranked[index]!).map((entry) => entry.id)).toEqual(before(one).map((entry) => entry.id));
    }
  });

  /** `size` MANHWA series that all share Action, half of them Romance too. */
  function bigCatalogue(size: number) {
    return Array.from({ length: size }, (_, index) =>
      series(index + 1, { genre: index % 2 ? 'Action, Romance' : 'Action', rank: index + 1 }),
    );
  }

  it('considers a bounded number of candidates per genre, its neighbours, whatever the catalogue size', () => {
    for (const size of [1_000, 20_000]) {
      const catalogue = bigCatalogue(size);
      const index = createRelatedSeriesIndex(catalogue);
      const middle = catalogue[size / 2]!;
      const candidates = index.candidates(middle);
      expect(candidates.length).toBeLessThanOrEqual(2 * RELATED_CANDIDATES_PER_GENRE);
      expect(candidates.length).toBeGreaterThanOrEqual(RELATED_CANDIDATES_PER_GENRE);
      const distances = candidates.map((entry) => Math.abs(entry.id - middle.id));
      expect(Math.max(...distances)).toBeLessThanOrEqual(RELATED_CANDIDATES_PER_GENRE);
    }
  });

  it('prefers the nearest candidates that share the most genres, on both sides', () => {
    const catalogue = bigCatalogue(20_000);
    const related = createRelatedSeriesIndex(catalogue, 6).related(catalogue[9_999]!);
    // Series 10,000 is Action and Romance: the nearest sharing both are the even ids around it.
    expect(related.map((entry) => entry.id)).toEqual([9_998, 10_002, 9_996, 10_004, 9_994, 10_006]);
  });

  it('chooses exactly what sorting every candidate would (shared genres, then distance), in that order', () => {
    const genres = ['Action', 'Fantasy', 'Romance', 'Horror', 'Comedy'];
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const catalogue = Array.from({ length: 400 }, (_, index) =>
      series(index + 1, {
        genre: genres.filter(() => next(3) === 0).join(', '),
        type: next(4) === 0 ? 'MANGA' : 'MANHWA',
        rank: next(5) === 0 ? null : next(300) + 1,
      }),
    );
    for (const count of [1, 3, 6]) {
      const index = createRelatedSeriesIndex(catalogue, count, 10);
      for (const one of catalogue) {
        const own = new Set(one.genre!.toLowerCase().split(', ').filter(Boolean));
        const shared = (other: (typeof catalogue)[number]) =>
          new Set(
            other
              .genre!.toLowerCase()
              .split(', ')
              .filter((genre) => own.has(genre)),
          ).size;
        const distance = (other: (typeof catalogue)[number]) => Math.abs(other.id - one.id);
        const candidates = index.candidates(one);
        const expected = [...candidates]
          .sort((a, b) => shared(b) - shared(a) || distance(a) - distance(b) || a.id - b.id)
          .slice(0, count)
          .map((entry) => entry.id);
        const chosen = index.related(one).map((entry) => entry.id);
        expect(chosen.slice(0, expected.length)).toEqual(expected);
      }
    }
  });
});
