import { atom } from 'nanostores';
import { SEARCH_PARAM } from '../navigation/search-href';

/**
 * The site-wide search term, kept equal to the `search` query parameter of the address. It starts empty
 * so server-rendered markup and the first client render agree (read it with
 * `useStore($searchTerm, { ssr: 'initial' })`); the address's term is applied right after.
 */
export const $searchTerm = atom<string>('');

function termFromLocation(): string {
  return (new URL(window.location.href).searchParams.get(SEARCH_PARAM) ?? '').trim();
}

if (typeof window !== 'undefined') {
  $searchTerm.set(termFromLocation());
  // Back and forward between searches made on the same page.
  window.addEventListener('popstate', () => $searchTerm.set(termFromLocation()));
}

/**
 * Sets the term on the current page and records it in the address (a new history entry), so a list page
 * can search without a reload. A blank term clears the search.
 */
export function setSearchTerm(term: string): void {
  const trimmed = term.trim();
  const url = new URL(window.location.href);
  if (trimmed) url.searchParams.set(SEARCH_PARAM, trimmed);
  else url.searchParams.delete(SEARCH_PARAM);
  if (url.href !== window.location.href) window.history.pushState(window.history.state, '', url);
  $searchTerm.set(trimmed);
}
