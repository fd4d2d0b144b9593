/** The query parameter that carries the search term across the site. */
export const SEARCH_PARAM = 'search';

/** Where a search for `term` goes, or null for a blank term, which searches nothing. */
export function searchHref(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `/?${SEARCH_PARAM}=${encodeURIComponent(trimmed)}` : null;
}

/**
 * Dispatched (cancelable) on `window` before the header navigates to a search. A page that can show the
 * results in place, such as the home page, calls `preventDefault()` and handles `detail.term` itself.
 */
export const SEARCH_EVENT = 'panelrank:search';

export interface SearchEventDetail {
  term: string;
}
