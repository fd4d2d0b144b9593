import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { errorStatus } from '../../lib/api-client';
import { useQuery } from '../../lib/use-query';
import { documentTitle } from '../../lib/seo';
import { useHydrated } from '../../ui/use-hydrated';
import { $session } from '../accounts/session-store';
import type { SeriesDetail, SeriesPageData } from '../catalogue/catalogue-types';
import { rankedSeriesFields } from '../catalogue/ranked-series-fields';
import { LOAD_FAILED_MESSAGE } from '../catalogue/catalogue-messages';
import { seriesDetailStore } from './series-detail-query';
import { seriesIdFromPath } from './series-page';
import { seriesPageTitle } from './series-seo';
import SeriesDetailView, { SeriesDetailSkeleton } from './SeriesDetailView';
import { SERIES_NOT_FOUND_DETAIL, SERIES_NOT_FOUND_MESSAGE } from './series-values';
import styles from './SeriesDetailIsland.module.css';

export { SERIES_NOT_FOUND_MESSAGE };

export interface SeriesDetailIslandProps {
  /**
   * The build-time data of a page, shown at once and refreshed from the live API (the build may be stale).
   * Null on the fallback page, which reads the id from the address and shows a skeleton. (Pre-rendered
   * series pages do not use this island: their script, series-page-live.ts, refreshes the build's markup.)
   */
  initial: SeriesPageData | null;
}

type View =
  | { state: 'loading' }
  | { state: 'ready'; data: SeriesPageData; refreshing: boolean }
  | { state: 'not-found' }
  | { state: 'error'; retry(): void };

/** A page's data from a live detail, which carries every list-entry field (scores, rank, edited fields). */
function pageDataOf(detail: SeriesDetail, initial: SeriesPageData | null): SeriesPageData {
  // The live rank is exact: the pre-rendered band (prerendered-values.ts) goes.
  const { rank_band: _band, ...built } = initial?.series ?? {};
  return { detail, series: { ...built, id: detail.series_id, ...rankedSeriesFields(detail) } };
}

/** The panels beside the series (Track, and "Determine Series Rank"), which the fallback page keeps hidden until its series is known. */
function seriesPanels(): NodeListOf<HTMLElement> {
  return document.querySelectorAll<HTMLElement>('[data-series-panel]');
}

function revealPanels(id: number): void {
  for (const panel of seriesPanels()) {
    panel.dataset.seriesId = String(id);
    panel.hidden = false;
  }
}

export default function SeriesDetailIsland({ initial }: SeriesDetailIslandProps) {
  const hydrated = useHydrated();
  const { user } = useStore($session, { ssr: 'initial' });
  const fallback = initial === null;
  // The fallback page finds its id in the address, once running in the browser.
  const id = initial?.series.id ?? (hydrated ? seriesIdFromPath(window.location.pathname) : null);
  // The live detail, also updated by a vote or an admin's edit on this page (series-detail-query.ts).
  const live = useQuery(hydrated && id !== null ? seriesDetailStore(id, user) : null);
  const notFound = (hydrated && id === null) || errorStatus(live.error) === 404;

  let view: View;
  if (notFound) view = { state: 'not-found' };
  else if (live.data) view = { state: 'ready', data: pageDataOf(live.data, initial), refreshing: false };
  // The build-time data stays on screen while it refreshes, and if only its refresh failed.
  else if (initial) view = { state: 'ready', data: initial, refreshing: live.error === undefined };
  else if (live.error !== undefined) view = { state: 'error', retry: live.retry };
  else view = { state: 'loading' };

  // The fallback page names its series and shows its panels once the series is known.
  useEffect(() => {
    if (!fallback || !live.data) return;
    document.title = documentTitle(seriesPageTitle(pageDataOf(live.data, null)));
    revealPanels(live.data.series_id);
  }, [fallback, live.data]);

  useEffect(() => {
    if (!notFound) return;
    for (const panel of seriesPanels()) panel.hidden = true;
    if (fallback) document.title = documentTitle(SERIES_NOT_FOUND_MESSAGE);
  }, [notFound, fallback]);

  if (view.state === 'ready') {
    return <SeriesDetailView data={view.data} refreshing={view.refreshing} />;
  }
  if (view.state === 'loading') {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading series…
        </p>
        <SeriesDetailSkeleton />
      </div>
    );
  }
  if (view.state === 'not-found') {
    return (
      <div className={styles.message} role="alert">
        <h1>{SERIES_NOT_FOUND_MESSAGE}</h1>
        <p>{SERIES_NOT_FOUND_DETAIL}</p>
        <a href="/">← Back to Rankings</a>
      </div>
    );
  }
  return (
    <div className={styles.message} role="alert">
      <h1>{LOAD_FAILED_MESSAGE}</h1>
      <button type="button" className={styles.retry} onClick={view.retry}>
        Try again
      </button>
    </div>
  );
}
