import { useReducer, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../ui/use-hydrated';
import CompareTray from '../compare/CompareTray';
import { dropRankedPages, listQuery } from './catalogue-queries';
import type { RankedSeries, TypeFilter } from './catalogue-types';
import GenreStrip from './GenreStrip';
import ListHeading from './ListHeading';
import ListStatus from './ListStatus';
import ListToolsRow, { useListTools } from './ListToolsRow';
import {
  FIRST_FLOW,
  genreOverResults,
  listFlow,
  listSettled,
  newsOf,
  retryFocusIndex,
} from './ranking-list-flow';
import { rankingListView } from './ranking-list-state';
import { extractGenres } from './series-format';
import { setSearchTerm } from './search-term-store';
import SeriesGrid from './SeriesGrid';
import { useInfiniteScroll } from './use-infinite-scroll';
import { useListFocus } from './use-list-focus';
import { useListReturn } from './use-list-return';
import { useRankingReads } from './use-ranking-reads';
import { useSearchTerm } from './use-search-term';
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

/**
 * A ranked list: the pre-rendered page, then infinite scroll, the genre filter and the site-wide search
 * term. Its reads go through the query cache (catalogue-queries.ts); what it is doing is
 * ranking-list-flow.ts's, and what it shows ranking-list-state.ts's.
 */
export default function RankingList({
  type,
  initialItems,
  initialPage = 1,
  heading,
  children,
}: RankingListProps) {
  const hydrated = useHydrated();
  const [flow, dispatch] = useReducer(listFlow, FIRST_FLOW);
  const { source, edits } = flow;
  const { ranked, results, live, phase, answers } = useRankingReads(type, initialPage, flow, hydrated);
  const view = rankingListView({
    source,
    initialItems,
    initialPage,
    pages: ranked.pages,
    results: results.data,
    edits,
  });

  // Every genre seen so far, for the genre strip; it only grows, so choosing a genre keeps the others.
  const [genres, setGenres] = useState(() => extractGenres(initialItems));
  const seen = extractGenres(view.read, genres);
  if (seen.length !== genres.length) setGenres(seen);

  const { tools, admin } = useListTools();
  const root = useRef<HTMLDivElement>(null);
  const focus = useListFocus(root, phase);

  // Each answer (or failure) is announced once, when it arrives.
  const reads = {
    error: live.error,
    results: results.data,
    pages: ranked.pages,
    shownCount: view.shown.length,
  };
  const news = newsOf(flow, phase, type, reads);
  if (news) dispatch(news);

  /** Page 1 of a genre, asked for again: the cached pages of that list are dropped first. */
  function loadFirstPage(genre: string) {
    dropRankedPages(listQuery(type, genre));
    dispatch({ type: 'reload', genre });
  }

  /** A deleted card: its neighbour's title link takes the focus (the next card, else the previous one). */
  function removeSeries(id: number) {
    const shown = view.shown;
    const index = shown.findIndex((series) => series.id === id);
    const neighbour = shown[index + 1] ?? shown[index - 1];
    dispatch({ type: 'removed', id, title: index >= 0 ? shown[index]?.title : undefined });
    focus.after(() => focus.seriesOrGenre(neighbour?.id));
  }

  function chooseGenre(genre: string) {
    if (genre === source.genre && phase !== 'error') return;
    if (source.mode !== 'search') return loadFirstPage(genre);
    dispatch(
      genreOverResults({ source, initialItems, initialPage, edits, results: results.data }, genre, phase),
    );
  }

  // A search term replaces the ranked list; clearing it reloads page 1.
  const termShown = useSearchTerm(type, (term) => {
    if (term) dispatch({ type: 'search', query: term });
    else loadFirstPage(source.genre);
  });

  // Back to this list: the pages it had, the card opened where it was, focused. After the search term's
  // subscription, so a restored list (searched or not) is what the first hydrated render shows.
  useListReturn({
    list: `${type}|${initialPage}`,
    root,
    current: () => ({
      source,
      pageCount: source.mode === 'ranked' ? ranked.pages.length : 0,
      answers: answers(),
    }),
    restore: ({ source: kept, pageCount, answers: keptAnswers }) => {
      if (kept.mode === 'search') termShown(kept.query);
      const resume =
        kept.mode === 'search' ? undefined : { query: listQuery(type, kept.genre), pages: pageCount };
      // Coming back is not news: the restored answers are not announced as if they had just loaded.
      dispatch({ type: 'restore', source: kept, resume, announced: keptAnswers.at(-1)?.[1] });
    },
    settled: listSettled(phase, flow, ranked.pages.length),
  });

  useInfiniteScroll(source.mode === 'ranked' && !view.ended && phase === 'idle', view.page, () => {
    dispatch({ type: 'more' });
    ranked.more();
  });

  const series = view.shown;
  return (
    <div className={styles.list} ref={root}>
      <ListHeading
        heading={heading}
        search={source.mode === 'search' ? source.query : undefined}
        count={source.mode === 'search' && phase === 'idle' ? series.length : undefined}
        onClearSearch={() => {
          setSearchTerm('');
          focus.after(focus.selectedGenre);
        }}
      />
      <GenreStrip genres={genres} selected={source.genre} onSelect={chooseGenre} />

      <ListToolsRow
        type={type}
        tools={tools}
        admin={admin}
        onAdded={(added) => dispatch({ type: 'added', series: added })}
      />

      <p className="visually-hidden" role="status" aria-live="polite">
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
        filtered={source.genre !== 'ALL'}
        ended={source.mode === 'ranked' && view.ended}
        onRetry={() => {
          focus.afterRetry(retryFocusIndex(source, view.page, series.length));
          live.retry();
        }}
        onClearGenre={() => chooseGenre('ALL')}
      />

      {/* The pager pages through the whole ranked list: meaningless over search results or one genre. */}
      {source.mode === 'ranked' && source.genre === 'ALL' && children}
    </div>
  );
}
