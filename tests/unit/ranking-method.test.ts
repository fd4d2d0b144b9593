import { describe, expect, it } from 'vitest';
import {
  formatComputedAt,
  formatFigure,
  minVotersText,
  workedExample,
} from '../../src/features/info/ranking-method';
import { plainMeanScore, weightedFinalScore } from '../../contract/ranking-formula';

const flat = (m: number, mean: number) => ({
  prior_votes: m,
  category_means: { story: mean, characters: mean, worldbuilding: mean, art: mean, drama_or_fight: mean },
});

describe('the ranking method page (build time)', () => {
  it('works the example through with the weights it is given: 3 tens rank below 58 nines', () => {
    const example = workedExample(flat(10, 7));
    expect(example.finals).toEqual([7.692308, 8.705882]);
    expect(example.rows.map((row) => row.label)).toEqual([
      'Story',
      'Characters',
      'World Building',
      'Art',
      'Drama / Fighting',
    ]);
    expect(example.rows[0]).toEqual({ label: 'Story', mean: 7, scores: [100 / 13, 592 / 68] });
  });

  it('uses each category its own mean, as the API does', () => {
    const weights = {
      prior_votes: 5,
      category_means: { story: 6, characters: 7, worldbuilding: 8, art: 9, drama_or_fight: 5.5 },
    };
    const example = workedExample(weights);
    expect(example.rows.map((row) => row.mean)).toEqual([6, 7, 8, 9, 5.5]);
    expect(example.rows[3]!.scores[0]).toBe((30 + 5 * 9) / (3 + 5));
    const perCategory = example.rows.map((row) => row.scores[1]);
    expect(example.finals[1]).toBe(
      Math.round((perCategory.reduce((sum, score) => sum + score, 0) / 5) * 1e6) / 1e6,
    );
    // With no prior weight, the plain averages win: the shrinking is what turns the order around.
    expect(workedExample(flat(0, 7)).finals).toEqual([10, 9]);
  });

  it('formats the figures, the minimum of voters and the date of the means', () => {
    expect(formatFigure(7.228440015)).toBe('7.23');
    expect(formatFigure(10)).toBe('10.00');
    expect(minVotersText(3)).toBe('at least 3 readers');
    expect(minVotersText(1)).toBe('at least one reader');
    expect(formatComputedAt('2026-11-27T07:01:41.563Z')).toBe('27 November 2026');
    expect(formatComputedAt('soon')).toBe('soon');
  });
});

describe('the shared formula (contract/ranking-formula.ts)', () => {
  it('scores a series without votes at the mean of the category means, and has no mean of votes', () => {
    const none = { total: 0, count: 0 };
    const tallies = { story: none, characters: none, worldbuilding: none, art: none, drama_or_fight: none };
    const weights = {
      prior_votes: 10,
      category_means: { story: 7, characters: 6, worldbuilding: 5, art: 8, drama_or_fight: 4 },
    };
    expect(weightedFinalScore(tallies, weights)).toBe(6);
    expect(plainMeanScore(tallies)).toBeNull();
    expect(plainMeanScore({ ...tallies, story: { total: 17, count: 2 }, art: { total: 6, count: 1 } })).toBe(
      7.25,
    );
  });
});
