import { useEffect, useRef, useState } from 'react';
import { errorStatus } from '../../lib/api-client';
import { fetchSeriesDetail } from '../catalogue/catalogue-api';
import type { SeriesDetail } from '../catalogue/catalogue-types';
import { CARD_COVER_HEIGHT, CARD_COVER_WIDTH, coverSources } from '../catalogue/cover-image';
import { LOAD_FAILED_MESSAGE } from '../catalogue/ranking-list-state';
import {
  formatOneDecimal,
  formatVotes,
  rankDescription,
  rankLabel,
  scoreBand,
} from '../catalogue/series-format';
import { categoryScores, formatCategoryScore } from '../series/series-categories';
import { MIN_COMPARE, compareHref, parseCompareIds } from './compare-selection';
import { $compareSelection } from './compare-store';
import styles from './ComparePage.module.css';

type CompareItem =
  { id: number; state: 'ready'; detail: SeriesDetail } | { id: number; state: 'not-found' | 'error' };

type View = { state: 'loading'; count: number } | { state: 'ready'; items: CompareItem[] };

/**
 * The ids to compare: `?ids=` when the address has them (a shared link), else the session's selection,
 * which is then written into the address so the page can be shared or reloaded.
 */
function idsToCompare(): number[] {
  const url = new URL(window.location.href);
  const fromAddress = parseCompareIds(url.searchParams.get('ids') ?? '');
  if (fromAddress.length) return fromAddress;
  const fromSession = $compareSelection.get();
  if (fromSession.length) window.history.replaceState(window.history.state, '', compareHref(fromSession));
  return fromSession;
}

function loadItem(id: number): Promise<CompareItem> {
  return fetchSeriesDetail(id).then(
    (detail): CompareItem => ({ id, state: 'ready', detail }),
    (error: unknown): CompareItem => ({ id, state: errorStatus(error) === 404 ? 'not-found' : 'error' }),
  );
}

/** Every detail in parallel. */
function loadItems(ids: number[]): Promise<CompareItem[]> {
  return Promise.all(ids.map(loadItem));
}

function CompareCard({ detail }: { detail: SeriesDetail }) {
  const cover = coverSources(detail.cover_url, detail.cover_variants);
  const hasVotes = detail.vote_count > 0;
  return (
    <article className={styles.card} aria-labelledby={`compare-title-${detail.series_id}`}>
      <div className={styles.coverFrame}>
        {cover ? (
          <img
            className={styles.cover}
            src={cover.src}
            srcSet={cover.srcSet}
            sizes={cover.srcSet ? '16rem' : undefined}
            width={CARD_COVER_WIDTH}
            height={CARD_COVER_HEIGHT}
            alt=""
          />
        ) : (
          <div className={styles.noCover} aria-hidden="true">
            No cover
          </div>
        )}
        <span className={styles.rank}>
          <span aria-hidden="true">{rankLabel(detail.rank)}</span>
          <span className="visually-hidden">{rankDescription(detail.rank)}</span>
        </span>
      </div>
      <div className={styles.body}>
        <h2 className={styles.title} id={`compare-title-${detail.series_id}`}>
          <a href={`/series/${detail.series_id}`}>{detail.title}</a>
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>Genre</dt>
            <dd>{detail.genre || '–'}</dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd>{detail.type}</dd>
          </div>
          <div>
            <dt>Score</dt>
            <dd>
              <span className={styles.score} data-band={hasVotes ? scoreBand(detail.final_score) : 'none'}>
                {hasVotes ? formatOneDecimal(detail.final_score) : '-'}
              </span>
              /10
            </dd>
          </div>
          <div>
            <dt>Votes</dt>
            <dd>{formatVotes(detail.vote_count)}</dd>
          </div>
        </dl>
        <h3 className={styles.categoriesHeading}>Category scores</h3>
        <dl className={styles.categories}>
          {categoryScores(detail).map((category) => (
            <div key={category.label}>
              <dt>{category.label}</dt>
              <dd>
                <strong>{formatCategoryScore(category.average)}</strong>{' '}
                <span className={styles.categoryVotes}>({formatVotes(category.voteCount)})</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}

/** The compare page's cards, loaded from the live API. */
export default function ComparePage() {
  const [view, setView] = useState<View>({ state: 'loading', count: MIN_COMPARE });
  const focusTitleOf = useRef<number | null>(null);
  useEffect(() => {
    const id = focusTitleOf.current;
    focusTitleOf.current = null;
    if (id !== null) document.querySelector<HTMLElement>(`#compare-title-${id} a`)?.focus();
  });

  useEffect(() => {
    let cancelled = false;
    const ids = idsToCompare();
    loadItems(ids).then((items) => {
      if (!cancelled) setView({ state: 'ready', items });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (view.state === 'loading') {
    return (
      <div className={styles.grid} aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading series…
        </p>
        {Array.from({ length: view.count }, (_, index) => (
          <div key={index} className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
            <div className={styles.coverFrame} />
            <div className={styles.body} />
          </div>
        ))}
      </div>
    );
  }

  /** A series whose load failed (not a missing one) is asked for again; the others stay as they are. */
  function retry(id: number) {
    void loadItem(id).then((item) => {
      setView((current) =>
        current.state === 'ready'
          ? { ...current, items: current.items.map((entry) => (entry.id === id ? item : entry)) }
          : current,
      );
      // The button goes with the error: its focus moves to the series' title once the card is there.
      if (item.state === 'ready') focusTitleOf.current = id;
    });
  }

  return (
    <>
      <p className="visually-hidden" role="status">
        {view.items.length ? `Comparing ${view.items.length} series.` : ''}
      </p>
      {view.items.length < MIN_COMPARE && (
        <p className={styles.hint}>
          Select at least {MIN_COMPARE} series to compare: use the Compare buttons on the rankings.
        </p>
      )}
      {view.items.length > 0 && (
        <ul className={styles.grid} role="list" data-count={view.items.length}>
          {view.items.map((item) => (
            <li key={item.id}>
              {item.state === 'ready' ? (
                <CompareCard detail={item.detail} />
              ) : (
                <div className={`${styles.card} ${styles.failed}`} role="alert">
                  <p>{item.state === 'not-found' ? 'Series not found' : LOAD_FAILED_MESSAGE}</p>
                  {item.state === 'error' && (
                    <button type="button" className="button" onClick={() => retry(item.id)}>
                      Try again
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
