import { VOTE_CATEGORIES, type VoteCategoryLabel } from '../../../contract/catalogue-values';
import {
  weightedCategoryScore,
  weightedFinalScore,
  type CategoryTallies,
  type RankingWeights,
} from '../../../contract/ranking-formula';

/*
 * The figures /how-rankings-work shows, from the ranking method the build read with the catalogue: the
 * weights and one worked example computed with the shared formula, so the page says what the API does.
 */

/** A series in the worked example: every reader gave the same score in each of the five categories. */
export interface ExampleSeries {
  voters: number;
  /** Each category's average. */
  average: number;
}

/** The example the page works through: three perfect tens against many readers at 9. */
export const FEW_HIGH: ExampleSeries = { voters: 3, average: 10 };
export const MANY_GOOD: ExampleSeries = { voters: 58, average: 9 };

export interface ExampleRow {
  label: VoteCategoryLabel;
  /** C: the catalogue's mean in this category. */
  mean: number;
  /** Each example series' weighted score in this category. */
  scores: [number, number];
}

export interface WorkedExample {
  rows: ExampleRow[];
  /** Each series' final score, as the ranking orders by it. */
  finals: [number, number];
}

function talliesOf({ voters, average }: ExampleSeries): CategoryTallies {
  return Object.fromEntries(
    VOTE_CATEGORIES.map(({ field }) => [field, { total: voters * average, count: voters }]),
  ) as CategoryTallies;
}

/** The two example series scored with the live weights, category by category and in the end. */
export function workedExample(
  weights: RankingWeights,
  series: [ExampleSeries, ExampleSeries] = [FEW_HIGH, MANY_GOOD],
): WorkedExample {
  const tallies = series.map(talliesOf) as [CategoryTallies, CategoryTallies];
  const rows = VOTE_CATEGORIES.map(({ field, label }): ExampleRow => {
    const mean = weights.category_means[field];
    const score = (of: CategoryTallies) => weightedCategoryScore(of[field], weights.prior_votes, mean);
    return { label, mean, scores: [score(tallies[0]), score(tallies[1])] };
  });
  return { rows, finals: [weightedFinalScore(tallies[0], weights), weightedFinalScore(tallies[1], weights)] };
}

/** The method page's numbers: two decimals (7.23), enough to follow the arithmetic. */
export function formatFigure(value: number): string {
  return value.toFixed(2);
}

/** "readers": "at least 3 readers", "at least one reader". */
export function minVotersText(minVoters: number): string {
  return minVoters <= 1 ? 'at least one reader' : `at least ${minVoters} readers`;
}

/** The date the means were computed, in words ("27 November 2026"); the raw text if it is no date. */
export function formatComputedAt(computedAt: string): string {
  const date = new Date(computedAt);
  if (Number.isNaN(date.getTime())) return computedAt;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
