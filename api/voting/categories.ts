import {
  CATEGORY_LABELS,
  VOTE_CATEGORIES,
  type VoteCategory,
  type VoteCategoryLabel,
} from '../../contract/catalogue';
import type { SeriesDetails } from '../db/schema';

type DetailColumn = keyof SeriesDetails;

/** Where each category's running sum, count and score distribution live on series_details. */
const DETAIL_COLUMNS = {
  STORY: { total: 'storyTotal', count: 'storyCount', distribution: 'storyDistribution' },
  CHARACTERS: {
    total: 'charactersTotal',
    count: 'charactersCount',
    distribution: 'charactersDistribution',
  },
  WORLD_BUILDING: {
    total: 'worldbuildingTotal',
    count: 'worldbuildingCount',
    distribution: 'worldbuildingDistribution',
  },
  ART: { total: 'artTotal', count: 'artCount', distribution: 'artDistribution' },
  DRAMA_OR_FIGHT: {
    total: 'dramaOrFightTotal',
    count: 'dramaOrFightCount',
    distribution: 'dramaOrFightDistribution',
  },
} as const satisfies Record<
  VoteCategory,
  { total: DetailColumn; count: DetailColumn; distribution: DetailColumn }
>;

/** One category of the contract with its series_details columns. */
type CategoryWithColumns = {
  [C in VoteCategory]: Extract<(typeof VOTE_CATEGORIES)[number], { category: C }> &
    (typeof DETAIL_COLUMNS)[C];
}[VoteCategory];

/**
 * The contract's five vote categories with their series_details columns. Voting and the detail responses
 * both read this table.
 */
export const VOTE_CATEGORY_FIELDS: readonly CategoryWithColumns[] = VOTE_CATEGORIES.map(
  (c) => ({ ...c, ...DETAIL_COLUMNS[c.category] }) as CategoryWithColumns,
);

export { CATEGORY_LABELS, type VoteCategoryLabel };

export function categoryLabel(category: VoteCategory): VoteCategoryLabel {
  return VOTE_CATEGORY_FIELDS.find((c) => c.category === category)!.label;
}

/** The per-category running sums and counts kept on series_details. */
export type CategoryTotals = Pick<
  SeriesDetails,
  (typeof VOTE_CATEGORY_FIELDS)[number]['total'] | (typeof VOTE_CATEGORY_FIELDS)[number]['count']
>;

/** The per-category score distributions kept on series_details (10 counts each, index 0 for score 1). */
export type CategoryDistributions = Pick<
  SeriesDetails,
  (typeof VOTE_CATEGORY_FIELDS)[number]['distribution']
>;

/** Decimal places kept in final_score, so series with the same averages compare equal and share a rank. */
const SCORE_DECIMALS = 6;

/**
 * The mean of the five category averages, a category without votes counting 0. Rounded so that floating
 * point noise (e.g. 7.1 + 8.2 summed in another order) never splits a tie.
 */
export function computeFinalScore(totals: CategoryTotals): number {
  let sum = 0;
  for (const { total, count } of VOTE_CATEGORY_FIELDS) {
    const votes = totals[count];
    if (votes > 0) sum += totals[total] / votes;
  }
  const factor = 10 ** SCORE_DECIMALS;
  return Math.round((sum / VOTE_CATEGORY_FIELDS.length) * factor) / factor;
}
