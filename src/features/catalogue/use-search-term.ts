import { useEffect, useEffectEvent, useRef } from 'react';
import { SEARCH_EVENT, type SearchEventDetail } from '../navigation/search-href';
import type { TypeFilter } from './catalogue-types';
import { $searchTerm, setSearchTerm } from './search-term-store';

/**
 * The site-wide search term, for a ranked list: `onTerm` when it changes from the term the list shows
 * (the first page was rendered without one). The store is read by subscribing after hydration, so a term
 * in the address never changes the hydrating render. On the home page the header's search, which
 * normally navigates to `/?search=`, shows its results in place. Answers how to note a term shown again
 * (a list coming back with its search).
 */
export function useSearchTerm(type: TypeFilter, onTerm: (term: string) => void): (term: string) => void {
  const shownTerm = useRef('');
  const onChange = useEffectEvent((term: string) => {
    if (term === shownTerm.current) return;
    shownTerm.current = term;
    onTerm(term);
  });
  useEffect(() => $searchTerm.subscribe((term) => onChange(term)), []);

  useEffect(() => {
    if (type !== 'ALL') return;
    const onHeaderSearch = (event: Event) => {
      const { term } = (event as CustomEvent<SearchEventDetail>).detail;
      event.preventDefault();
      setSearchTerm(term);
      window.scrollTo({ top: 0 });
    };
    window.addEventListener(SEARCH_EVENT, onHeaderSearch);
    return () => window.removeEventListener(SEARCH_EVENT, onHeaderSearch);
  }, [type]);

  return (term) => {
    shownTerm.current = term;
  };
}
