import { describe, expect, it } from 'vitest';
import type { VoteAnomaly } from '../../contract/vote-review';
import {
  unknownUsersMessage,
  VOTE_REVIEW_TEXTS,
  voidedMessage,
  voidQuestion,
} from '../../contract/vote-review-values';
import {
  accountAge,
  accountsProblem,
  allChosenState,
  checkReason,
  chooseAll,
  chosenOn,
  clearSeries,
  toggleAccount,
  voidRequest,
  type Selection,
} from '../../src/features/vote-review/vote-review-state';

const anomaly = (seriesId: number, userIds: number[]): VoteAnomaly => ({
  series_id: seriesId,
  title: `Series ${seriesId}`,
  window_votes: userIds.length * 5,
  new_account_voters: userIds.length,
  accounts: userIds.map((id) => ({
    user_id: id,
    username: `fresh${id}`,
    created_at: '2026-11-26T10:00:00.000Z',
    window_votes: 5,
    posts: 0,
    list_items: 0,
  })),
});

describe('choosing accounts', () => {
  const brigade = anomaly(7, [11, 12, 13]);
  const other = anomaly(8, [11, 21]);

  it('toggles accounts per series', () => {
    let selection: Selection = {};
    selection = toggleAccount(selection, 7, 12);
    selection = toggleAccount(selection, 7, 11);
    selection = toggleAccount(selection, 8, 11);
    expect(chosenOn(selection, brigade)).toEqual([11, 12]);
    expect(chosenOn(selection, other)).toEqual([11]);
    selection = toggleAccount(selection, 7, 12);
    expect(chosenOn(selection, brigade)).toEqual([11]);
  });

  it('chooses every account or none, and says when some are chosen', () => {
    let selection: Selection = {};
    expect(allChosenState(selection, brigade)).toBe(false);
    selection = toggleAccount(selection, 7, 13);
    expect(allChosenState(selection, brigade)).toBe('mixed');
    selection = chooseAll(selection, brigade, true);
    expect(allChosenState(selection, brigade)).toBe(true);
    expect(chosenOn(selection, brigade)).toEqual([11, 12, 13]);
    expect(chosenOn(selection, other)).toEqual([]);
    selection = chooseAll(selection, brigade, false);
    expect(allChosenState(selection, brigade)).toBe(false);
  });

  it('keeps only the accounts a refreshed list still names, and forgets a voided series', () => {
    const selection = chooseAll({}, brigade, true);
    expect(chosenOn(selection, anomaly(7, [12, 14]))).toEqual([12]);
    expect(allChosenState(selection, anomaly(7, [12]))).toBe(true);
    expect(clearSeries(toggleAccount(selection, 8, 21), 7)).toEqual({ 8: [21] });
  });

  it('needs at least one account and at most the limit', () => {
    expect(accountsProblem([])).toBe(VOTE_REVIEW_TEXTS.chooseAccounts);
    expect(accountsProblem([1])).toBeNull();
    expect(accountsProblem(Array.from({ length: 1001 }, (_, i) => i + 1))).toBe(
      VOTE_REVIEW_TEXTS.tooManyAccounts,
    );
  });
});

describe('the reason', () => {
  it('is required, counted as the API counts it (trimmed) and at most 500 characters', () => {
    expect(checkReason('')).toEqual({
      length: 0,
      counter: '0 / 500',
      problem: VOTE_REVIEW_TEXTS.reasonRequired,
    });
    expect(checkReason('   \n ').problem).toBe(VOTE_REVIEW_TEXTS.reasonRequired);
    expect(checkReason('  Forty new accounts  ')).toEqual({ length: 18, counter: '18 / 500', problem: null });
    expect(checkReason('x'.repeat(500)).problem).toBeNull();
    expect(checkReason('x'.repeat(501))).toMatchObject({
      counter: '501 / 500',
      problem: VOTE_REVIEW_TEXTS.reasonTooLong,
    });
  });
});

describe('the void', () => {
  it('sends the series for "this series" and none for "every series", with the reason trimmed', () => {
    expect(voidRequest([11, 12], 7, 'series', ' Brigade ')).toEqual({
      user_ids: [11, 12],
      series_id: 7,
      reason: 'Brigade',
    });
    expect(voidRequest([11], 7, 'every', 'Spam')).toEqual({ user_ids: [11], reason: 'Spam' });
  });

  it('asks and reports in plain words', () => {
    expect(voidQuestion(40, 'Brigaded')).toBe('Remove the votes of 40 accounts on “Brigaded”?');
    expect(voidQuestion(1, null)).toBe('Remove every vote of 1 account on every series?');
    expect(voidedMessage(200, 1)).toBe('Voided 200 votes on 1 series.');
    expect(voidedMessage(1, 3)).toBe('Voided 1 vote on 3 series.');
    expect(voidedMessage(0, 0)).toBe('Voided 0 votes.');
    expect(unknownUsersMessage([5, 9])).toBe('Unknown user ids: 5, 9');
  });
});

describe("an account's age", () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('reads in minutes, hours or days', () => {
    expect(accountAge('2026-11-27T11:59:50Z', now)).toBe('1 min');
    expect(accountAge('2026-11-27T11:15:00Z', now)).toBe('45 min');
    expect(accountAge('2026-11-27T09:00:00Z', now)).toBe('3 h');
    expect(accountAge('2026-11-26T11:00:00Z', now)).toBe('1 day');
    expect(accountAge('2026-11-21T12:00:00Z', now)).toBe('6 days');
    // A clock a little behind the server's never shows a negative age.
    expect(accountAge('2026-11-27T12:01:00Z', now)).toBe('1 min');
  });
});
