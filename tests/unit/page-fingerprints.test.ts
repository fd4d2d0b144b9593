import { describe, expect, it } from 'vitest';
import type { SeriesPageData } from '../../src/features/catalogue/catalogue-types';
import { rankingPagePrint } from '../../src/features/catalogue/ranking-page-inputs';
import { paginateRanking } from '../../src/features/catalogue/ranking-pages';
import { fingerprint, sharedFingerprint } from '../../src/features/incremental-build/fingerprint';
import { seriesPagePrint } from '../../src/features/series/series-page-inputs';
import { rankedSeries } from './series-fixture';

/** A catalogue of `count` series by id, as the build indexes it. */
function catalogueOf(count: number, change: Record<number, object> = {}): Map<number, SeriesPageData> {
  return new Map(
    Array.from({ length: count }, (_, index) => {
      const entry = rankedSeries(index + 1, { rank: index + 1, ...change[index + 1] });
      return [entry.id, { series: entry, detail: {} as SeriesPageData['detail'] }];
    }),
  );
}

/** The fingerprint of page `page` of a list over `catalogue` in the order of `ids`. */
function listPagePrint(catalogue: Map<number, SeriesPageData>, ids: number[], page = 1): string {
  const places = ids.map((id, index) => ({ id, rank: index + 1 }));
  const ranking = paginateRanking('ALL', places, catalogue)[page - 1]!;
  const inputs = { items: ranking.items, series: ranking.series, totalPages: ranking.totalPages, genres: [] };
  return fingerprint(rankingPagePrint({ ...inputs, genreLinks: [] }));
}

describe('page fingerprints', () => {
  it('work a shared value out once, from its content', () => {
    const card = rankedSeries(1);
    expect(sharedFingerprint(card)).toBe(fingerprint(card));
    expect(sharedFingerprint({ ...card })).toBe(sharedFingerprint(card));
    expect(sharedFingerprint(rankedSeries(2))).not.toBe(sharedFingerprint(card));
  });

  it("change a list page's exactly when a series on it, its order or its ranks change", () => {
    const ids = Array.from({ length: 60 }, (_, index) => index + 1);
    const before = catalogueOf(60);
    const print = listPagePrint;
    // Another build with the same data: other objects, the same fingerprints.
    expect(print(catalogueOf(60), ids, 1)).toBe(print(before, ids, 1));
    // A title on page 2 changed: page 2's fingerprint, not page 1's.
    const retitled = catalogueOf(60, { 30: { title: 'A new title' } });
    expect(print(retitled, ids, 1)).toBe(print(before, ids, 1));
    expect(print(retitled, ids, 2)).not.toBe(print(before, ids, 2));
    // Two series swapped on page 1: its entries' order and ranks moved.
    const swapped = [2, 1, ...ids.slice(2)];
    expect(print(before, swapped, 1)).not.toBe(print(before, ids, 1));
    expect(print(before, swapped, 2)).toBe(print(before, ids, 2));
  });

  it("change a series page's when one of its cards changes", () => {
    const cards = [rankedSeries(2), rankedSeries(3)];
    const inputs = {
      data: { series: rankedSeries(1), detail: {} as SeriesPageData['detail'] },
      related: cards,
      alsoLiked: [cards[1]!],
      reviews: { total: 0, top: [] },
    };
    const print = fingerprint(seriesPagePrint(inputs));
    expect(fingerprint(seriesPagePrint({ ...inputs, related: cards.map((card) => ({ ...card })) }))).toBe(
      print,
    );
    const scored = { ...cards[1]!, final_score: 9.5 };
    expect(fingerprint(seriesPagePrint({ ...inputs, alsoLiked: [scored] }))).not.toBe(print);
    expect(fingerprint(seriesPagePrint({ ...inputs, related: [cards[1]!, cards[0]!] }))).not.toBe(print);
  });
});
