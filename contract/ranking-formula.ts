import { VOTE_CATEGORIES, type VoteCategoryField } from './catalogue-values';

/*
 * The weighted ranking's arithmetic, shared by the API (api/ranking/scores.ts, whose SQL twin must agree to
 * the last bit) and the site (the method page's worked example, the vote panel's optimistic scores).
 * Imports nothing but values, so browser code can use it.
 */

/** Decimal places kept in final and mean scores, so equal averages compare equal and share a rank. */
const SCORE_FACTOR = 10 ** 6;

/** One category's sum and number of votes. */
export interface CategoryTally {
  total: number;
  count: number;
}

export type CategoryTallies = Record<VoteCategoryField, CategoryTally>;

/** What the weighting shrinks toward, as GET /series/ranking-method answers it. */
export interface RankingWeights {
  /** m: how many votes at the catalogue's mean each category of a series starts with. */
  prior_votes: number;
  /** C per category: the mean of every vote in that category across the catalogue. */
  category_means: Record<VoteCategoryField, number>;
}

/** A category's weighted score `(total + m × C) / (count + m)`: C without votes, the plain average with many. */
export function weightedCategoryScore(tally: CategoryTally, priorVotes: number, mean: number): number {
  return (tally.total + priorVotes * mean) / (tally.count + priorVotes);
}

/**
 * The final score: the mean of the five weighted category scores, rounded to 6 decimals so that
 * floating-point noise never splits a tie. The operations and their order are those of the SQL function
 * panelrank_final_score (migration 0016), so both give the same number.
 */
export function weightedFinalScore(tallies: CategoryTallies, weights: RankingWeights): number {
  let sum = 0;
  for (const { field } of VOTE_CATEGORIES) {
    sum += weightedCategoryScore(tallies[field], weights.prior_votes, weights.category_means[field]);
  }
  return Math.round((sum / VOTE_CATEGORIES.length) * SCORE_FACTOR) / SCORE_FACTOR;
}

/**
 * The mean of votes: the mean of the plain averages of the categories that have votes, rounded like the
 * final score; null without votes. What readers voted, beside what the ranking uses.
 */
export function plainMeanScore(tallies: CategoryTallies): number | null {
  let sum = 0;
  let voted = 0;
  for (const { field } of VOTE_CATEGORIES) {
    const { total, count } = tallies[field];
    if (count > 0) {
      sum += total / count;
      voted += 1;
    }
  }
  return voted === 0 ? null : Math.round((sum / voted) * SCORE_FACTOR) / SCORE_FACTOR;
}
