import { useSyncExternalStore } from 'react';
import { useQuery } from '../../lib/use-query';
import { VERIFY_MESSAGES, verifyFailureMessage } from './auth-messages';
import { verificationStore, type VerifyOutcome } from './auth-queries';
import { LOGIN_PATH } from './session-store';
import ResendVerificationForm from './ResendVerificationForm';
import { useCountdownRedirect } from './use-countdown-redirect';
import noticeStyles from '../../ui/FormNotice.module.css';
import styles from './AuthForm.module.css';

/** After a successful verification, /login follows after 3 seconds. */
export const VERIFIED_REDIRECT_SECONDS = 3;

const subscribeToNothing = () => () => {};

/** The `token` of the address: null while unknown (build-time markup, hydration), '' when absent. */
function useTokenParam(): string | null {
  return useSyncExternalStore(
    subscribeToNothing,
    () => new URLSearchParams(window.location.search).get('token')?.trim() ?? '',
    () => null,
  );
}

/** /verify-email: verifying, then success (to /login after 3 s) or the error, with a resend form when expired. */
export default function VerifyEmail() {
  const token = useTokenParam();
  const outcome = useQuery(token ? verificationStore(token) : null);
  const result: VerifyOutcome | null =
    token === '' ? { kind: 'failed', failure: 'missing' } : (outcome.data ?? null);
  const secondsLeft = useCountdownRedirect(
    result?.kind === 'verified' ? VERIFIED_REDIRECT_SECONDS : null,
    LOGIN_PATH,
  );

  if (!result) {
    return (
      <p className={styles.pending} role="status" aria-busy="true">
        {VERIFY_MESSAGES.verifying}
      </p>
    );
  }

  if (result.kind === 'verified') {
    return (
      <div className={styles.stack} data-verify-state="verified">
        <p className={`${noticeStyles.notice} ${noticeStyles.success}`} role="status">
          {result.message || VERIFY_MESSAGES.success}
        </p>
        <p>
          Taking you to the login page in {secondsLeft ?? VERIFIED_REDIRECT_SECONDS}&nbsp;s.{' '}
          <a href={LOGIN_PATH}>Log in now</a>
        </p>
      </div>
    );
  }

  return (
    <div className={styles.stack} data-verify-state={result.failure}>
      <p className={`${noticeStyles.notice} ${noticeStyles.error}`} role="alert">
        {verifyFailureMessage(result.failure)}
      </p>
      {result.failure === 'expired' ? (
        <section className={styles.panel} aria-labelledby="verify-resend-heading">
          <h2 id="verify-resend-heading" className={styles.panelHeading}>
            Get a new link
          </h2>
          <ResendVerificationForm idPrefix="verify-resend" accepts="email" />
        </section>
      ) : (
        <p className={styles.actions}>
          {result.failure === 'unreachable' && (
            <button type="button" className="button" onClick={() => window.location.reload()}>
              Try again
            </button>
          )}
          <a href={LOGIN_PATH}>Go to the login page</a>
        </p>
      )}
    </div>
  );
}
