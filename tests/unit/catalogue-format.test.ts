import { describe, expect, it } from 'vitest';
import type { SeriesDetail } from '../../src/features/catalogue/catalogue-types';
import { coverLoadingFor, coverSources } from '../../src/features/catalogue/cover-image';
import {
  extractGenres,
  formatCardScore,
  formatOneDecimal,
  hasGenre,
  rankLabel,
  scoreBand,
  showsVoteCount,
  splitGenres,
  statusLabel,
} from '../../src/features/catalogue/series-format';
import { categoryScores, formatCategoryScore } from '../../src/features/series/series-categories';
import { meanOfVotesText } from '../../src/features/series/series-score';

describe('score band', () => {
  it.each([
    [10, 'green'],
    [9, 'green'],
    [8.999, 'blue'],
    [7.5, 'blue'],
    [7.499, 'yellow'],
    [5, 'yellow'],
    [4.99, 'orange'],
    [3, 'orange'],
    [2.999, 'red'],
    [0, 'red'],
  ])('%s is %s', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});

describe('score formatting', () => {
  it('shows up to 3 decimals on cards, without trailing zeros', () => {
    expect(formatCardScore(8.5)).toBe('8.5');
    expect(formatCardScore(22 / 3)).toBe('7.333');
    expect(formatCardScore(9)).toBe('9');
    expect(formatCardScore(7.0004)).toBe('7');
    expect(formatCardScore(6.6666666)).toBe('6.667');
  });

  it('shows one decimal on detail and compare', () => {
    expect(formatOneDecimal(8)).toBe('8.0');
    expect(formatOneDecimal(22 / 3)).toBe('7.3');
    expect(formatOneDecimal(8.45)).toMatch(/^8\.[45]$/);
  });

  it('says the mean of votes and how many readers voted, or nothing without votes', () => {
    expect(meanOfVotesText(8.4567, 12)).toBe('Mean of votes 8.5 from 12 voters');
    expect(meanOfVotesText(10, 1)).toBe('Mean of votes 10.0 from 1 voter');
    expect(meanOfVotesText(7.04, 12345)).toBe('Mean of votes 7.0 from 12,345 voters');
    expect(meanOfVotesText(null, 0)).toBeNull();
    // Votes all removed while an older answer still carried a mean: no line rather than "from 0 voters".
    expect(meanOfVotesText(6, 0)).toBeNull();
  });

  it('shows a rank badge or a dash', () => {
    expect(rankLabel(3)).toBe('#3');
    expect(rankLabel(null)).toBe('–');
  });

  it('shows vote counts from 10 votes', () => {
    expect(showsVoteCount(9)).toBe(false);
    expect(showsVoteCount(10)).toBe(true);
  });

  it('shows statuses with spaces for underscores', () => {
    expect(statusLabel('SEASON_END')).toBe('SEASON END');
    expect(statusLabel('ONGOING')).toBe('ONGOING');
    expect(statusLabel(null)).toBeNull();
  });
});

describe('genres', () => {
  it('splits comma-separated genre text, trimmed, without blanks', () => {
    expect(splitGenres(' Action,Fantasy , ,Martial Arts,')).toEqual(['Action', 'Fantasy', 'Martial Arts']);
    expect(splitGenres('')).toEqual([]);
  });

  it('extracts each genre once, sorted, first spelling kept', () => {
    const series = [{ genre: 'Romance, Action' }, { genre: 'action, Drama' }, { genre: 'Comedy,Romance' }];
    expect(extractGenres(series)).toEqual(['Action', 'Comedy', 'Drama', 'Romance']);
  });

  it('keeps the genres already known', () => {
    expect(extractGenres([{ genre: 'Horror' }], ['Action'])).toEqual(['Action', 'Horror']);
  });

  it('matches a genre case-insensitively', () => {
    expect(hasGenre({ genre: 'Action, Slice of Life' }, 'slice of life')).toBe(true);
    expect(hasGenre({ genre: 'Action, Slice of Life' }, 'Life')).toBe(false);
  });
});

describe('category scores', () => {
  const detail = {
    story_total: 25,
    story_count: 3,
    characters_total: 0,
    characters_count: 0,
    worldbuilding_total: 9,
    worldbuilding_count: 1,
    art_total: 40,
    art_count: 5,
    drama_or_fight_total: 14,
    drama_or_fight_count: 2,
    score_distribution: {
      story: [0, 0, 0, 0, 0, 0, 1, 1, 1, 0],
      characters: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      worldbuilding: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
      art: [0, 0, 0, 0, 0, 0, 0, 5, 0, 0],
      drama_or_fight: [0, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    },
  } as SeriesDetail;

  it('averages each category and marks empty ones', () => {
    const scores = categoryScores(detail);
    expect(scores.map((score) => score.label)).toEqual([
      'Story',
      'Characters',
      'World Building',
      'Art',
      'Drama / Fighting',
    ]);
    expect(scores.map((score) => formatCategoryScore(score.average))).toEqual([
      '8.3/10',
      '-/10',
      '9.0/10',
      '8.0/10',
      '7.0/10',
    ]);
    expect(scores[1]).toMatchObject({ average: null, voteCount: 0 });
    expect(scores[3]!.distribution).toEqual([0, 0, 0, 0, 0, 0, 0, 5, 0, 0]);
  });
});

describe('cover images', () => {
  it('builds srcset from the width variants, largest as src', () => {
    expect(
      coverSources('https://api/c.webp', [
        { width: 400, url: 'https://api/c-w400.webp' },
        { width: 200, url: 'https://api/c-w200.webp' },
      ]),
    ).toEqual({
      src: 'https://api/c-w400.webp',
      srcSet: 'https://api/c-w200.webp 200w, https://api/c-w400.webp 400w',
    });
  });

  it('falls back to the original, or nothing', () => {
    expect(coverSources('https://api/c.webp', [])).toEqual({ src: 'https://api/c.webp', srcSet: undefined });
    expect(coverSources(null, [])).toBeNull();
  });

  it("loads the first cover at high priority, a phone's first row eagerly, the rest lazily", () => {
    expect([0, 1, 2, 5, 24].map(coverLoadingFor)).toEqual(['priority', 'eager', 'lazy', 'lazy', 'lazy']);
  });
});
