import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useReducer, useRef, useState, type ReactNode } from 'react';
import { $session } from '../accounts/session-store';
import { isAdmin } from '../accounts/stored-session';
import CompareTray from '../compare/CompareTray';
import { SEARCH_EVENT, type SearchEventDetail } from '../navigation/search-href';
import { $compareSelection, toggleCompareSeries } from '../compare/compare-store';
import { fetchRankingPage, fetchSearchResults } from './catalogue-api';
import { RANKING_PAGE_SIZE, type RankedSeries, type TypeFilter } from './catalogue-types';
import { coverLoadingFor } from './cover-image';
import GenreStrip from './GenreStrip';
import {
  END_OF_LIST_MESSAGE,
  LOAD_FAILED_MESSAGE,
  SCROLL_THROTTLE_MS,
  SKELETON_COUNT,
  emptyListMessage,
  initialRankingListState,
  isPastScrollTrigger,
  rankingListReducer,
  throttle,
  visibleSeries,
} from './ranking-list-state';
import { $searchTerm, setSearchTerm } from './search-term-store';
import SeriesCard, { SeriesCardSkeleton } from './SeriesCard';
import { $signedInListTools } from './signed-in-list-tools';
import styles from './RankingList.module.css';

export interface RankingListProps {
  /** ALL on the home page, the page's type on a type page. */
  type: TypeFilter;
  /** The page's series, rendered at build time so the page is complete without JavaScript. */
  initialItems: RankedSeries[];
  /** Which page of the list `initialItems` is; infinite scroll goes on from the next one. */
  initialPage?: number;
  /** The numbered pager (static HTML), shown while the list shows the ranked pages of every genre. */
  children?: ReactNode;
}

/**
 * A ranked list: the pre-rendered first page, then infinite scroll, the genre filter and the site-wide
 * search term. Only the newest request's answer is used, so quick changes never mix their results.
 */
export default function RankingList({ type, initialItems, initialPage = 1, children }: RankingListProps) {
  const [state, dispatch] = useReducer(rankingListReducer, undefined, () =>
    initialRankingListState(initialItems, initialPage),
  );
  const selection = useStore($compareSelection, { ssr: 'initial' });
  // Reading-list and admin controls arrive from the SignedInListTools island (signed-in visitors only).
  const tools = useStore($signedInListTools);
  // useIsAdmin's test, inline: that hook's module would be one more file on every reader's page.
  const session = useStore($session, { ssr: 'initial' });
  const admin = isAdmin(session.user) ? tools : null;
  const [announcement, setAnnouncement] = useState('');
  const latestRequest = useRef(0);
  const root = useRef<HTMLDivElement>(null);
  // Where keyboard focus goes once the next render is on screen, when its control went away (the "Clear
  // search" button, a deleted card), so it never falls back to the top of the document.
  const pendingFocus = useRef<(() => void) | null>(null);
  useEffect(() => {
    const focus = pendingFocus.current;
    pendingFocus.current = null;
    focus?.();
  });

  /** The chosen genre's button: the list's first control, just above where the removed one was. */
  function focusSelectedGenre() {
    root.current?.querySelector<HTMLElement>('[role="group"] [aria-pressed="true"]')?.focus();
  }
  // The term the list shows; the first page was rendered without one. The store is read by subscribing
  // after hydration, so a term in the address never changes the hydrating render.
  const shownTerm = useRef('');

  async function request<T>(fetcher: () => Promise<T>, onLoaded: (value: T) => void): Promise<void> {
    const id = ++latestRequest.current;
    try {
      const value = await fetcher();
      if (id === latestRequest.current) onLoaded(value);
    } catch {
      if (id !== latestRequest.current) return;
      dispatch({ type: 'failed' });
      setAnnouncement(LOAD_FAILED_MESSAGE);
    }
  }

  function loadFirstPage(genre: string) {
    dispatch({ type: 'rankedRequested', genre });
    setAnnouncement('Loading series…');
    void request(
      () => fetchRankingPage({ page: 1, type, genre }),
      (items) => {
        dispatch({ type: 'pageLoaded', page: 1, items });
        setAnnouncement(
          items.length === 0
            ? emptyListMessage(type)
            : `Showing ${genre === 'ALL' ? 'all genres' : genre}: ${items.length} series loaded.`,
        );
      },
    );
  }

  function loadNextPage() {
    const page = state.page + 1;
    const { genre } = state;
    dispatch({ type: 'nextPageRequested' });
    setAnnouncement('Loading more series…');
    void request(
      () => fetchRankingPage({ page, type, genre }),
      (items) => {
        dispatch({ type: 'pageLoaded', page, items });
        setAnnouncement(
          items.length < RANKING_PAGE_SIZE
            ? `${items.length} more series loaded. ${END_OF_LIST_MESSAGE}`
            : `${items.length} more series loaded.`,
        );
      },
    );
  }

  function search(query: string) {
    dispatch({ type: 'searchRequested', query });
    setAnnouncement(`Searching for ${query}…`);
    void request(
      () => fetchSearchResults(query, type),
      (items) => {
        dispatch({ type: 'searchLoaded', items });
        // The results shown: a chosen genre filters them here.
        const shown = visibleSeries({ ...state, mode: 'search', items }).length;
        setAnnouncement(`${shown} ${shown === 1 ? 'result' : 'results'} for ${query}.`);
      },
    );
  }

  function clearSearch() {
    setSearchTerm('');
    pendingFocus.current = focusSelectedGenre;
  }

  /** A deleted card: its neighbour's title link takes the focus (the next card, else the previous one). */
  function removeSeries(id: number) {
    const shown = visibleSeries(state);
    const index = shown.findIndex((series) => series.id === id);
    const neighbour = shown[index + 1] ?? shown[index - 1];
    dispatch({ type: 'seriesRemoved', id });
    if (index >= 0) setAnnouncement(`Deleted ${shown[index]?.title}.`);
    pendingFocus.current = () => {
      const link = neighbour && root.current?.querySelector<HTMLElement>(`a[href="/series/${neighbour.id}"]`);
      if (link) link.focus();
      else focusSelectedGenre();
    };
  }

  function chooseGenre(genre: string) {
    if (genre === state.genre && state.phase !== 'error') return;
    if (state.mode === 'search') {
      dispatch({ type: 'genreChosenInSearch', genre });
      if (state.phase === 'idle') {
        const shown = visibleSeries({ ...state, genre }).length;
        setAnnouncement(`${shown} ${shown === 1 ? 'result' : 'results'} for ${state.query}.`);
      }
      return;
    }
    loadFirstPage(genre);
  }

  // "Try again" goes away while it loads: the focus then moves to the first series it brought (or back to
  // the button if it failed again), not to the top of the document.
  const focusAfterRetry = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRetry.current;
    if (index === null || state.phase === 'loading') return;
    focusAfterRetry.current = null;
    if (state.phase === 'error') {
      root.current?.querySelector<HTMLElement>('[data-retry]')?.focus();
      return;
    }
    const links = root.current?.querySelectorAll<HTMLElement>('ol > li article a[href^="/series/"]');
    const link = links?.[Math.min(index, links.length - 1)];
    if (link) link.focus();
    else focusSelectedGenre();
  }, [state.phase]);

  function retry() {
    focusAfterRetry.current = state.mode === 'search' || state.page === 0 ? 0 : state.items.length;
    if (state.mode === 'search') search(state.query);
    else if (state.page === 0) loadFirstPage(state.genre);
    else loadNextPage();
  }

  // A search term replaces the ranked list; clearing it reloads page 1 (spec).
  const onSearchTermChange = useEffectEvent((term: string) => {
    if (term === shownTerm.current) return;
    shownTerm.current = term;
    if (term) search(term);
    else loadFirstPage(state.genre);
  });
  useEffect(() => $searchTerm.subscribe((term) => onSearchTermChange(term)), []);

  // The header's search normally navigates to `/?search=`; on the home page the results show in place.
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

  // Infinite scroll: the next page once the viewport's bottom passes 80% of the page, checked at most
  // every 150 ms (spec), and again after each page in case the page is still short.
  const checkScroll = useEffectEvent(() => {
    if (state.mode !== 'ranked' || state.ended || state.phase !== 'idle') return;
    const root = document.documentElement;
    if (isPastScrollTrigger(window.scrollY, window.innerHeight, root.scrollHeight)) loadNextPage();
  });
  useEffect(() => {
    const throttled = throttle(() => checkScroll(), SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', throttled.run, { passive: true });
    window.addEventListener('resize', throttled.run, { passive: true });
    return () => {
      throttled.cancel();
      window.removeEventListener('scroll', throttled.run);
      window.removeEventListener('resize', throttled.run);
    };
  }, []);
  useEffect(() => {
    if (state.page <= 1) return;
    // After the new cards are laid out.
    const frame = requestAnimationFrame(() => checkScroll());
    return () => cancelAnimationFrame(frame);
  }, [state.page]);

  const series = visibleSeries(state);
  const loading = state.phase === 'loading';
  const showEmpty = state.phase === 'idle' && series.length === 0;
  const showEnd = state.mode === 'ranked' && state.ended && state.phase === 'idle' && series.length > 0;

  return (
    <div className={styles.list} ref={root}>
      <GenreStrip genres={state.genres} selected={state.genre} onSelect={chooseGenre} />

      {type === 'ALL' && (tools ? <tools.CreateListButton /> : <div className={styles.listRowPlaceholder} />)}
      {tools && <tools.ReadingListsHost />}

      {admin && (
        <admin.AddSeriesButton
          onAdded={(added) => {
            if (type === 'ALL' || added.type === type) dispatch({ type: 'seriesAdded', series: added });
          }}
        />
      )}

      {state.mode === 'search' && (
        <div className={styles.searchHeading}>
          <h2>
            Results for <q>{state.query}</q>
          </h2>
          <button type="button" className={styles.secondaryButton} onClick={clearSearch}>
            Clear search
          </button>
        </div>
      )}

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {/* Fixed at the bottom of the window, but early in the tab order: after a long (and still growing)
          list, a keyboard user could hardly reach it. */}
      <CompareTray />

      {series.length > 0 && (
        <ol className={styles.grid} role="list" aria-busy={loading}>
          {series.map((entry, index) => (
            <li key={entry.id}>
              <SeriesCard
                series={entry}
                coverLoading={coverLoadingFor(index)}
                compareSelected={selection.includes(entry.id)}
                onToggleCompare={(id) => toggleCompareSeries(id, entry)}
                listToggle={tools && <tools.ListToggle series={entry} />}
                actions={
                  admin ? (
                    <admin.SeriesAdminActions
                      series={entry}
                      onUpdated={(updated) => dispatch({ type: 'seriesUpdated', series: updated })}
                      onDeleted={removeSeries}
                    />
                  ) : undefined
                }
              />
            </li>
          ))}
        </ol>
      )}

      {loading && (
        <div className={styles.grid} data-testid="series-skeleton">
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <SeriesCardSkeleton key={index} />
          ))}
        </div>
      )}

      {state.phase === 'error' && (
        <div className={styles.message} role="alert">
          <p>{LOAD_FAILED_MESSAGE}</p>
          <button type="button" className={styles.secondaryButton} onClick={retry} data-retry>
            Try again
          </button>
        </div>
      )}

      {showEmpty && (
        <div className={styles.message}>
          <p>{emptyListMessage(type)}</p>
          {state.genre !== 'ALL' && (
            <button type="button" className={styles.secondaryButton} onClick={() => chooseGenre('ALL')}>
              Clear genre filter
            </button>
          )}
        </div>
      )}

      {showEnd && <p className={styles.end}>{END_OF_LIST_MESSAGE}</p>}

      {/* The pager pages through the whole ranked list: meaningless over search results or one genre. */}
      {state.mode === 'ranked' && state.genre === 'ALL' && children}
    </div>
  );
}
