import type { VoteCategoryField } from '../../../contract/catalogue-values';
import { plainMeanScore, type CategoryTallies } from '../../../contract/ranking-formula';
import type { SeriesDetail } from '../catalogue/catalogue-types';
import { SERIES_CATEGORIES, type CategoryLabel } from '../series/series-categories';

/** The vote panel's texts. */
export const VOTE_LOGIN_PROMPT = 'Please log in or register to vote';
export const VOTE_FAILED_MESSAGE = 'You can only vote once on this series.';
/** When the vote never reached the API (offline, server down): not a second vote, so not the refusal. */
export const VOTE_UNSENT_MESSAGE = 'Your vote could not be sent. Please try again.';
export const VOTE_SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again to vote.';
export const VOTE_NOT_FOUND_MESSAGE = 'This series no longer exists, so it cannot be voted on.';
export const VOTE_INVALID_MESSAGE = 'Choose a whole number from 1 to 10 in each category you rate.';
export const VOTE_ERROR_MESSAGE = 'Your vote could not be counted. Please try again.';
export const VOTE_DONE_MESSAGE = 'You have voted in every category.';

/** The vote scale: 1 to 10. */
export const VOTE_SCORES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export const VOTE_CATEGORY_LABELS: CategoryLabel[] = SERIES_CATEGORIES.map((category) => category.label);

/** Scores per category label: the caller's own (a category with one is locked: a vote is final), or picks. */
export type OwnScores = Partial<Record<CategoryLabel, number>>;
/** The scores the reader picked and has not sent yet. */
export type Picks = OwnScores;

const isScore = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10;

/** Only the five known labels with whole scores 1-10, from anything (an API answer, a stored draft). */
function scoresOf(raw: unknown): OwnScores {
  const scores: OwnScores = {};
  if (typeof raw !== 'object' || raw === null) return scores;
  for (const label of VOTE_CATEGORY_LABELS) {
    const score = (raw as Record<string, unknown>)[label];
    if (isScore(score)) scores[label] = score;
  }
  return scores;
}

/** The caller's scores as the API reports them, keeping only the five known labels and valid scores. */
export function ownScoresOf(detail: Pick<SeriesDetail, 'vote_scores'>): OwnScores {
  return scoresOf(detail.vote_scores);
}

/** Picks read back from the tab's storage, which anything may have written. */
export function picksFrom(raw: unknown): Picks {
  return scoresOf(raw);
}

/** What a press of "Vote" sends: the picks in categories not voted in yet. */
export function openPicks(picks: Picks, locked: OwnScores): Picks {
  const open: Picks = {};
  for (const label of VOTE_CATEGORY_LABELS) {
    if (picks[label] !== undefined && locked[label] === undefined) open[label] = picks[label];
  }
  return open;
}

/** The ballot's `scores`, keyed by category field. */
export function ballotScores(picks: Picks): Partial<Record<VoteCategoryField, number>> {
  const scores: Partial<Record<VoteCategoryField, number>> = {};
  for (const { label, field } of SERIES_CATEGORIES) {
    if (picks[label] !== undefined) scores[field] = picks[label];
  }
  return scores;
}

/**
 * The detail as it will be once the ballot counts, shown while it is sent: the caller's scores, each
 * category's total, count and distribution, the voters and the mean of votes. The final score and the
 * rank wait for the answer (they weigh the catalogue's means, which only the API has).
 */
export function withBallot(detail: SeriesDetail, picks: Picks): SeriesDetail {
  const mine = ownScoresOf(detail);
  const next: SeriesDetail = {
    ...detail,
    vote_counts: { ...detail.vote_counts },
    vote_scores: { ...detail.vote_scores },
    score_distribution: { ...detail.score_distribution },
  };
  let added = false;
  for (const { label, field, total, count } of SERIES_CATEGORIES) {
    const score = picks[label];
    if (score === undefined || mine[label] !== undefined) continue;
    next[total] += score;
    next[count] += 1;
    next.vote_counts[label] = (next.vote_counts[label] ?? 0) + 1;
    next.vote_scores[label] = score;
    next.score_distribution[field] = next.score_distribution[field].map((votes, index) =>
      index === score - 1 ? votes + 1 : votes,
    );
    added = true;
  }
  if (!added) return detail;
  if (Object.keys(mine).length === 0) next.vote_count += 1;
  next.mean_score = plainMeanScore(categoryTallies(next));
  return next;
}

/** Each category's sum and number of votes, as the shared ranking formula takes them. */
function categoryTallies(detail: SeriesDetail): CategoryTallies {
  return Object.fromEntries(
    SERIES_CATEGORIES.map(({ field, total, count }) => [
      field,
      { total: detail[total], count: detail[count] },
    ]),
  ) as CategoryTallies;
}

const labelOf = (field: VoteCategoryField): CategoryLabel =>
  SERIES_CATEGORIES.find((category) => category.field === field)!.label;

export interface BallotAnswer {
  recorded: VoteCategoryField[];
  already_voted: VoteCategoryField[];
}

export interface PanelMessage {
  text: string;
  tone: 'error' | 'success';
}

/** What a counted ballot says: the votes recorded with their scores, and the categories voted before. */
export function ballotMessage(answer: BallotAnswer, sent: Picks): PanelMessage {
  const recorded = answer.recorded.map(labelOf);
  const before = answer.already_voted.map(labelOf);
  if (recorded.length === 0) return { text: VOTE_FAILED_MESSAGE, tone: 'error' };
  const counted =
    recorded.length === 1
      ? `Your ${recorded[0]} vote of ${sent[recorded[0]!]} was counted.`
      : `Your votes were counted: ${recorded.map((label) => `${label} ${sent[label]}`).join(', ')}.`;
  const kept = before.length ? ` You had already voted in ${before.join(', ')}; that score stays.` : '';
  return { text: counted + kept, tone: 'success' };
}

export interface VoteFailure {
  /** The answer's status; undefined when no answer came. */
  status: number | undefined;
  /** The answer's `code` and `detail`. */
  code?: string | undefined;
  detail?: string | undefined;
  /** Seconds, from a 429's Retry-After. */
  retryAfter?: number | undefined;
}

/** The message for a ballot the API did not count, or that never reached it. */
export function voteFailureMessage({ status, code, detail, retryAfter }: VoteFailure): string {
  if (status === undefined) return VOTE_UNSENT_MESSAGE;
  if (status === 401) return VOTE_SESSION_ENDED_MESSAGE;
  // The contract's VOTES_VOIDED, as the API words it (not imported: it would ship with every page's
  // shared catalogue chunk).
  if (status === 403 && code === 'VOTES_VOIDED') return detail || VOTE_ERROR_MESSAGE;
  if (status === 403) return VOTE_FAILED_MESSAGE;
  if (status === 404) return VOTE_NOT_FOUND_MESSAGE;
  if (status === 400 || status === 422) return VOTE_INVALID_MESSAGE;
  if (status === 429) {
    const wait = retryAfter && retryAfter > 0 ? `in ${Math.ceil(retryAfter)} s` : 'in a moment';
    return `You are voting too quickly. Please try again ${wait}.`;
  }
  return VOTE_ERROR_MESSAGE;
}

/** A 403 VOTES_VOIDED: a moderator removed this reader's votes here, so nothing more can be voted. */
export function isVoided(failure: VoteFailure): boolean {
  return failure.status === 403 && failure.code === 'VOTES_VOIDED';
}
