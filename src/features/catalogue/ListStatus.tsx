import type { ListPhase } from './ranking-list-flow';
import {
  END_OF_LIST_MESSAGE,
  LOAD_FAILED_MESSAGE,
  SKELETON_COUNT,
  emptyListMessage,
} from './ranking-list-state';
import { SeriesCardSkeleton } from './SeriesCard';
import styles from './RankingList.module.css';

export interface ListStatusProps {
  phase: ListPhase;
  /** The list's type, named by the empty state. */
  type: string;
  /** No series to show. */
  empty: boolean;
  /** A genre is chosen: the empty state offers to clear it. */
  filtered: boolean;
  /** The ranked list has no more pages. */
  ended: boolean;
  onRetry: () => void;
  onClearGenre: () => void;
}

/** Under the cards: placeholders while a page loads, the error with "Try again", the empty state, the end. */
export default function ListStatus({
  phase,
  type,
  empty,
  filtered,
  ended,
  onRetry,
  onClearGenre,
}: ListStatusProps) {
  return (
    <>
      {phase === 'loading' && (
        <div className={styles.grid} data-testid="series-skeleton">
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <SeriesCardSkeleton key={index} withListToggle />
          ))}
        </div>
      )}

      {phase === 'error' && (
        <div className={styles.message} role="alert">
          <p>{LOAD_FAILED_MESSAGE}</p>
          <button type="button" className={styles.secondaryButton} onClick={onRetry} data-retry>
            Try again
          </button>
        </div>
      )}

      {phase === 'idle' && empty && (
        <div className={styles.message}>
          <p>{emptyListMessage(type)}</p>
          {filtered && (
            <button type="button" className={styles.secondaryButton} onClick={onClearGenre}>
              Clear genre filter
            </button>
          )}
        </div>
      )}

      {ended && phase === 'idle' && !empty && <p className={styles.end}>{END_OF_LIST_MESSAGE}</p>}
    </>
  );
}
