import type { SeriesDetail } from '../catalogue/catalogue-types';

/** The five voting categories, with their labels (spec) and the detail fields that hold their sums. */
export const SERIES_CATEGORIES = [
  { label: 'Story', total: 'story_total', count: 'story_count' },
  { label: 'Characters', total: 'characters_total', count: 'characters_count' },
  { label: 'World Building', total: 'worldbuilding_total', count: 'worldbuilding_count' },
  { label: 'Art', total: 'art_total', count: 'art_count' },
  { label: 'Drama / Fighting', total: 'drama_or_fight_total', count: 'drama_or_fight_count' },
] as const satisfies ReadonlyArray<{ label: string; total: keyof SeriesDetail; count: keyof SeriesDetail }>;

export type CategoryLabel = (typeof SERIES_CATEGORIES)[number]['label'];

export interface CategoryScore {
  label: CategoryLabel;
  /** The category's average, or null when nobody voted in it. */
  average: number | null;
  voteCount: number;
}

export function categoryScores(detail: SeriesDetail): CategoryScore[] {
  return SERIES_CATEGORIES.map(({ label, total, count }) => {
    const voteCount = detail[count];
    return { label, voteCount, average: voteCount > 0 ? detail[total] / voteCount : null };
  });
}

/** A category score out of 10 with one decimal, or "-/10" when the category has no votes (spec). */
export function formatCategoryScore(average: number | null): string {
  return average === null ? '-/10' : `${average.toFixed(1)}/10`;
}
