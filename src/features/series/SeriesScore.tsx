import { useId, useState } from 'react';
import type { SeriesDetail } from '../catalogue/catalogue-types';
import { finalScoreShown } from './series-values';
import styles from './SeriesDetailView.module.css';

export const RATING_TOOLTIP = 'Weighted: few votes count less until more readers vote.';

/**
 * "i" button whose tooltip shows on hover, on keyboard focus and on a tap, and is its description (screen
 * readers read it with the button); Escape hides it. On a pre-rendered series page React does not run:
 * rating-info.ts gives the same markup the same behaviour (`data-rating-info`).
 */
function RatingInfo() {
  const tooltipId = useId();
  const [pinned, setPinned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  return (
    <span
      className={styles.info}
      data-rating-info
      data-pinned={pinned}
      data-dismissed={dismissed}
      onMouseLeave={() => setDismissed(false)}
    >
      <button
        type="button"
        className={styles.infoButton}
        aria-describedby={tooltipId}
        aria-expanded={pinned}
        onClick={() => {
          setPinned(!pinned);
          setDismissed(false);
        }}
        onBlur={() => {
          setPinned(false);
          setDismissed(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setPinned(false);
            setDismissed(true);
          }
        }}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M10 9v5M10 6.2v.1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">About this rating</span>
      </button>
      <span className={styles.tooltip} role="tooltip" id={tooltipId}>
        {RATING_TOOLTIP}
      </span>
    </span>
  );
}

export interface SeriesScoreProps {
  detail: Pick<SeriesDetail, 'final_score' | 'mean_score' | 'vote_count'>;
  /** True while live scores are being fetched over build-time ones. */
  refreshing: boolean;
}

/**
 * The series page's score block: the final score the ranking orders by (weighted toward the catalogue's
 * means) and, under it, the plain mean of the votes and how many readers voted; a dash without votes.
 * `data-live` marks what the pre-rendered page's script rewrites with the live figures (live-series-dom.ts).
 */
export default function SeriesScore({ detail, refreshing }: SeriesScoreProps) {
  const shown = finalScoreShown(detail);
  return (
    <div className={styles.rating} aria-busy={refreshing} data-live="rating">
      <p className={styles.average}>
        <span className="visually-hidden">Final score: </span>
        <span className={styles.score} data-band={shown.band} data-live="final-score">
          {shown.text}
        </span>
        <span className={styles.outOf}>/10</span>
      </p>
      <RatingInfo />
      <p className={styles.voteCount} data-live="voters">
        {shown.line}
      </p>
      <a className={styles.methodLink} href="/how-rankings-work">
        How rankings work
      </a>
    </div>
  );
}
