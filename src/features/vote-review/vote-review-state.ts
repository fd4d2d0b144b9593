import type { VoteAnomaly, VoteVoidBody } from '../../../contract/vote-review';
import {
  VOTE_REVIEW_TEXTS as TEXTS,
  VOTE_VOID_MAX_USERS,
  VOTE_VOID_REASON_MAX_LENGTH,
} from '../../../contract/vote-review-values';

/*
 * The review page's state, kept apart from React so it is tested on its own: which accounts are chosen on
 * each listed series, the void's reason and scope, and the request they make.
 */

/** The chosen accounts, per series id. */
export type Selection = Readonly<Record<number, readonly number[]>>;

/** Where the void applies: the series the accounts were listed on, or every series. */
export type VoidScope = 'series' | 'every';

/** Chooses or unchooses one account on one series. */
export function toggleAccount(selection: Selection, seriesId: number, userId: number): Selection {
  const chosen = selection[seriesId] ?? [];
  const next = chosen.includes(userId) ? chosen.filter((id) => id !== userId) : [...chosen, userId];
  return { ...selection, [seriesId]: next };
}

/** Chooses every listed account of the series, or none. */
export function chooseAll(selection: Selection, anomaly: VoteAnomaly, chosen: boolean): Selection {
  return {
    ...selection,
    [anomaly.series_id]: chosen ? anomaly.accounts.map((account) => account.user_id) : [],
  };
}

/** The chosen accounts of a series that it still lists (a refreshed list may have lost some). */
export function chosenOn(selection: Selection, anomaly: VoteAnomaly): number[] {
  const chosen = new Set(selection[anomaly.series_id] ?? []);
  return anomaly.accounts.map((account) => account.user_id).filter((id) => chosen.has(id));
}

/** The "every account" box: checked, unchecked, or mixed (some chosen). */
export function allChosenState(selection: Selection, anomaly: VoteAnomaly): boolean | 'mixed' {
  const count = chosenOn(selection, anomaly).length;
  if (count === 0) return false;
  return count === anomaly.accounts.length ? true : 'mixed';
}

/** Forgets the choice on a series (after its void). */
export function clearSeries(selection: Selection, seriesId: number): Selection {
  const { [seriesId]: _cleared, ...rest } = selection;
  return rest;
}

export interface ReasonCheck {
  /** Characters as the API counts them: the reason trimmed. */
  length: number;
  /** "12 / 500". */
  counter: string;
  /** Why it cannot be sent, or null. */
  problem: string | null;
}

/** The reason as the API will judge it. */
export function checkReason(reason: string): ReasonCheck {
  const length = reason.trim().length;
  const problem =
    length === 0 ? TEXTS.reasonRequired : length > VOTE_VOID_REASON_MAX_LENGTH ? TEXTS.reasonTooLong : null;
  return { length, counter: `${length} / ${VOTE_VOID_REASON_MAX_LENGTH}`, problem };
}

/** Why these accounts cannot be voided at once, or null. */
export function accountsProblem(userIds: readonly number[]): string | null {
  if (userIds.length === 0) return TEXTS.chooseAccounts;
  if (userIds.length > VOTE_VOID_MAX_USERS) return TEXTS.tooManyAccounts;
  return null;
}

/** POST /admin/vote-voids' body. */
export function voidRequest(
  userIds: readonly number[],
  seriesId: number,
  scope: VoidScope,
  reason: string,
): VoteVoidBody {
  return {
    user_ids: [...userIds],
    ...(scope === 'series' ? { series_id: seriesId } : {}),
    reason: reason.trim(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** How old an account is, in the unit that reads best: "5 min", "3 h", "2 days". */
export function accountAge(createdAt: string, now: number): string {
  const age = Math.max(0, now - Date.parse(createdAt));
  if (age < HOUR_MS) return `${Math.max(1, Math.floor(age / 60_000))} min`;
  if (age < DAY_MS) return `${Math.floor(age / HOUR_MS)} h`;
  const days = Math.floor(age / DAY_MS);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
