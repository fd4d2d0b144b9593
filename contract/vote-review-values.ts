/*
 * The review of unusual voting, the values of the contract: the window, the limits and every text the API
 * and the admin page show. Imports nothing, so browser code can use it without pulling zod into its bundle;
 * the schemas are in ./vote-review.ts, which re-exports all of this.
 */

/** Votes this recent count towards unusual voting. */
export const VOTE_ANOMALY_WINDOW_HOURS = 24;
/** Accounts created this recently are new accounts. */
export const NEW_ACCOUNT_DAYS = 7;
/** Accounts one listed series names at most (the most votes in the window first). */
export const VOTE_ANOMALY_MAX_ACCOUNTS = 1000;
/** Accounts one void may name. */
export const VOTE_VOID_MAX_USERS = 1000;
export const VOTE_VOID_REASON_MAX_LENGTH = 500;
/** Entries of the "Voided votes" log per page. */
export const VOTE_VOIDS_PAGE_SIZE = 20;

/** Every text of the feature. */
export const VOTE_REVIEW_TEXTS = {
  title: 'Unusual voting',
  intro:
    `Series where many voters of the last ${VOTE_ANOMALY_WINDOW_HOURS} hours are accounts created within ` +
    `the last ${NEW_ACCOUNT_DAYS} days. Voiding removes the chosen accounts' votes and recomputes the ` +
    'scores and ranks at once; those accounts can no longer vote on the series.',
  loading: 'Loading unusual voting…',
  empty: 'No unusual voting',
  emptyDetail: `No series has had many votes from new accounts in the last ${VOTE_ANOMALY_WINDOW_HOURS} hours.`,
  loadFailed: 'Could not load the unusual voting.',
  tryAgain: 'Try again',
  signIn: 'Sign in with an admin account to review unusual voting.',
  signInLink: 'Log in',
  notAllowed: 'Only admins can review unusual voting.',
  selectAll: 'Select every account',
  voidVotes: 'Void votes',
  voidTitle: 'Void votes',
  reason: 'Reason',
  reasonHint: `Required, at most ${VOTE_VOID_REASON_MAX_LENGTH} characters; shown in the log.`,
  reasonRequired: 'Give a reason for voiding these votes.',
  reasonTooLong: `The reason must be at most ${VOTE_VOID_REASON_MAX_LENGTH} characters.`,
  scope: 'Remove their votes',
  scopeSeries: 'On this series only',
  scopeEvery: 'On every series',
  confirm: 'Yes, void these votes',
  cancel: 'Cancel',
  back: 'Back',
  voiding: 'Voiding…',
  voidFailed: 'Could not void the votes. Nothing was changed.',
  chooseAccounts: 'Choose at least one account.',
  tooManyAccounts: `A void names at most ${VOTE_VOID_MAX_USERS} accounts.`,
  logTitle: 'Voided votes',
  logEmpty: 'No votes have been voided yet.',
  logFailed: 'Could not load the voided votes.',
  logMore: 'Show older',
  everySeries: 'every series',
} as const;

/** "Voided 12 votes on 1 series." after a void. */
export function voidedMessage(voidedVotes: number, seriesCount: number): string {
  const votes = `${voidedVotes} ${voidedVotes === 1 ? 'vote' : 'votes'}`;
  const series = `${seriesCount} series`;
  return seriesCount === 0 ? `Voided ${votes}.` : `Voided ${votes} on ${series}.`;
}

/** The confirmation's question. */
export function voidQuestion(accounts: number, seriesTitle: string | null): string {
  const who = `${accounts} ${accounts === 1 ? 'account' : 'accounts'}`;
  return seriesTitle === null
    ? `Remove every vote of ${who} on every series?`
    : `Remove the votes of ${who} on “${seriesTitle}”?`;
}

/** The 422 of a void naming accounts that do not exist. */
export function unknownUsersMessage(ids: number[]): string {
  return `Unknown user ids: ${ids.join(', ')}`;
}
/** The 422 of a void naming a series that does not exist. */
export function unknownSeriesMessage(id: number): string {
  return `Unknown series id: ${id}`;
}

/** Error codes of the feature, next to `detail`. */
export const VOTE_REVIEW_ERROR_CODES = { unknownIds: 'UNKNOWN_IDS' } as const;
