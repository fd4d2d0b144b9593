import { VOTE_CATEGORIES, type VoteCategoryLabel } from '../../../contract/catalogue-values';
import type { SeriesDetail } from '../catalogue/catalogue-types';

/** The contract's five voting categories, with the detail fields that hold their sums. */
export const SERIES_CATEGORIES = VOTE_CATEGORIES.map(({ label, field }) => ({
  label,
  field,
  total: `${field}_total` as const,
  count: `${field}_count` as const,
}));

export type CategoryLabel = VoteCategoryLabel;

export interface CategoryScore {
  label: CategoryLabel;
  /** The category's average, or null when nobody voted in it. */
  average: number | null;
  voteCount: number;
  /** Votes with score 1 … 10 (index 0 is score 1). */
  distribution: readonly number[];
}

export function categoryScores(detail: SeriesDetail): CategoryScore[] {
  return SERIES_CATEGORIES.map(({ label, field, total, count }) => {
    const voteCount = detail[count];
    return {
      label,
      voteCount,
      average: voteCount > 0 ? detail[total] / voteCount : null,
      distribution: detail.score_distribution[field],
    };
  });
}

/** A category score out of 10 with one decimal, or "-/10" when the category has no votes. */
export function formatCategoryScore(average: number | null): string {
  return average === null ? '-/10' : `${average.toFixed(1)}/10`;
}
