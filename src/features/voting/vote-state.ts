import type { SeriesDetail } from '../catalogue/catalogue-types';
import { SERIES_CATEGORIES, type CategoryLabel } from '../series/series-categories';

/** The vote panel's texts. */
export const VOTE_LOGIN_PROMPT = 'Please log in or register to vote';
export const VOTE_FAILED_MESSAGE = 'You can only vote once on this series.';
/** When the vote never reached the API (offline, server down): not a second vote, so not the refusal. */
export const VOTE_UNSENT_MESSAGE = 'Your vote could not be sent. Please try again.';

/** The vote scale: 1 to 10. */
export const VOTE_SCORES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export const VOTE_CATEGORY_LABELS: CategoryLabel[] = SERIES_CATEGORIES.map((category) => category.label);

/** The caller's own score per category label; a category with a score is locked (a vote is final). */
export type OwnScores = Partial<Record<CategoryLabel, number>>;

/** The caller's scores as the API reports them, keeping only the five known labels and valid scores. */
export function ownScoresOf(detail: Pick<SeriesDetail, 'vote_scores'>): OwnScores {
  const scores: OwnScores = {};
  for (const label of VOTE_CATEGORY_LABELS) {
    const score = detail.vote_scores[label];
    if (typeof score === 'number' && Number.isInteger(score) && score >= 1 && score <= 10)
      scores[label] = score;
  }
  return scores;
}

/**
 * The message for a failed vote: VOTE_FAILED_MESSAGE whenever the API refused the vote (a second vote, or
 * one it could not accept), and a retry hint only when no answer came at all.
 */
export function voteFailureMessage(status: number | undefined): string {
  return status === undefined ? VOTE_UNSENT_MESSAGE : VOTE_FAILED_MESSAGE;
}
