import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { VoteVoidResult } from '../../../contract/vote-review';
import { VOTE_REVIEW_TEXTS as TEXTS, voidedMessage } from '../../../contract/vote-review-values';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import { useHydrated } from '../../ui/use-hydrated';
import { $session, LOGIN_PATH } from '../accounts/session-store';
import { isAdmin } from '../accounts/stored-session';
import AnomalyList from './AnomalyList';
import VoidLog from './VoidLog';
import styles from './VoteReview.module.css';

export const VOTE_REVIEW_PATH = '/admin/votes';

/**
 * /admin/votes: the series with unusual voting, with the accounts to void, and the "Voided votes" log.
 * Admins only: visitors are asked to sign in and other users told it is not for them (the API checks the
 * role again on every call). Nothing is rendered into the build: the page is live.
 */
export default function VoteReviewPage() {
  const hydrated = useHydrated();
  const session = useStore($session, { ssr: 'initial' });
  const [notice, show] = useNotice();
  /** Bumped by every void, so the log starts again from its newest entries. */
  const [generation, setGeneration] = useState(0);

  if (!hydrated) {
    return (
      <p className={styles.muted} role="status">
        {TEXTS.loading}
      </p>
    );
  }
  if (!session.user) {
    return (
      <p className={styles.gate} data-gate="sign-in">
        {TEXTS.signIn}{' '}
        <a href={`${LOGIN_PATH}?next=${encodeURIComponent(VOTE_REVIEW_PATH)}`}>{TEXTS.signInLink}</a>
      </p>
    );
  }
  if (!isAdmin(session.user)) {
    return (
      <p className={styles.gate} data-gate="not-allowed">
        {TEXTS.notAllowed}
      </p>
    );
  }

  const userId = session.user.id;
  function voided(result: VoteVoidResult) {
    show(voidedMessage(result.voided_votes, result.series_ids.length), 'success');
    setGeneration((current) => current + 1);
  }

  return (
    <div className={styles.page}>
      <FormNotice notice={notice} />
      <AnomalyList userId={userId} onVoided={voided} />
      <VoidLog query={`${userId}-${generation}`} />
    </div>
  );
}
