import { useEffect, useState } from 'react';
import { errorStatus } from '../../lib/api-client';
import { documentTitle } from '../../lib/seo';
import { fetchSeriesDetail, fetchSeriesSummary } from '../catalogue/catalogue-api';
import type { SeriesDetail, SeriesPageData } from '../catalogue/catalogue-types';
import { rankedSeriesFields } from '../catalogue/ranked-series-fields';
import { LOAD_FAILED_MESSAGE } from '../catalogue/catalogue-messages';
import { $updatedSeriesDetail, VOTE_PANEL_ID, seriesIdFromPath } from './series-detail-store';
import { seriesPageTitle } from './series-seo';
import SeriesDetailView, { SeriesDetailSkeleton } from './SeriesDetailView';
import styles from './SeriesDetailIsland.module.css';

export const SERIES_NOT_FOUND_MESSAGE = 'Series not found';

export interface SeriesDetailIslandProps {
  /**
   * The build-time data of a pre-rendered page, shown at once and refreshed from the live API (the build
   * may be stale). Null on the fallback page, which reads the id from the address and shows a skeleton.
   */
  initial: SeriesPageData | null;
}

type View =
  | { state: 'loading' }
  | { state: 'ready'; data: SeriesPageData; refreshing: boolean }
  | { state: 'not-found' }
  | { state: 'error'; seriesId: number };

/** Updates a page's data with a newer detail: scores, rank and the fields an admin may have edited. */
function withDetail(data: SeriesPageData, detail: SeriesDetail): SeriesPageData {
  return { detail, series: { ...data.series, ...rankedSeriesFields(detail) } };
}

async function loadLive(id: number, initial: SeriesPageData | null): Promise<SeriesPageData> {
  if (initial) return withDetail(initial, await fetchSeriesDetail(id));
  // Summary and detail in parallel (no waterfall).
  const [series, detail] = await Promise.all([fetchSeriesSummary(id), fetchSeriesDetail(id)]);
  return { series, detail };
}

function revealVotePanel(id: number): void {
  const panel = document.getElementById(VOTE_PANEL_ID);
  if (!panel) return;
  panel.dataset.seriesId = String(id);
  panel.hidden = false;
}

export default function SeriesDetailIsland({ initial }: SeriesDetailIslandProps) {
  const [view, setView] = useState<View>(
    initial ? { state: 'ready', data: initial, refreshing: true } : { state: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const fallback = initial === null;
    const id = initial?.series.id ?? seriesIdFromPath(window.location.pathname);
    const load = async () => {
      if (id === null) throw Object.assign(new Error(SERIES_NOT_FOUND_MESSAGE), { status: 404 });
      return loadLive(id, initial);
    };
    load().then(
      (data) => {
        if (cancelled) return;
        setView({ state: 'ready', data, refreshing: false });
        if (fallback) {
          document.title = documentTitle(seriesPageTitle(data));
          revealVotePanel(data.series.id);
        }
      },
      (error: unknown) => {
        if (cancelled) return;
        const status = errorStatus(error) ?? (error as { status?: number }).status;
        if (status === 404) {
          setView({ state: 'not-found' });
          document.getElementById(VOTE_PANEL_ID)?.setAttribute('hidden', '');
          if (fallback) document.title = documentTitle(SERIES_NOT_FOUND_MESSAGE);
        } else if (initial) {
          // The build-time data stays on screen; only its refresh failed.
          setView({ state: 'ready', data: initial, refreshing: false });
        } else {
          setView({ state: 'error', seriesId: id ?? 0 });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [initial, attempt]);

  // A vote (or another island) published a newer detail of this series.
  useEffect(
    () =>
      $updatedSeriesDetail.listen((detail) => {
        setView((current) =>
          current.state === 'ready' && detail && detail.series_id === current.data.series.id
            ? { ...current, data: withDetail(current.data, detail) }
            : current,
        );
      }),
    [],
  );

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
        <p>This series does not exist or was removed.</p>
        <a href="/">← Back to Rankings</a>
      </div>
    );
  }
  return (
    <div className={styles.message} role="alert">
      <h1>{LOAD_FAILED_MESSAGE}</h1>
      <button
        type="button"
        className={styles.retry}
        onClick={() => {
          setView({ state: 'loading' });
          setAttempt(attempt + 1);
        }}
      >
        Try again
      </button>
    </div>
  );
}
