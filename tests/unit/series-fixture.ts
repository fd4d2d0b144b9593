import type { RankedSeries } from '../../src/features/catalogue/catalogue-types';

/** A ranked-list entry for unit tests: rank = id, one genre, overridable. */
export function rankedSeries(id: number, overrides: Partial<RankedSeries> = {}): RankedSeries {
  return {
    id,
    title: `Series ${id}`,
    genre: 'Action',
    type: 'MANHWA',
    status: 'ONGOING',
    author: 'A',
    artist: 'B',
    cover_url: null,
    cover_variants: [],
    rank: id,
    vote_count: 1,
    final_score: 5,
    mean_score: 5,
    mal_id: null,
    anilist_id: null,
    mangaupdates_id: null,
    chapters: null,
    volumes: null,
    alt_titles: [],
    ...overrides,
  };
}
