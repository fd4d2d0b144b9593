import { WAKE_EVENT } from '../../lib/client-directives/island-events';
import { SEARCH_EVENT, type SearchEventDetail } from '../navigation/search-href';
import { setSearchTerm } from './search-term-store';

/**
 * The header's search on a list across types shows its results in place (use-search-term.ts) once the
 * list's island runs; before that, the term is set here and the island woken, whose list then searches.
 * Answers how to stop listening (the island, hydrated, listens itself).
 */
export function wakeForSearch(type: string, island: Element): () => void {
  if (type !== 'ALL') return () => {};
  const onHeaderSearch = (event: Event) => {
    const { term } = (event as CustomEvent<SearchEventDetail>).detail;
    event.preventDefault();
    setSearchTerm(term);
    window.scrollTo({ top: 0 });
    island.dispatchEvent(new Event(WAKE_EVENT));
  };
  window.addEventListener(SEARCH_EVENT, onHeaderSearch);
  return () => window.removeEventListener(SEARCH_EVENT, onHeaderSearch);
}
