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

/** The placeholders of a page loading; also pre-rendered for the pages' scroll script (RankingPage.astro). */
export function ListSkeleton() {
  return (
    <div className={styles.grid} data-testid="series-skeleton">
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <SeriesCardSkeleton key={index} withListToggle />
      ))}
    </div>
  );
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
      {phase === 'loading' && <ListSkeleton />}

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

      {/* scroll-pages.ts makes the same element when it reaches the end before React hydrates. */}
      {ended && phase === 'idle' && !empty && <p className={styles.end}>{END_OF_LIST_MESSAGE}</p>}
    </>
  );
}
