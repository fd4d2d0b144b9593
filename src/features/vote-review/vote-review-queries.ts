import type { VoteAnomaly, VoteVoidBody, VoteVoidPage, VoteVoidResult } from '../../../contract/vote-review';
import { api } from '../../lib/api-client';
import type { PagedRead } from '../../lib/paged-query';
import { createFetcherStore, createMutatorStore, storeFamily } from '../../lib/query';

/*
 * The review of unusual voting's reads and write, in the site's one query cache (lib/query.ts). The keys
 * name the signed-in admin, so another account signing in on the same tab never sees the first one's
 * answers.
 */

const ANOMALIES_KEY = 'admin/vote-anomalies|';

/** The series with unusual voting, for one admin; fetched again when the tab regains focus. */
export const anomaliesStore = storeFamily((userId: number) =>
  createFetcherStore<VoteAnomaly[]>([ANOMALIES_KEY, String(userId)], {
    fetcher: () => api<VoteAnomaly[]>('/admin/vote-anomalies'),
  }),
);

/**
 * The "Voided votes" log, one cache entry per page. `query` is the admin and the log's generation: a void
 * starts a new generation, so the log shows it from its first page.
 */
export const voteVoidPages: PagedRead<VoteVoidPage> = {
  key: (query, page) => `admin/vote-voids?page=${page}|${query}`,
  fetchPage: (_query, page) => api<VoteVoidPage>(`/admin/vote-voids?page=${page}`),
  hasMore: (page) => page.has_more,
};

/**
 * POST /admin/vote-voids. On success the unusual voting is read again (the voided accounts' votes no longer
 * count); on failure the store holds the error and nothing changes.
 */
export const $voidVotes = createMutatorStore<VoteVoidBody, VoteVoidResult>(async ({ data, invalidate }) => {
  const result = await api<VoteVoidResult>('/admin/vote-voids', { method: 'POST', body: data });
  invalidate((key) => key.startsWith(ANOMALIES_KEY));
  return result;
});
