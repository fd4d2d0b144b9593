import { useEffect, useRef, useState } from 'react';
import type { VoteAnomaly, VoteVoidResult } from '../../../contract/vote-review';
import { VOTE_REVIEW_TEXTS as TEXTS } from '../../../contract/vote-review-values';
import { errorStatus } from '../../lib/api-client';
import { useQuery } from '../../lib/use-query';
import AnomalyCard from './AnomalyCard';
import VoidDialog from './VoidDialog';
import { clearSeries, type Selection } from './vote-review-state';
import { anomaliesStore } from './vote-review-queries';
import styles from './VoteReview.module.css';

interface AnomalyListProps {
  userId: number;
  onVoided: (result: VoteVoidResult) => void;
}

/**
 * The series with unusual voting, each with its new accounts to choose; "Void votes" opens the dialog for
 * the accounts chosen on that series. While a refreshed list is on its way the current one stays.
 */
export default function AnomalyList({ userId, onVoided }: AnomalyListProps) {
  const query = useQuery(anomaliesStore(userId));
  const [selection, setSelection] = useState<Selection>({});
  const [voiding, setVoiding] = useState<{ anomaly: VoteAnomaly; userIds: number[] } | null>(null);
  const anomalies = query.data;
  const heading = useRef<HTMLHeadingElement>(null);
  /** After a void the voided card goes (once the list is read again) and takes the focus with it. */
  const refocus = useRef(false);

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, [anomalies]);

  let body;
  if (anomalies === undefined && query.error === undefined) {
    body = (
      <div className={styles.skeleton} aria-busy="true">
        <span className="visually-hidden">{TEXTS.loading}</span>
      </div>
    );
  } else if (anomalies === undefined) {
    body = (
      <p className={styles.error} role="alert">
        {errorStatus(query.error) === 403 ? TEXTS.notAllowed : TEXTS.loadFailed}{' '}
        <button type="button" className="button" onClick={query.retry}>
          {TEXTS.tryAgain}
        </button>
      </p>
    );
  } else if (anomalies.length === 0) {
    body = (
      <div className={styles.empty} data-state="empty">
        <p className={styles.emptyTitle}>{TEXTS.empty}</p>
        <p className={styles.muted}>{TEXTS.emptyDetail}</p>
      </div>
    );
  } else {
    body = (
      <ul className={styles.cards} role="list">
        {anomalies.map((anomaly) => (
          <li key={anomaly.series_id}>
            <AnomalyCard
              anomaly={anomaly}
              selection={selection}
              onSelect={setSelection}
              onVoid={(userIds) => setVoiding({ anomaly, userIds })}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="anomalies-title" aria-busy={query.loading}>
      <h2 id="anomalies-title" className={styles.sectionTitle} ref={heading} tabIndex={-1}>
        Series with unusual voting
        {anomalies && anomalies.length > 0 ? (
          <span className={styles.count}> ({anomalies.length})</span>
        ) : null}
      </h2>
      {body}
      {voiding ? (
        <VoidDialog
          anomaly={voiding.anomaly}
          userIds={voiding.userIds}
          onClose={() => setVoiding(null)}
          onVoided={(result) => {
            setSelection((current) => clearSeries(current, voiding.anomaly.series_id));
            setVoiding(null);
            refocus.current = true;
            onVoided(result);
          }}
        />
      ) : null}
    </section>
  );
}
