import { VOTE_CATEGORY_FIELDS, type CategoryTotals } from '../db/schema';
import type { VoteCategory } from '../../contract/catalogue';

/**
 * What the weighting shrinks small samples toward: `m` (how many votes of the catalogue's mean each series
 * starts with) and `C_c`, the mean of every vote in each category across the catalogue. Kept in the
 * ranking_priors row, so every instance and every build ranks with the same values.
 */
export interface RankingPriors {
  priorVotes: number;
  categoryMeans: Record<VoteCategory, number>;
  computedAt: Date;
}

/** Decimal places kept in final_score, so series with the same averages compare equal and share a rank. */
const SCORE_DECIMALS = 6;
const SCORE_FACTOR = 10 ** SCORE_DECIMALS;

/**
 * The mean of the five weighted category scores `(total_c + m × C_c) / (count_c + m)`, rounded to 6
 * decimals so that floating-point noise never splits a tie. A category without votes scores `C_c`.
 * panelrank_final_score (migration 0016) is the SQL twin: the same float8 operations in the same order, and
 * floor(x + 0.5) is Math.round for these positive values, so both agree to the last bit (tested).
 */
export function computeFinalScore(totals: CategoryTotals, priors: RankingPriors): number {
  const m = priors.priorVotes;
  let sum = 0;
  for (const { category, total, count } of VOTE_CATEGORY_FIELDS) {
    sum += (totals[total] + m * priors.categoryMeans[category]) / (totals[count] + m);
  }
  return Math.round((sum / VOTE_CATEGORY_FIELDS.length) * SCORE_FACTOR) / SCORE_FACTOR;
}

/**
 * The mean of the plain averages of the categories that have votes, rounded like the final score; null
 * without votes. What readers voted, beside what the ranking uses (panelrank_mean_score is its SQL twin).
 */
export function computeMeanScore(totals: CategoryTotals): number | null {
  let sum = 0;
  let voted = 0;
  for (const { total, count } of VOTE_CATEGORY_FIELDS) {
    if (totals[count] > 0) {
      sum += totals[total] / totals[count];
      voted += 1;
    }
  }
  return voted === 0 ? null : Math.round((sum / voted) * SCORE_FACTOR) / SCORE_FACTOR;
}

/** The scale's midpoint: `C_c` of a category nobody in the catalogue has voted in yet. */
export const UNVOTED_CATEGORY_MEAN = 5.5;
