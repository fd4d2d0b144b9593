import { describe, expect, it } from 'vitest';
import type { SeriesDetail } from '../../src/features/catalogue/catalogue-types';
import { fingerprint } from '../../src/features/incremental-build/fingerprint';
import {
  serializedSeriesPageInputs,
  type SeriesPageInputs,
} from '../../src/features/series/series-page-inputs';
import { rankedSeries } from './series-fixture';

const cards = [
  rankedSeries(2, { title: 'Quoted "title" \\ with 君星 and \u2028' }),
  rankedSeries(3, { alt_titles: ['Other'] }),
  rankedSeries(4),
];

function inputs(id: number, related = cards, alsoLiked = cards.slice(1)): SeriesPageInputs {
  return {
    data: {
      series: rankedSeries(id),
      detail: { series_id: id, synopsis: `Synopsis of ${id}`, rank: id } as SeriesDetail,
    },
    related,
    alsoLiked,
    reviews: { total: 0, top: [] },
  };
}

describe("a series page's serialized inputs", () => {
  it('are the text JSON.stringify gives, so fingerprints are those of the inputs themselves', () => {
    for (const page of [inputs(1), inputs(5, cards.slice(0, 1), []), inputs(6, [], [])]) {
      const serialized = serializedSeriesPageInputs(page);
      expect(serialized.json).toBe(JSON.stringify(page));
      expect(fingerprint(serialized)).toBe(fingerprint(page));
    }
  });

  it('change with any card they show', () => {
    const before = fingerprint(serializedSeriesPageInputs(inputs(1)));
    const renamed = [cards[0]!, { ...cards[1]!, title: 'Renamed' }, cards[2]!];
    expect(fingerprint(serializedSeriesPageInputs(inputs(1, renamed)))).not.toBe(before);
    expect(fingerprint(serializedSeriesPageInputs(inputs(1, cards, renamed)))).not.toBe(before);
    expect(fingerprint(serializedSeriesPageInputs(inputs(1, cards.slice(0, 2))))).not.toBe(before);
    expect(fingerprint(serializedSeriesPageInputs(inputs(1)))).toBe(before);
  });
});
