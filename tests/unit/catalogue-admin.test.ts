import { describe, expect, it } from 'vitest';
import type { RankedSeries } from '../../src/features/catalogue/catalogue-types';
import { initialRankingListState, rankingListReducer } from '../../src/features/catalogue/ranking-list-state';
import {
  coverRatioProblem,
  detailCoverSizeProblem,
  sniffImageFormat,
} from '../../src/features/catalogue-admin/cover-checks';

const RATIO_MESSAGE = 'Please upload an image with a 2:3 portrait ratio (e.g. 200x300).';

function series(id: number, genre = 'Action', title = `Series ${id}`): RankedSeries {
  return {
    id,
    title,
    genre,
    type: 'MANHWA',
    status: 'ONGOING',
    author: '',
    artist: '',
    cover_url: null,
    cover_variants: [],
    rank: null,
    vote_count: 0,
    final_score: 0,
    mal_id: null,
    anilist_id: null,
    mangaupdates_id: null,
  };
}

describe('cover checks', () => {
  it('recognises PNG, JPEG and WebP by their first bytes, and nothing else', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const webp = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
    const gif = new TextEncoder().encode('GIF89a......');
    const text = new TextEncoder().encode('hello world!');
    expect([png, jpeg, webp, gif, text].map(sniffImageFormat)).toEqual([
      'png',
      'jpeg',
      'webp',
      undefined,
      undefined,
    ]);
  });

  it('accepts a width / height ratio from 0.6 to 0.7', () => {
    expect(coverRatioProblem(200, 300)).toBeUndefined();
    expect(coverRatioProblem(60, 100)).toBeUndefined();
    expect(coverRatioProblem(70, 100)).toBeUndefined();
    expect(coverRatioProblem(59, 100)).toBe(RATIO_MESSAGE);
    expect(coverRatioProblem(71, 100)).toBe(RATIO_MESSAGE);
    expect(coverRatioProblem(300, 200)).toBe(RATIO_MESSAGE);
  });

  it('accepts a detail cover under 800 KB only', () => {
    expect(detailCoverSizeProblem(800 * 1024 - 1)).toBeUndefined();
    expect(detailCoverSizeProblem(800 * 1024)).toBe('Cover image must be less than 800KB');
  });
});

describe('ranking list after admin edits', () => {
  const loaded = initialRankingListState([series(1), series(2, 'Romance')]);

  it('replaces an edited series and drops a deleted one', () => {
    const edited = rankingListReducer(loaded, {
      type: 'seriesUpdated',
      series: series(2, 'Horror', 'Renamed'),
    });
    expect(edited.items.map((s) => s.title)).toEqual(['Series 1', 'Renamed']);
    expect(edited.genres).toContain('Horror');
    const removed = rankingListReducer(edited, { type: 'seriesRemoved', id: 1 });
    expect(removed.items.map((s) => s.id)).toEqual([2]);
  });

  it('shows an added series at the end once the whole list is loaded, in a matching genre', () => {
    expect(
      rankingListReducer(loaded, { type: 'seriesAdded', series: series(3) }).items.map((s) => s.id),
    ).toEqual([1, 2, 3]);
    const romance = { ...loaded, genre: 'Romance' };
    expect(rankingListReducer(romance, { type: 'seriesAdded', series: series(4, 'Action') })).toBe(romance);
    const moreToCome = { ...loaded, ended: false };
    expect(rankingListReducer(moreToCome, { type: 'seriesAdded', series: series(5) })).toBe(moreToCome);
  });
});
