import { describe, expect, it } from 'vitest';
import { genreSlug } from '../../contract/catalogue-values';
import {
  browseListPath,
  browseListView,
  catalogueGenres,
  genrePlaces,
  popularPlaces,
} from '../../src/features/catalogue/browse-lists';
import type { SeriesPageData } from '../../src/features/catalogue/catalogue-types';
import { browseListCopy } from '../../src/features/catalogue/list-copy';
import { rankingPagesIndex } from '../../src/features/catalogue/ranking-pages';
import { rankedSeries } from './series-fixture';

function data(id: number, genre: string, voteCount = 1): SeriesPageData {
  const series = rankedSeries(id, { genre, vote_count: voteCount });
  return { series, detail: { vote_count: voteCount } as SeriesPageData['detail'] };
}

describe('genre slugs', () => {
  it('are lowercase, without accents, one hyphen between words', () => {
    expect(genreSlug('Slice of Life')).toBe('slice-of-life');
    expect(genreSlug('Sci-Fi')).toBe('sci-fi');
    expect(genreSlug('  Isekai!! ')).toBe('isekai');
    expect(genreSlug('Mécha')).toBe('mecha');
  });
});

describe('the browse lists', () => {
  it('have paths like the ranked lists, per type for genres', () => {
    const action = { kind: 'genre', type: 'ALL', slug: 'action', genre: 'Action' } as const;
    expect(browseListPath(action, 1)).toBe('/genre/action');
    expect(browseListPath(action, 3)).toBe('/genre/action/page/3');
    expect(browseListPath({ ...action, type: 'MANHWA' }, 2)).toBe('/type/manhwa/genre/action/page/2');
    expect(browseListPath({ kind: 'popular' }, 1)).toBe('/popular');
    expect(browseListPath({ kind: 'trending' }, 2)).toBe('/trending/page/2');
    expect(browseListPath({ kind: 'ranked', type: 'ALL' }, 1)).toBe('/');
  });

  it('start the island from their own view', () => {
    expect(browseListView({ kind: 'popular' }).sort).toBe('popular');
    expect(browseListView({ kind: 'genre', type: 'MANGA', slug: 'action', genre: 'Action' }).genres).toEqual([
      'Action',
    ]);
  });

  it('have titles of their own', () => {
    expect(browseListCopy({ kind: 'genre', type: 'MANHWA', slug: 'action', genre: 'Action' }).title).toBe(
      'Top ranked Action manhwa',
    );
    expect(browseListCopy({ kind: 'popular' }).heading).toBe('Most popular series');
    expect(browseListCopy({ kind: 'trending' }).heading).toBe('Trending series');
  });
});

describe('the genre lists of the catalogue', () => {
  const catalogue = [
    data(1, 'Action, Slice of Life', 3),
    data(2, 'action', 9),
    data(3, 'Drama, slice of life', 3),
    data(4, '', 0),
  ];
  const byId = new Map(catalogue.map((entry) => [entry.series.id, entry]));

  it('name each genre once per slug, with its most used spelling', () => {
    expect(catalogueGenres(catalogue)).toEqual([
      { slug: 'action', name: 'Action' },
      { slug: 'drama', name: 'Drama' },
      { slug: 'slice-of-life', name: 'Slice of Life' },
    ]);
  });

  it('keep the ranked list’s order and ranks, and page like it', () => {
    const overall = [4, 3, 2, 1].map((id, index) => ({ id, rank: index + 1 }));
    const places = genrePlaces(overall, byId);
    expect(places.get('slice-of-life')).toEqual([
      { id: 3, rank: 2 },
      { id: 1, rank: 4 },
    ]);
    expect(places.get('action')?.map((place) => place.id)).toEqual([2, 1]);
    const index = rankingPagesIndex({ 'genre:ALL:action': places.get('action')! }, byId, 1);
    expect(index.totalPages('genre:ALL:action')).toBe(2);
    expect(index.page('genre:ALL:action', 2)?.items.map((item) => [item.id, item.rank])).toEqual([[1, 4]]);
  });

  it('order the most popular by distinct voters, ties by final score, each with its overall rank', () => {
    const overall = [1, 3, 2, 4].map((id, index) => ({ id, rank: index + 1 }));
    expect(popularPlaces(overall, byId)).toEqual([
      { id: 2, rank: 3 },
      { id: 1, rank: 1 },
      { id: 3, rank: 2 },
      { id: 4, rank: 4 },
    ]);
  });
});
