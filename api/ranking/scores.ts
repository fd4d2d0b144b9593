import { VOTE_CATEGORY_FIELDS, type CategoryTotals } from '../db/schema';
import type { VoteCategory } from '../../contract/catalogue';
import {
  plainMeanScore,
  weightedFinalScore,
  type CategoryTallies,
  type RankingWeights,
} from '../../contract/ranking-formula';

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

/**
 * The series' tallies by field, as the shared formula takes them. Written out rather than built from
 * VOTE_CATEGORY_FIELDS: a recomputation scores every series in the catalogue, and building the object
 * generically was most of that time.
 */
function talliesOf(t: CategoryTotals): CategoryTallies {
  return {
    story: { total: t.storyTotal, count: t.storyCount },
    characters: { total: t.charactersTotal, count: t.charactersCount },
    worldbuilding: { total: t.worldbuildingTotal, count: t.worldbuildingCount },
    art: { total: t.artTotal, count: t.artCount },
    drama_or_fight: { total: t.dramaOrFightTotal, count: t.dramaOrFightCount },
  };
}

/** The priors as the shared formula takes them. */
export function weightsOf(priors: RankingPriors): RankingWeights {
  const means = Object.fromEntries(
    VOTE_CATEGORY_FIELDS.map(({ field, category }) => [field, priors.categoryMeans[category]]),
  ) as RankingWeights['category_means'];
  return { prior_votes: priors.priorVotes, category_means: means };
}

/**
 * The mean of the five weighted category scores `(total_c + m × C_c) / (count_c + m)`, rounded to 6
 * decimals so that floating-point noise never splits a tie; a category without votes scores `C_c`
 * (contract/ranking-formula.ts, which the site's method page uses too). panelrank_final_score (migration
 * 0016) is the SQL twin: the same float8 operations in the same order, and floor(x + 0.5) is Math.round for
 * these positive values, so both agree to the last bit (tested).
 */
export function computeFinalScore(totals: CategoryTotals, priors: RankingPriors): number {
  return finalScoreWith(totals, weightsOf(priors));
}

/** computeFinalScore with the priors already turned into weights (`weightsOf`), for scoring many series. */
export function finalScoreWith(totals: CategoryTotals, weights: RankingWeights): number {
  return weightedFinalScore(talliesOf(totals), weights);
}

/**
 * The mean of the plain averages of the categories that have votes, rounded like the final score; null
 * without votes. What readers voted, beside what the ranking uses (panelrank_mean_score is its SQL twin).
 */
export function computeMeanScore(totals: CategoryTotals): number | null {
  return plainMeanScore(talliesOf(totals));
}

/** The scale's midpoint: `C_c` of a category nobody in the catalogue has voted in yet. */
export const UNVOTED_CATEGORY_MEAN = 5.5;
