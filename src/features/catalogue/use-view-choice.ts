import type { Dispatch } from 'react';
import { dropRankedPages, listQuery } from './catalogue-queries';
import type { RankedSeries, TypeFilter } from './catalogue-types';
import { viewOverResults, type ListAction, type ListFlow, type ListPhase } from './ranking-list-flow';
import { viewKey, viewOfKey, type RankingView } from './ranking-view';
import { useAddressView } from './use-address-view';

export interface ViewChoice {
  /** The view the list shows. */
  view: RankingView;
  /** Page 1 of a view (a view key), asked for again: the cached pages of that list are dropped first. */
  loadFirstPage(key: string): void;
  /** Another order or filters: written into the address, then read (or applied to a search's results). */
  chooseView(next: RankingView): void;
  /** One genre from the genre strip (ALL for none), the rest of the view kept. */
  chooseGenre(genre: string): void;
}

interface ViewChoiceInput {
  type: TypeFilter;
  baseView: RankingView;
  hydrated: boolean;
  flow: ListFlow;
  dispatch: Dispatch<ListAction>;
  phase: ListPhase;
  initialItems: RankedSeries[];
  initialPage: number;
  results: RankedSeries[] | undefined;
}

/** A ranked list's order and filters: kept in the address, chosen with the browse controls or the strip. */
export function useViewChoice(input: ViewChoiceInput): ViewChoice {
  const { type, baseView, hydrated, flow, dispatch, phase } = input;
  const { source, edits } = flow;
  const view = viewOfKey(source.view);
  const writeAddress = useAddressView(hydrated, baseView, (key) => dispatch({ type: 'address', view: key }));

  function loadFirstPage(key: string) {
    dropRankedPages(listQuery(type, key));
    dispatch({ type: 'reload', view: key });
  }

  function chooseView(next: RankingView) {
    writeAddress(next);
    const key = viewKey(next);
    if (key === source.view && phase !== 'error') return;
    if (source.mode !== 'search') return loadFirstPage(key);
    const { initialItems, initialPage, results } = input;
    dispatch(viewOverResults({ source, initialItems, initialPage, edits, results }, key, phase));
  }

  return {
    view,
    loadFirstPage,
    chooseView,
    chooseGenre: (genre) => chooseView({ ...view, genres: genre === 'ALL' ? [] : [genre] }),
  };
}
