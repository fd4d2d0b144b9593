import type { FetchError } from 'ofetch';
import type { BallotResult } from '../../../contract/catalogue';
import type { VoteCategoryField } from '../../../contract/catalogue-values';
import { api, errorStatus } from '../../lib/api-client';
import type { VoteFailure } from './vote-state';

/** Casts a ballot: a score in one category or several, recorded in one request (votes are final). */
export function castBallot(
  seriesId: number,
  scores: Partial<Record<VoteCategoryField, number>>,
): Promise<BallotResult> {
  return api<BallotResult>(`/series-details/${seriesId}/votes`, { method: 'POST', body: { scores } });
}

/** What a failed ballot call tells: its status, the answer's `code` and a 429's Retry-After. */
export function voteFailureOf(error: unknown): VoteFailure {
  const failed = error as FetchError<{ code?: unknown; detail?: unknown }> | undefined;
  const code = failed?.data?.code;
  const detail = failed?.data?.detail;
  const retryAfter = Number(failed?.response?.headers.get('retry-after'));
  return {
    status: errorStatus(error),
    code: typeof code === 'string' ? code : undefined,
    detail: typeof detail === 'string' ? detail : undefined,
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
  };
}
