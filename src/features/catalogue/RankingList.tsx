import { useReducer, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../ui/use-hydrated';
import CompareTray from '../compare/CompareTray';
import { listQuery } from './catalogue-queries';
import { RANKING_PAGE_SIZE, type RankedSeries, type TypeFilter } from './catalogue-types';
import GenreStrip from './GenreStrip';
import ListHeading from './ListHeading';
import ListStatus from './ListStatus';
import ListToolsRow, { useListTools } from './ListToolsRow';
import BrowseControls from './BrowseControls';
import { firstFlow, listFlow, listSettled, newsOf, retryFocusIndex } from './ranking-list-flow';
import { filtersView, stripGenre, viewKey, type RankingView } from './ranking-view';
import { rankingListView } from './ranking-list-state';
import { extractGenres } from './series-format';
import { setSearchTerm } from './search-term-store';
import SeriesGrid from './SeriesGrid';
import { useInfiniteScroll } from './use-infinite-scroll';
import { useListFocus } from './use-list-focus';
import { useListReturn } from './use-list-return';
import { useRankingReads } from './use-ranking-reads';
import { useSearchTerm } from './use-search-term';
import { useViewChoice } from './use-view-choice';
import styles from './RankingList.module.css';

export interface RankingListProps {
  /** The type whose ranked list this is (ALL on the home page and the lists across types). */
  type: TypeFilter;
  /** The page's own view: the pre-rendered page shows it; the address names what differs from it. */
  baseView: RankingView;
  /** Every genre of the catalogue, for the genre chooser. */
  genres: readonly string[];
  /**
   * The page's series as JSON (RankedSeries[]), rendered at build time so the page is complete without
   * JavaScript.
   */
  initialItemsJson: string;
  /** Which page of the list `initialItemsJson` starts with (the pre-rendered one). */
  initialPage?: number;
  /**
   * How many pages `initialItemsJson` holds: the pre-rendered page and those its scroll script appended before
   * the island hydrated (scroll-handoff.ts); infinite scroll goes on from the next one.
   */
  initialPageCount?: number;
  /** The scroll script showed the end of the list. */
  initialEnded?: boolean;
  /** The scroll script was loading the next page (or had failed to) when the island hydrated. */
  initialPending?: boolean;
  /** The page's heading ("Top ranked series, page 2"); a search's results are headed by the search. */
  heading: string;
  /** The numbered pager (static HTML), shown while the list shows the page's own view. */
  children?: ReactNode;
}

/**
 * A ranked list: the pre-rendered page, then infinite scroll, its order and filters (kept in the address)
 * and the site-wide search term. Its reads go through the query cache (catalogue-queries.ts); what it is doing is
 * ranking-list-flow.ts's, and what it shows ranking-list-state.ts's.
 */
export default function RankingList({
  type,
  baseView,
  genres: catalogueGenres,
  initialItemsJson,
  initialPage = 1,
  initialPageCount = 1,
  initialEnded,
  initialPending = false,
  heading,
  children,
}: RankingListProps) {
  const [initialItems] = useState<RankedSeries[]>(() => JSON.parse(initialItemsJson));
  const hydrated = useHydrated();
  const baseKey = viewKey(baseView);
  const [flow, dispatch] = useReducer(listFlow, baseKey, firstFlow);
  const { source, edits } = flow;
  const lastShown = initialPage + initialPageCount - 1;
  const { ranked, results, live, phase, answers } = useRankingReads(type, lastShown, flow, hydrated);
  const shownView = rankingListView({
    source,
    initialItems,
    initialPage: lastShown,
    initialEnded,
    pages: ranked.pages,
    results: results.data,
    edits,
  });

  // Every genre seen so far, for the genre strip; it only grows, so choosing a genre keeps the others. The
  // hydrating render shows the pre-rendered page's, as built: `initialItems` may hold pages appended since.
  const [genres, setGenres] = useState(() => extractGenres(initialItems.slice(0, RANKING_PAGE_SIZE)));
  const seen = hydrated ? extractGenres(shownView.read, genres) : genres;
  if (seen.length !== genres.length) setGenres(seen);

  const { tools, admin } = useListTools();
  const root = useRef<HTMLDivElement>(null);
  const focus = useListFocus(root, phase);

  // Each answer (or failure) is announced once, when it arrives.
  const reads = {
    error: live.error,
    results: results.data,
    pages: ranked.pages,
    shownCount: shownView.shown.length,
  };
  const news = newsOf(flow, phase, type, reads);
  if (news) dispatch(news);

  /** A deleted card: its neighbour's title link takes the focus (the next card, else the previous one). */
  function removeSeries(id: number) {
    const shown = shownView.shown;
    const index = shown.findIndex((series) => series.id === id);
    const neighbour = shown[index + 1] ?? shown[index - 1];
    dispatch({ type: 'removed', id, title: index >= 0 ? shown[index]?.title : undefined });
    focus.after(() => focus.seriesOrGenre(neighbour?.id));
  }

  const { view, loadFirstPage, chooseView, chooseGenre } = useViewChoice({
    ...{ type, baseView, hydrated, flow, dispatch, phase, initialItems, initialPage },
    results: results.data,
  });

  // A search term replaces the ranked list; clearing it reloads page 1.
  const termShown = useSearchTerm(type, (term) => {
    if (term) dispatch({ type: 'search', query: term });
    else loadFirstPage(source.view);
  });

  // Back to this list: the pages it had, the card opened where it was, focused. After the search term's
  // subscription, so a restored list (searched or not) is what the first hydrated render shows.
  useListReturn({
    list: `${type}|${initialPage}`,
    root,
    current: () => ({
      source,
      // The pages the scroll script appended count: coming back asks for them with the others.
      pageCount:
        source.mode === 'ranked' ? ranked.pages.length + (source.fresh ? 0 : initialPageCount - 1) : 0,
      answers: answers(),
    }),
    restore: ({ source: kept, pageCount, answers: keptAnswers }) => {
      if (kept.mode === 'search') termShown(kept.query);
      const resume =
        kept.mode === 'search' ? undefined : { query: listQuery(type, kept.view), pages: pageCount };
      // Coming back is not news: the restored answers are not announced as if they had just loaded.
      dispatch({ type: 'restore', source: kept, resume, announced: keptAnswers.at(-1)?.[1] });
    },
    settled: listSettled(phase, flow, ranked.pages.length),
  });

  const canLoad = source.mode === 'ranked' && !shownView.ended && phase === 'idle';
  useInfiniteScroll(canLoad, shownView.page, initialPending, () => {
    dispatch({ type: 'more' });
    ranked.more();
  });

  const series = shownView.shown;
  return (
    // data-hydrating until hydrated: a click or choice made before is replayed only then (client:interaction).
    <div className={styles.list} ref={root} data-hydrating={hydrated ? undefined : ''}>
      <ListHeading
        heading={heading}
        search={source.mode === 'search' ? source.query : undefined}
        count={source.mode === 'search' && phase === 'idle' ? series.length : undefined}
        onClearSearch={() => {
          setSearchTerm('');
          focus.after(focus.selectedGenre);
        }}
      />
      <BrowseControls view={view} genres={catalogueGenres} onChange={chooseView} />
      <GenreStrip genres={genres} selected={stripGenre(view)} onSelect={chooseGenre} />

      <ListToolsRow
        type={type}
        tools={tools}
        admin={admin}
        onAdded={(added) => dispatch({ type: 'added', series: added })}
      />

      <p className="visually-hidden" role="status" aria-live="polite" data-list-announcer>
        {flow.announcement}
      </p>

      {/* Fixed at the bottom of the window, but early in the tab order: after a long (and still growing)
          list, a keyboard user could hardly reach it. */}
      <CompareTray />

      {series.length > 0 && (
        <SeriesGrid
          series={series}
          loading={phase === 'loading'}
          tools={tools}
          admin={admin}
          onUpdated={(updated) => dispatch({ type: 'updated', series: updated })}
          onDeleted={removeSeries}
        />
      )}

      <ListStatus
        phase={phase}
        type={type}
        empty={series.length === 0}
        filtered={filtersView(view)}
        ended={source.mode === 'ranked' && shownView.ended}
        onRetry={() => {
          focus.afterRetry(retryFocusIndex(source, shownView.page, series.length));
          live.retry();
        }}
        onClearGenre={() => chooseView({ ...view, status: undefined, genres: [], not: [] })}
      />

      {/* The pager pages through the page's own list: meaningless over search results or another view. */}
      {source.mode === 'ranked' && source.view === baseKey && children}
    </div>
  );
}
