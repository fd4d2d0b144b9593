import type { BallotResult } from '../../../contract/catalogue';
import { errorStatus } from '../../lib/api-client';
import { createMutatorStore } from '../../lib/query';
import type { SessionUser } from '../accounts/session-store';
import type { SeriesDetail } from '../catalogue/catalogue-types';
import { seriesDetailKey } from '../series/series-detail-query';
import { ballotScores, picksFrom, withBallot, type Picks } from './vote-state';
import { castBallot } from './voting-api';

/** The vote panel's reads and writes: the ballot, in the site's one query cache, and the tab's draft. */

export interface Ballot {
  seriesId: number;
  /** Whose view of the detail the ballot updates (the signed-in user). */
  user: SessionUser;
  /** The picks to record: categories not voted in yet. */
  picks: Picks;
}

/**
 * Sends a ballot. The series' detail in the cache (the page's score block and tiles, the panel's locks)
 * shows it at once, then the API's answer; on failure it is put back as it was, and read again when the
 * API answered (a vote from another tab, a removed series). `mutate` answers the result, or undefined with
 * the error in the store. One ballot at a time.
 */
export const $ballot = createMutatorStore<Ballot, BallotResult>(
  async ({ data: { seriesId, user, picks }, getCacheUpdater, revalidate }) => {
    const key = seriesDetailKey(seriesId, user);
    const [update, before] = getCacheUpdater<SeriesDetail>(key, false);
    if (before) update(withBallot(before, picks));
    try {
      const result = await castBallot(seriesId, ballotScores(picks));
      // A vote is final: a score known before stays, whatever an answer leaves out.
      update({ ...result.detail, vote_scores: { ...before?.vote_scores, ...result.detail.vote_scores } });
      return result;
    } catch (error) {
      if (before) update(before);
      const status = errorStatus(error);
      // A 401 ends the session and leaves the page for the login.
      if (status !== undefined && status !== 401) revalidate(key);
      throw error;
    }
  },
  { throttleCalls: true, onError: () => undefined },
);

const draftKey = (seriesId: number) => `panelrank.vote-picks.${seriesId}`;

/** The picks not sent yet, kept for the tab: a failed vote, a reload or a login on the way loses none. */
export function loadDraft(seriesId: number): Picks {
  try {
    return picksFrom(JSON.parse(sessionStorage.getItem(draftKey(seriesId)) ?? 'null'));
  } catch {
    return {};
  }
}

export function saveDraft(seriesId: number, picks: Picks): void {
  try {
    if (Object.keys(picks).length === 0) sessionStorage.removeItem(draftKey(seriesId));
    else sessionStorage.setItem(draftKey(seriesId), JSON.stringify(picks));
  } catch {
    // Storage full or refused: the picks stay on screen.
  }
}
