import { describe, expect, it } from 'vitest';
import type { SeriesPageData } from '../../src/features/catalogue/catalogue-types';
import {
  seriesBookJsonLd,
  seriesBreadcrumbJsonLd,
  seriesDescription,
} from '../../src/features/series/series-seo';
import { seriesIdFromPath } from '../../src/features/series/series-page';

type ExternalIds = Pick<SeriesPageData['detail'], 'mal_id' | 'anilist_id' | 'mangaupdates_id'>;

function pageData(
  overrides: { synopsis?: string; rank?: number | null; vote_count?: number } & Partial<ExternalIds> = {},
): SeriesPageData {
  const ids: ExternalIds = {
    mal_id: overrides.mal_id ?? null,
    anilist_id: overrides.anilist_id ?? null,
    mangaupdates_id: overrides.mangaupdates_id ?? null,
  };
  const rank = overrides.rank === undefined ? 4 : overrides.rank;
  const voteCount = overrides.vote_count ?? 12;
  return {
    series: {
      id: 42,
      title: 'Tower of Panels',
      genre: 'Action, Fantasy',
      type: 'MANHWA',
      status: 'ONGOING',
      author: 'Kim',
      artist: 'Lee',
      cover_url: 'https://api.example/media/covers/42.webp',
      cover_variants: [],
      rank,
      vote_count: voteCount,
      final_score: 8.2345,
      mean_score: 8.5,
      ...ids,
      chapters: null,
      volumes: null,
      alt_titles: [],
    },
    detail: {
      series_id: 42,
      title: 'Tower of Panels',
      type: 'MANHWA',
      genre: 'Action, Fantasy',
      status: 'ONGOING',
      author: 'Kim',
      artist: 'Lee',
      synopsis: overrides.synopsis ?? 'x'.repeat(200),
      series_cover_url: '',
      series_cover_variants: [],
      cover_url: 'https://api.example/media/covers/42.webp',
      cover_variants: [],
      story_total: 0,
      story_count: 0,
      characters_total: 0,
      characters_count: 0,
      worldbuilding_total: 0,
      worldbuilding_count: 0,
      art_total: 0,
      art_count: 0,
      drama_or_fight_total: 0,
      drama_or_fight_count: 0,
      vote_counts: { Story: 0, Characters: 0, 'World Building': 0, Art: 0, 'Drama / Fighting': 0 },
      has_detail_cover: false,
      vote_scores: {},
      score_distribution: {
        story: Array(10).fill(0),
        characters: Array(10).fill(0),
        worldbuilding: Array(10).fill(0),
        art: Array(10).fill(0),
        drama_or_fight: Array(10).fill(0),
      },
      rank,
      final_score: 8.2345,
      mean_score: 8.5,
      vote_count: voteCount,
      ...ids,
      chapters: null,
      volumes: null,
      alt_titles: [],
    },
  };
}

describe('series page metadata', () => {
  it('describes the page with the first 150 characters of the synopsis', () => {
    expect(seriesDescription(pageData())).toBe('x'.repeat(150));
    expect(seriesDescription(pageData({ synopsis: '  A  short\n\nstory. ' }))).toBe('A short story.');
    expect(seriesDescription(pageData({ synopsis: '' }))).toMatch(/^Tower of Panels: manhwa by Kim/);
  });

  it('is a Book with genre, author, illustrator, image and a rating while ranked', () => {
    expect(seriesBookJsonLd(pageData())).toMatchObject({
      '@type': 'Book',
      name: 'Tower of Panels',
      genre: ['Action', 'Fantasy'],
      author: { '@type': 'Person', name: 'Kim' },
      illustrator: { '@type': 'Person', name: 'Lee' },
      image: 'https://api.example/media/covers/42.webp',
      aggregateRating: { ratingValue: 8.23, bestRating: 10, worstRating: 0, ratingCount: 12 },
    });
    expect(seriesBookJsonLd(pageData({ rank: null, vote_count: 0 }))).not.toHaveProperty('aggregateRating');
  });

  it('adds the shown reviews as schema.org Review objects, a spoiler review without its body', () => {
    const review = (id: number, spoiler: boolean, score: number | null) => ({
      review: {
        id,
        series_id: 42,
        author_username: `reader${id}`,
        body_markdown: '**Great**',
        spoiler,
        score,
        helpful_count: 1,
        viewer_found_helpful: false,
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
      },
      text: 'Great',
    });
    const ld = seriesBookJsonLd(pageData(), [review(1, false, 9), review(2, true, null)]) as {
      review: object[];
    };
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'reader1' },
        datePublished: '2026-11-20T10:00:00.000Z',
        reviewBody: 'Great',
        reviewRating: { '@type': 'Rating', ratingValue: 9, bestRating: 10, worstRating: 1 },
      },
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'reader2' },
        datePublished: '2026-11-20T10:00:00.000Z',
      },
    ]);
    expect(seriesBookJsonLd(pageData())).not.toHaveProperty('review');
  });

  it('lists the same work on MyAnimeList, AniList and MangaUpdates as sameAs, only those it has ids for', () => {
    const linked = pageData({ mal_id: 13, anilist_id: 30013, mangaupdates_id: 'pb8uwds' });
    expect(seriesBookJsonLd(linked)).toMatchObject({
      sameAs: [
        'https://myanimelist.net/manga/13',
        'https://anilist.co/manga/30013',
        'https://www.mangaupdates.com/series/pb8uwds',
      ],
    });
    expect(seriesBookJsonLd(pageData({ anilist_id: 7 }))).toMatchObject({
      sameAs: ['https://anilist.co/manga/7'],
    });
    expect(seriesBookJsonLd(pageData())).not.toHaveProperty('sameAs');
  });

  it('lists the alternative titles as alternateName, only when there are some', () => {
    const data = pageData();
    data.series.alt_titles = ['Na Honjaman Level Up', '나 혼자만 레벨업'];
    data.detail.alt_titles = ['Na Honjaman Level Up', '나 혼자만 레벨업'];
    expect(seriesBookJsonLd(data)).toMatchObject({
      alternateName: ['Na Honjaman Level Up', '나 혼자만 레벨업'],
    });
    expect(seriesBookJsonLd(pageData())).not.toHaveProperty('alternateName');
  });

  it('keeps a final score below 1 inside the rating scale', () => {
    // One voter, one category of five: 4 / 5 = 0.8, ranked all the same.
    const data = pageData({ rank: 7, vote_count: 1 });
    data.series.final_score = 0.8;
    data.detail.final_score = 0.8;
    const rating = (
      seriesBookJsonLd(data) as {
        aggregateRating: { ratingValue: number; worstRating: number; bestRating: number };
      }
    ).aggregateRating;
    expect(rating.ratingValue).toBe(0.8);
    expect(rating.ratingValue).toBeGreaterThanOrEqual(rating.worstRating);
    expect(rating.ratingValue).toBeLessThanOrEqual(rating.bestRating);
  });

  it('has a breadcrumb Home › Type › Title', () => {
    const names = (
      seriesBreadcrumbJsonLd(pageData()) as { itemListElement: { name: string }[] }
    ).itemListElement.map((item) => item.name);
    expect(names).toEqual(['Home', 'Manhwa', 'Tower of Panels']);
  });

  it('reads the id of the fallback page from the address', () => {
    expect(seriesIdFromPath('/series/42')).toBe(42);
    expect(seriesIdFromPath('/series/42/')).toBe(42);
    expect(seriesIdFromPath('/series/fallback')).toBeNull();
    expect(seriesIdFromPath('/series/0')).toBeNull();
  });
});
