import { useCallback, useState } from 'react';
import styles from './FormNotice.module.css';

export interface Notice {
  text: string;
  tone: 'error' | 'success' | 'info';
  /** Changes with every notice, so the same text shown twice is announced twice. */
  id: number;
  /** Announced but not shown: the text is already visible next to its field. */
  announceOnly: boolean;
}

let nextNoticeId = 1;

/** A form's one message and its setter; `show('')` clears it. */
export function useNotice(): [
  Notice | null,
  (text: string, tone?: Notice['tone'], options?: { announceOnly?: boolean }) => void,
] {
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = useCallback(
    (text: string, tone: Notice['tone'] = 'error', options: { announceOnly?: boolean } = {}) => {
      setNotice(
        text ? { text, tone, id: nextNoticeId++, announceOnly: options.announceOnly ?? false } : null,
      );
    },
    [],
  );
  return [notice, show];
}

/**
 * The form-level message. Both live regions are always in the page (screen readers announce changes to a
 * region they already know more reliably than a region that appears); errors go to the alert, other
 * outcomes to the status. A new element per notice makes a repeated message announced again. `errorId`
 * names the error, so the fields it is about can point at it (TextField's `messageId`).
 */
export function FormNotice({ notice, errorId }: { notice: Notice | null; errorId?: string }) {
  const error = notice?.tone === 'error' ? notice : null;
  const other = notice && notice.tone !== 'error' ? notice : null;
  return (
    <>
      <div className={styles.noticeSlot} role="alert">
        {error && (
          <p
            key={error.id}
            id={errorId}
            className={error.announceOnly ? 'visually-hidden' : `${styles.notice} ${styles.error}`}
            data-notice="error"
          >
            {error.text}
          </p>
        )}
      </div>
      <div className={styles.noticeSlot} role="status">
        {other && (
          <p key={other.id} className={`${styles.notice} ${styles[other.tone]}`} data-notice={other.tone}>
            {other.text}
          </p>
        )}
      </div>
    </>
  );
}
