import { atom, computed } from 'nanostores';
import type { IssueCounts } from '../../../contract/issues';
import { createFetcherStore } from '../../lib/query';
import { $isAdmin } from '../accounts/session-flags';
import { fetchCounts, fetchReportPage, type ReportPage } from './tracker-api';
import { DEFAULT_FILTERS, trackerQuery, type TrackerFilters } from './tracker-filters';

/** The tracker's search, filters and page. */
export const $filters = atom<TrackerFilters>(DEFAULT_FILTERS);

/** Admins get e-mails and fresh answers: their data never shares a cache entry with visitors'. */
const $viewer = computed($isAdmin, (admin) => (admin ? 'admin' : 'visitor'));

const queryString = (query: Record<string, string>) => new URLSearchParams(query).toString();
const $listQuery = computed($filters, (filters) => queryString(trackerQuery(filters)));
const $countsQuery = computed($filters, (filters) => `counts?${queryString(trackerQuery(filters, false))}`);

/** The current page of reports, fetched live whenever the filters or the viewer change. */
export const $reportPage = createFetcherStore<ReportPage>(['issues?', $listQuery, '|', $viewer], {
  fetcher: (_path, query) => fetchReportPage(Object.fromEntries(new URLSearchParams(String(query)))),
});

/** The four status counters for the search and type filter (not the status filter: they choose it). */
export const $counts = createFetcherStore<IssueCounts>(['issue-', $countsQuery, '|', $viewer], {
  fetcher: (_path, countsQuery) =>
    fetchCounts(Object.fromEntries(new URLSearchParams(String(countsQuery).replace(/^counts\?/, '')))),
});
