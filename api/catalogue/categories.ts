import type { SeriesDetails, VoteCategory } from '../db/schema';

type DetailColumn = keyof SeriesDetails;

/**
 * The five vote categories: how each is stored (enum value, series_details columns), shown (label) and
 * named in API field names. Voting and the detail responses both read this table.
 */
export const VOTE_CATEGORY_FIELDS = [
  { category: 'STORY', label: 'Story', total: 'storyTotal', count: 'storyCount', field: 'story' },
  {
    category: 'CHARACTERS',
    label: 'Characters',
    total: 'charactersTotal',
    count: 'charactersCount',
    field: 'characters',
  },
  {
    category: 'WORLD_BUILDING',
    label: 'World Building',
    total: 'worldbuildingTotal',
    count: 'worldbuildingCount',
    field: 'worldbuilding',
  },
  { category: 'ART', label: 'Art', total: 'artTotal', count: 'artCount', field: 'art' },
  {
    category: 'DRAMA_OR_FIGHT',
    label: 'Drama / Fighting',
    total: 'dramaOrFightTotal',
    count: 'dramaOrFightCount',
    field: 'drama_or_fight',
  },
] as const satisfies readonly {
  category: VoteCategory;
  label: string;
  total: DetailColumn;
  count: DetailColumn;
  field: string;
}[];

export type VoteCategoryLabel = (typeof VOTE_CATEGORY_FIELDS)[number]['label'];

export const CATEGORY_LABELS = VOTE_CATEGORY_FIELDS.map((c) => c.label) as VoteCategoryLabel[];

export function categoryLabel(category: VoteCategory): VoteCategoryLabel {
  return VOTE_CATEGORY_FIELDS.find((c) => c.category === category)!.label;
}

/** The per-category running sums and counts kept on series_details. */
export type CategoryTotals = Pick<
  SeriesDetails,
  (typeof VOTE_CATEGORY_FIELDS)[number]['total'] | (typeof VOTE_CATEGORY_FIELDS)[number]['count']
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
