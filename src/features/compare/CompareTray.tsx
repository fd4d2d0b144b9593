import { useStore } from '@nanostores/react';
import { MIN_COMPARE } from './compare-selection';
import { $compareNotice, $compareSelection } from './compare-store';
import styles from './CompareTray.module.css';

/**
 * The floating "Compare N Series" link (from 2 selections) and the limit warning. The warning's live
 * region is always in the page so screen readers announce it when its text appears.
 */
export default function CompareTray() {
  const selection = useStore($compareSelection, { ssr: 'initial' });
  const notice = useStore($compareNotice, { ssr: 'initial' });
  return (
    <div className={styles.tray}>
      <p className={notice ? styles.notice : 'visually-hidden'} role="status" aria-live="polite">
        {notice}
      </p>
      {selection.length >= MIN_COMPARE && (
        // The selection travels in the session, not the address (spec); the compare page reads it.
        <a className={styles.compareLink} href="/compare">
          Compare {selection.length} Series
        </a>
      )}
    </div>
  );
}
