import { LIST_TEXT } from '../../../../contract/reading-lists-values';
import { TRACK_TEXT } from '../../../../contract/reading-progress-values';
import styles from './TrackPanel.module.css';

/** While the reader's lists load: the size of "Not in your lists yet." and its button. */
export function TrackLoading() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <p role="status">{TRACK_TEXT.loading}</p>
      <span className={styles.bar} />
    </div>
  );
}

/** The reader's lists could not be read: said, with "Try again". */
export function TrackLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.failure} role="alert">
      <p>{TRACK_TEXT.loadFailed}</p>
      <button type="button" className="button" onClick={onRetry}>
        {LIST_TEXT.tryAgain}
      </button>
    </div>
  );
}
