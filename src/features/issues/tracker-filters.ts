import {
  ISSUE_SEARCH_MAX_LENGTH,
  ISSUE_STATUSES,
  ISSUE_TYPES,
  ISSUES_PAGE_SIZE,
} from '../../../contract/issues-values';

/** What the tracker shows: the search, the type and status filters and the page; kept in the page's URL. */
export interface TrackerFilters {
  q: string;
  /** An IssueType, or '' for all. */
  type: string;
  /** An IssueStatus, or '' for all. */
  status: string;
  page: number;
}

export const DEFAULT_FILTERS: TrackerFilters = Object.freeze({ q: '', type: '', status: '', page: 1 });

function oneOf(value: string | null, allowed: readonly string[]): string {
  const upper = (value ?? '').trim().toUpperCase();
  return allowed.includes(upper) ? upper : '';
}

/** The filters a tracker URL's query names; anything unknown falls back to the default. */
export function filtersFromSearch(search: string): TrackerFilters {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, ISSUE_SEARCH_MAX_LENGTH),
    type: oneOf(params.get('type'), ISSUE_TYPES),
    status: oneOf(params.get('status'), ISSUE_STATUSES),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query for the filters (`?q=cover&status=OPEN`), '' for the defaults. */
export function searchFromFilters(filters: TrackerFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function isFiltered(filters: TrackerFilters): boolean {
  return Boolean(filters.q.trim() || filters.type || filters.status);
}

/** The API query of GET /issues (with status and page) or GET /issues/counts (without), empty values left out. */
export function trackerQuery(filters: TrackerFilters, list = true): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.type) query.type = filters.type;
  if (list) {
    if (filters.status) query.status = filters.status;
    query.page = String(filters.page);
    query.page_size = String(ISSUES_PAGE_SIZE);
  }
  return query;
}
