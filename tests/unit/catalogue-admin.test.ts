import { describe, expect, it } from 'vitest';
import type { RankedSeries } from '../../src/features/catalogue/catalogue-types';
import {
  NO_EDITS,
  rankingListView,
  type ListEdits,
  type ListRead,
} from '../../src/features/catalogue/ranking-list-state';
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
    mean_score: null,
    mal_id: null,
    anilist_id: null,
    mangaupdates_id: null,
    chapters: null,
    volumes: null,
    alt_titles: [],
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
  const loaded: ListRead = {
    source: { mode: 'ranked', view: '', fresh: false },
    initialItems: [series(1), series(2, 'Romance')],
    initialPage: 1,
    pages: [],
    results: undefined,
    edits: NO_EDITS,
  };
  const edited = (edits: Partial<ListEdits>, read: ListRead = loaded) =>
    rankingListView({ ...read, edits: { ...NO_EDITS, ...edits } }).shown;

  it('replaces an edited series and drops a deleted one', () => {
    const renamed = new Map([[2, series(2, 'Horror', 'Renamed')]]);
    expect(edited({ updated: renamed }).map((s) => s.title)).toEqual(['Series 1', 'Renamed']);
    expect(edited({ updated: renamed, removed: new Set([1]) }).map((s) => s.id)).toEqual([2]);
  });

  it('shows an added series at the end once the whole list is loaded, in a matching genre', () => {
    expect(edited({ added: [series(3)] }).map((s) => s.id)).toEqual([1, 2, 3]);
    const romance: ListRead = {
      ...loaded,
      source: { mode: 'ranked', view: 'genre=Romance', fresh: true },
      pages: [[series(2, 'Romance')]],
    };
    expect(edited({ added: [series(4, 'Action')] }, romance).map((s) => s.id)).toEqual([2]);
    const moreToCome: ListRead = {
      ...loaded,
      initialItems: Array.from({ length: 25 }, (_, index) => series(index + 10)),
    };
    expect(edited({ added: [series(5)] }, moreToCome).map((s) => s.id)).not.toContain(5);
  });
});
