import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { usePagedQuery, type PagedRead } from '../../lib/paged-query';
import { createFetcherStore, queryCache, storeFamily } from '../../lib/query';
import { useQuery } from '../../lib/use-query';
import { useHydrated } from '../../ui/use-hydrated';
import { $session } from '../accounts/session-store';
import { isAdmin } from '../accounts/stored-session';
import CompareTray from '../compare/CompareTray';
import { SEARCH_EVENT, type SearchEventDetail } from '../navigation/search-href';
import { $compareSelection, toggleCompareSeries } from '../compare/compare-store';
import { fetchRankingPage, fetchSearchResults } from './catalogue-api';
import { RANKING_PAGE_SIZE, type RankedSeries, type TypeFilter } from './catalogue-types';
import { coverLoadingFor } from './cover-image';
import GenreStrip from './GenreStrip';
import ListHeading from './ListHeading';
import {
  END_OF_LIST_MESSAGE,
  LOAD_FAILED_MESSAGE,
  NO_EDITS,
  SCROLL_THROTTLE_MS,
  SKELETON_COUNT,
  emptyListMessage,
  isPastScrollTrigger,
  rankingListView,
  throttle,
  type ListEdits,
  type ListSource,
} from './ranking-list-state';
import { extractGenres } from './series-format';
import { $searchTerm, setSearchTerm } from './search-term-store';
import SeriesCard, { SeriesCardSkeleton } from './SeriesCard';
import { $signedInListTools } from './signed-in-list-tools';
import { takeRestoredAnswer } from './list-return';
import { useListReturn } from './use-list-return';
import styles from './RankingList.module.css';

export interface RankingListProps {
  /** ALL on the home page, the page's type on a type page. */
  type: TypeFilter;
  /** The page's series, rendered at build time so the page is complete without JavaScript. */
  initialItems: RankedSeries[];
  /** Which page of the list `initialItems` is; infinite scroll goes on from the next one. */
  initialPage?: number;
  /** The page's heading ("Top ranked series, page 2"); a search's results are headed by the search. */
  heading: string;
  /** The numbered pager (static HTML), shown while the list shows the ranked pages of every genre. */
  children?: ReactNode;
}

/** A ranked list's query: `{type}|{genre}`. */
const RANKING_KEY = 'series/rankings?';
const rankingPageKey = (query: string, page: number) => `${RANKING_KEY}${query}&page=${page}`;
const rankingPages: PagedRead<RankedSeries[]> = {
  key: rankingPageKey,
  fetchPage: (query, page) => {
    // A page the list had when it was left (Back to it) is not asked for again.
    const restored = takeRestoredAnswer<RankedSeries[]>(rankingPageKey(query, page));
    if (restored) return Promise.resolve(restored);
    const [type, genre] = query.split('|') as [TypeFilter, string];
    return fetchRankingPage({ page, type, genre });
  },
  hasMore: (items) => items.length === RANKING_PAGE_SIZE,
};

/** A search's results, one entry per type and term (`{type}|{term}`); asked once per page view. */
const searchKey = (query: string) => `series/search?${query}`;
const searchResults = storeFamily((query: string) => {
  const [type, term] = query.split(/\|(.*)/s) as [TypeFilter, string];
  return createFetcherStore<RankedSeries[]>(searchKey(query), {
    fetcher: () => {
      const restored = takeRestoredAnswer<RankedSeries[]>(searchKey(query));
      return restored ? Promise.resolve(restored) : fetchSearchResults(term, type);
    },
    dedupeTime: Infinity,
    revalidateOnFocus: false,
  });
});

const PRE_RENDERED: ListSource = { mode: 'ranked', genre: 'ALL', fresh: false };

/**
 * A ranked list: the pre-rendered page, then infinite scroll, the genre filter and the site-wide search
 * term. Each page and each search is read through the query cache, keyed by what it shows, so quick
 * changes never mix their results.
 */
export default function RankingList({
  type,
  initialItems,
  initialPage = 1,
  heading,
  children,
}: RankingListProps) {
  const hydrated = useHydrated();
  const [source, setSource] = useState<ListSource>(PRE_RENDERED);
  const [edits, setEdits] = useState<ListEdits>(NO_EDITS);
  // The pages a list coming back (Back from a series) had: asked for at once, answered from what it kept.
  const [resume, setResume] = useState<{ query: string; pages: number } | undefined>(undefined);
  const rankedQuery = source.mode === 'ranked' ? `${type}|${source.genre}` : null;
  const firstPage = source.mode === 'ranked' && !source.fresh ? initialPage + 1 : 1;
  const ranked = usePagedQuery(
    rankingPages,
    hydrated ? rankedQuery : null,
    source.mode === 'ranked' && !source.fresh ? { firstPage, askFirst: false, resume } : { resume },
  );
  const searchQuery = source.mode === 'search' ? `${type}|${source.query}` : null;
  const results = useQuery(hydrated && searchQuery !== null ? searchResults(searchQuery) : null);
  const view = rankingListView({
    source,
    initialItems,
    initialPage,
    pages: ranked.pages,
    results: results.data,
    edits,
  });
  const live = source.mode === 'search' ? results : ranked;
  const phase =
    source.mode === 'search'
      ? results.data !== undefined
        ? 'idle'
        : results.error !== undefined
          ? 'error'
          : 'loading'
      : ranked.loading
        ? 'loading'
        : ranked.error !== undefined
          ? 'error'
          : 'idle';

  // Every genre seen so far, for the genre strip; it only grows, so choosing a genre keeps the others.
  const [genres, setGenres] = useState(() => extractGenres(initialItems));
  const seen = extractGenres(view.read, genres);
  if (seen.length !== genres.length) setGenres(seen);

  const selection = useStore($compareSelection, { ssr: 'initial' });
  // Reading-list and admin controls arrive from the SignedInListTools island (signed-in visitors only).
  // That island hydrates at once for them, so it has often handed them over before this one hydrates: the
  // hydrating render still shows the built markup (no tools), and the tools follow right after.
  const tools = useStore($signedInListTools, { ssr: 'initial' });
  // useIsAdmin's test, inline: that hook's module would be one more file on every reader's page.
  const session = useStore($session, { ssr: 'initial' });
  const admin = isAdmin(session.user) ? tools : null;
  const [announcement, setAnnouncement] = useState('');
  const root = useRef<HTMLDivElement>(null);
  // Where keyboard focus goes once the next render is on screen, when its control went away (the "Clear
  // search" button, a deleted card), so it never falls back to the top of the document.
  const pendingFocus = useRef<(() => void) | null>(null);
  useEffect(() => {
    const focus = pendingFocus.current;
    pendingFocus.current = null;
    focus?.();
  });

  // Each answer (or failure) is announced once, when it arrives.
  const answer = source.mode === 'search' ? results.data : ranked.pages.at(-1);
  const failure = phase === 'error' ? live.error : undefined;
  const [announced, setAnnounced] = useState<unknown>(undefined);
  if (failure !== undefined && failure !== announced) {
    setAnnounced(failure);
    setAnnouncement(LOAD_FAILED_MESSAGE);
  } else if (phase === 'idle' && answer !== undefined && answer !== announced) {
    setAnnounced(answer);
    setAnnouncement(answerText());
  }

  function answerText(): string {
    if (source.mode === 'search') {
      const shown = view.shown.length;
      return `${shown} ${shown === 1 ? 'result' : 'results'} for ${source.query}.`;
    }
    const items = ranked.pages.at(-1) ?? [];
    if (source.fresh && ranked.pages.length === 1) {
      return items.length === 0
        ? emptyListMessage(type)
        : `Showing ${source.genre === 'ALL' ? 'all genres' : source.genre}: ${items.length} series loaded.`;
    }
    return items.length < RANKING_PAGE_SIZE
      ? `${items.length} more series loaded. ${END_OF_LIST_MESSAGE}`
      : `${items.length} more series loaded.`;
  }

  /** The chosen genre's button: the list's first control, just above where the removed one was. */
  function focusSelectedGenre() {
    root.current?.querySelector<HTMLElement>('[role="group"] [aria-pressed="true"]')?.focus();
  }
  // The term the list shows; the first page was rendered without one. The store is read by subscribing
  // after hydration, so a term in the address never changes the hydrating render.
  const shownTerm = useRef('');

  /** Page 1 of a genre, asked for again: the cached pages of that list are dropped first. */
  function loadFirstPage(genre: string) {
    const prefix = `${RANKING_KEY}${type}|${genre}&`;
    queryCache.invalidateKeys((key) => key.startsWith(prefix));
    setResume(undefined);
    setSource({ mode: 'ranked', genre, fresh: true });
    setAnnouncement('Loading series…');
  }

  function loadNextPage() {
    setAnnouncement('Loading more series…');
    ranked.more();
  }

  function search(query: string) {
    setResume(undefined);
    setSource({ mode: 'search', query, genre: source.genre });
    setAnnouncement(`Searching for ${query}…`);
  }

  function clearSearch() {
    setSearchTerm('');
    pendingFocus.current = focusSelectedGenre;
  }

  /** A deleted card: its neighbour's title link takes the focus (the next card, else the previous one). */
  function removeSeries(id: number) {
    const shown = view.shown;
    const index = shown.findIndex((series) => series.id === id);
    const neighbour = shown[index + 1] ?? shown[index - 1];
    setEdits((current) => ({ ...current, removed: new Set(current.removed).add(id) }));
    if (index >= 0) setAnnouncement(`Deleted ${shown[index]?.title}.`);
    pendingFocus.current = () => {
      const link = neighbour && root.current?.querySelector<HTMLElement>(`a[href="/series/${neighbour.id}"]`);
      if (link) link.focus();
      else focusSelectedGenre();
    };
  }

  function chooseGenre(genre: string) {
    if (genre === source.genre && phase !== 'error') return;
    if (source.mode === 'search') {
      setSource({ ...source, genre });
      if (phase === 'idle') {
        const shown = rankingListView({
          source: { ...source, genre },
          initialItems,
          initialPage,
          pages: [],
          results: results.data,
          edits,
        }).shown.length;
        setAnnouncement(`${shown} ${shown === 1 ? 'result' : 'results'} for ${source.query}.`);
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
    if (index === null || phase === 'loading') return;
    focusAfterRetry.current = null;
    if (phase === 'error') {
      root.current?.querySelector<HTMLElement>('[data-retry]')?.focus();
      return;
    }
    const links = root.current?.querySelectorAll<HTMLElement>('ol > li article a[href^="/series/"]');
    const link = links?.[Math.min(index, links.length - 1)];
    if (link) link.focus();
    else focusSelectedGenre();
  }, [phase]);

  function retry() {
    focusAfterRetry.current = source.mode === 'search' || view.page === 0 ? 0 : view.shown.length;
    live.retry();
  }

  // A search term replaces the ranked list; clearing it reloads page 1.
  const onSearchTermChange = useEffectEvent((term: string) => {
    if (term === shownTerm.current) return;
    shownTerm.current = term;
    if (term) search(term);
    else loadFirstPage(source.genre);
  });
  useEffect(() => $searchTerm.subscribe((term) => onSearchTermChange(term)), []);

  // Back to this list: the pages it had, the card opened where it was, focused. Declared after the search
  // term's subscription, so a restored list (searched or not) is what the first hydrated render shows.
  useListReturn({
    list: `${type}|${initialPage}`,
    root,
    current: () => ({
      source,
      pageCount: source.mode === 'ranked' ? ranked.pages.length : 0,
      answers:
        rankedQuery !== null
          ? ranked.pages.map((items, index) => [rankingPageKey(rankedQuery, firstPage + index), items])
          : searchQuery !== null && results.data
            ? [[searchKey(searchQuery), results.data]]
            : [],
    }),
    restore: (kept) => {
      // Coming back is not news: the restored answers are not announced as if they had just loaded.
      setAnnounced(kept.answers.at(-1)?.[1]);
      if (kept.source.mode === 'search') shownTerm.current = kept.source.query;
      else setResume({ query: `${type}|${kept.source.genre}`, pages: kept.pageCount });
      setSource(kept.source);
    },
    settled: phase === 'idle' && (source.mode === 'search' || ranked.pages.length >= (resume?.pages ?? 0)),
  });

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
  // every 150 ms, and again after each page in case the page is still short.
  const checkScroll = useEffectEvent(() => {
    if (source.mode !== 'ranked' || view.ended || phase !== 'idle') return;
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
    if (view.page <= 1) return;
    // After the new cards are laid out.
    const frame = requestAnimationFrame(() => checkScroll());
    return () => cancelAnimationFrame(frame);
  }, [view.page]);

  const series = view.shown;
  const loading = phase === 'loading';
  const showEmpty = phase === 'idle' && series.length === 0;
  const showEnd = source.mode === 'ranked' && view.ended && phase === 'idle' && series.length > 0;

  return (
    <div className={styles.list} ref={root}>
      <ListHeading
        heading={heading}
        search={source.mode === 'search' ? source.query : undefined}
        count={source.mode === 'search' && phase === 'idle' ? series.length : undefined}
        onClearSearch={clearSearch}
      />
      <GenreStrip genres={genres} selected={source.genre} onSelect={chooseGenre} />

      {type === 'ALL' && (tools ? <tools.CreateListButton /> : <div className={styles.listRowPlaceholder} />)}
      {tools && <tools.ReadingListsHost />}

      {admin && (
        <admin.AddSeriesButton
          onAdded={(added) => {
            if (type === 'ALL' || added.type === type)
              setEdits((current) => ({ ...current, added: [...current.added, added] }));
          }}
        />
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
                      onUpdated={(updated) =>
                        setEdits((current) => ({
                          ...current,
                          updated: new Map(current.updated).set(updated.id, updated),
                        }))
                      }
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

      {phase === 'error' && (
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
          {source.genre !== 'ALL' && (
            <button type="button" className={styles.secondaryButton} onClick={() => chooseGenre('ALL')}>
              Clear genre filter
            </button>
          )}
        </div>
      )}

      {showEnd && <p className={styles.end}>{END_OF_LIST_MESSAGE}</p>}

      {/* The pager pages through the whole ranked list: meaningless over search results or one genre. */}
      {source.mode === 'ranked' && source.genre === 'ALL' && children}
    </div>
  );
}
