/** The query parameter that carries the search term across the site. */
export const SEARCH_PARAM = 'search';

/** Where a search for `term` goes, or null for a blank term (which the spec says does nothing). */
export function searchHref(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `/?${SEARCH_PARAM}=${encodeURIComponent(trimmed)}` : null;
}
