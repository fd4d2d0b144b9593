import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { useEffect, useMemo, useRef, useState } from 'react';
import { rankedSeriesFields } from '../catalogue/ranked-series-fields';
import { errorStatus } from '../../lib/api-client';
import { $session } from '../accounts/session-store';
import type { RankedSeries, SeriesDetail } from '../catalogue/catalogue-types';
import { CARD_COVER_HEIGHT, CARD_COVER_WIDTH, coverSources } from '../catalogue/cover-image';
import { LOAD_FAILED_MESSAGE } from '../catalogue/catalogue-messages';
import {
  formatOneDecimal,
  formatVotes,
  rankDescription,
  rankLabel,
  scoreBand,
} from '../catalogue/series-format';
import { CATEGORY_LABELS } from '../../../contract/catalogue-values';
import { categoryScores, formatCategoryScore } from '../series/series-categories';
import { seriesDetailStore } from '../series/series-detail-query';
import { MIN_COMPARE, compareHref, parseCompareIds } from './compare-selection';
import { $compareKnown, $compareSelection } from './compare-store';
import { useHydrated } from '../../ui/use-hydrated';
import styles from './ComparePage.module.css';

type CompareItem =
  | { id: number; state: 'ready'; detail: SeriesDetail }
  | { id: number; state: 'not-found' | 'error' }
  /** Asked for (again, after a failure): not known yet. */
  | { id: number; state: 'loading' };

/** The ids to compare: `?ids=` when the address has them (a shared link), else the session's selection. */
function idsToCompare(): number[] {
  const fromAddress = idsInAddress();
  return fromAddress.length ? fromAddress : $compareSelection.get();
}

function idsInAddress(): number[] {
  return parseCompareIds(new URL(window.location.href).searchParams.get('ids') ?? '');
}

/** While the details load: what the lists knew of each series to compare (undefined: a placeholder). */
function previewsToShow(): (RankedSeries | undefined)[] {
  const address = idsInAddress();
  const ids = address.length ? address : $compareSelection.get();
  const known = $compareKnown.get();
  return ids.length ? ids.map((id) => known[id]) : PLACEHOLDERS;
}

const PLACEHOLDERS: undefined[] = Array<undefined>(MIN_COMPARE).fill(undefined);

/** Where each series stands: every detail is read in parallel, from the cache the series pages share. */
function useCompareItems(ids: number[] | null): CompareItem[] | null {
  const { user } = useStore($session, { ssr: 'initial' });
  const $items = useMemo(() => {
    if (ids === null) return null;
    const stores = ids.map((id) => seriesDetailStore(id, user));
    return computed(stores, (...values) =>
      values.map(({ data, error }, index): CompareItem => {
        const id = ids[index]!;
        if (data) return { id, state: 'ready', detail: data };
        if (error !== undefined) return { id, state: errorStatus(error) === 404 ? 'not-found' : 'error' };
        return { id, state: 'loading' };
      }),
    );
  }, [ids, user]);
  return useStore($items ?? NO_ITEMS);
}

const NO_ITEMS = computed([], () => null);

interface CompareCardProps {
  /** The list entry: all the card's top half needs. */
  series: RankedSeries;
  /** The live detail with the category scores; absent while it loads (those rows are placeholders). */
  detail?: SeriesDetail;
  /** The first card: its cover is the page's largest image, fetched first. */
  priority: boolean;
}

function CompareCard({ series, detail, priority }: CompareCardProps) {
  const cover = coverSources(series.cover_url, series.cover_variants);
  const hasVotes = series.vote_count > 0;
  return (
    <article
      className={styles.card}
      aria-labelledby={`compare-title-${series.id}`}
      aria-busy={detail ? undefined : true}
    >
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
            fetchPriority={priority ? 'high' : undefined}
          />
        ) : (
          <div className={styles.noCover} aria-hidden="true">
            No cover
          </div>
        )}
        <span className={styles.rank}>
          <span aria-hidden="true">{rankLabel(series.rank)}</span>
          <span className="visually-hidden">{rankDescription(series.rank)}</span>
        </span>
      </div>
      <div className={styles.body}>
        <h2 className={styles.title} id={`compare-title-${series.id}`}>
          <a href={`/series/${series.id}`}>{series.title}</a>
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>Genre</dt>
            <dd>{series.genre || '–'}</dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd>{series.type}</dd>
          </div>
          <div>
            <dt>Score</dt>
            <dd>
              <span className={styles.score} data-band={hasVotes ? scoreBand(series.final_score) : 'none'}>
                {hasVotes ? formatOneDecimal(series.final_score) : '-'}
              </span>
              /10
            </dd>
          </div>
          <div>
            <dt>Votes</dt>
            <dd>{formatVotes(series.vote_count)}</dd>
          </div>
        </dl>
        <h3 className={styles.categoriesHeading}>Category scores</h3>
        <dl className={styles.categories}>
          {detail
            ? categoryScores(detail).map((category) => (
                <div key={category.label}>
                  <dt>{category.label}</dt>
                  <dd>
                    <strong>{formatCategoryScore(category.average)}</strong>{' '}
                    <span className={styles.categoryVotes}>({formatVotes(category.voteCount)})</span>
                  </dd>
                </div>
              ))
            : CATEGORY_LABELS.map((label) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd className={styles.pending} aria-hidden="true" />
                </div>
              ))}
        </dl>
      </div>
    </article>
  );
}

/** The compare page's cards, loaded from the live API. */
export default function ComparePage() {
  // Server-rendered and hydrating render: two placeholders (the ids are only known in the browser); then
  // what the lists knew, at once, until the live details replace it.
  const hydrated = useHydrated();
  const ids = useMemo(() => (hydrated ? idsToCompare() : null), [hydrated]);
  const items = useCompareItems(ids);
  // The cards replace the previews once every detail has answered; a card tried again later keeps its place.
  const [shown, setShown] = useState(false);
  if (!shown && items !== null && items.every((item) => item.state !== 'loading')) setShown(true);
  const focusTitleOf = useRef<number | null>(null);
  useEffect(() => {
    const id = focusTitleOf.current;
    const item = items?.find((entry) => entry.id === id);
    if (id === null || item?.state === 'loading') return;
    focusTitleOf.current = null;
    if (item?.state === 'ready') document.querySelector<HTMLElement>(`#compare-title-${id} a`)?.focus();
  });

  // The session's selection goes into the address, so the page can be shared or reloaded.
  useEffect(() => {
    if (ids?.length && !idsInAddress().length)
      window.history.replaceState(window.history.state, '', compareHref(ids));
  }, [ids]);

  if (!shown || items === null) {
    const previews = hydrated ? previewsToShow() : PLACEHOLDERS;
    // The same shape as the loaded view (status, hint slot, list), so the cards shown from the lists'
    // data stay in place, covers included, when the details arrive.
    return (
      <>
        <p className="visually-hidden" role="status">
          Loading series…
        </p>
        {null}
        <ul className={styles.grid} role="list" aria-busy="true" data-count={previews.length}>
          {previews.map((preview, index) => (
            <li key={preview?.id ?? `pending-${index}`}>
              {preview ? (
                <CompareCard series={preview} priority={index === 0} />
              ) : (
                <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
                  <div className={styles.coverFrame} />
                  <div className={styles.body} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </>
    );
  }

  /** A series whose load failed (not a missing one) is asked for again; the others stay as they are. */
  function retry(id: number) {
    // The button goes with the error: its focus moves to the series' title once the card is there.
    focusTitleOf.current = id;
    seriesDetailStore(id, $session.get().user).invalidate();
  }

  return (
    <>
      <p className="visually-hidden" role="status">
        {items.length ? `Comparing ${items.length} series.` : ''}
      </p>
      {items.length < MIN_COMPARE && (
        <p className={styles.hint}>
          Select at least {MIN_COMPARE} series to compare: use the Compare buttons on the rankings.
        </p>
      )}
      {items.length > 0 && (
        <ul className={styles.grid} role="list" data-count={items.length}>
          {items.map((item, index) => (
            <li key={item.id}>
              {item.state === 'ready' ? (
                <CompareCard
                  series={{ id: item.detail.series_id, ...rankedSeriesFields(item.detail) }}
                  detail={item.detail}
                  priority={index === 0}
                />
              ) : (
                <div className={`${styles.card} ${styles.failed}`} role="alert">
                  <p>{item.state === 'not-found' ? 'Series not found' : LOAD_FAILED_MESSAGE}</p>
                  {/* A card being tried again stays as it was, button included, until the answer. */}
                  {item.state !== 'not-found' && (
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
