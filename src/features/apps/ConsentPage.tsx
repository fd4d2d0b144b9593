import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { APPS_TEXT } from '../../../contract/apps-values';
import { useQuery } from '../../lib/use-query';
import { useHydrated } from '../../ui/use-hydrated';
import { $session, clearSession, LOGIN_PATH } from '../accounts/session-store';
import { authorizeCheckKey, authorizeCheckStore, decideAuthorization } from './apps.queries';
import {
  authorizeRequestOf,
  consentErrorOf,
  consentViewOf,
  redirectHostOf,
  scopeWords,
  type ConsentView,
} from './apps-state';
import { CONSENT_TEXT as TEXT } from './apps-texts';
import styles from './ConsentPage.module.css';

/** The login page, coming back to this very consent address (its query is the app's request). */
function loginHere(): string {
  const { pathname, search } = window.location;
  return `${LOGIN_PATH}?next=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * /oauth/authorize: an app asks the signed-in reader for access. The API checks the request first: a valid
 * one shows "{app} wants to:" with the scopes in words, who is signed in, and Allow / Deny; an error the
 * app must hear sends the browser back to it; an unknown app or redirect URI is shown here and never
 * followed. Visitors log in first and come back to the same address.
 */
export default function ConsentPage() {
  const hydrated = useHydrated();
  const session = useStore($session, { ssr: 'initial' });
  const user = session.user;
  const search = hydrated ? window.location.search : '';
  const check = useQuery(hydrated && user ? authorizeCheckStore(authorizeCheckKey(user.id, search)) : null);
  const [answer, setAnswer] = useState<ConsentView | null>(null);
  const [busy, setBusy] = useState(false);
  /** A decision that could not be sent: said above the buttons, which stay for another try. */
  const [failure, setFailure] = useState<string | null>(null);

  const view: ConsentView | null =
    answer ??
    (check.data !== undefined
      ? consentViewOf(check.data, TEXT.invalid)
      : check.error !== undefined
        ? consentErrorOf(check.error, TEXT)
        : null);

  useEffect(() => {
    if (hydrated && !user) window.location.assign(loginHere());
  }, [hydrated, user]);

  const redirectTo = view?.kind === 'redirect' ? view.to : null;
  useEffect(() => {
    if (redirectTo !== null) window.location.assign(redirectTo);
  }, [redirectTo]);

  async function decide(decision: 'allow' | 'deny') {
    setBusy(true);
    setFailure(null);
    try {
      const answered = await decideAuthorization(authorizeRequestOf(search), decision);
      setAnswer(consentViewOf(answered, TEXT.invalid));
    } catch (error) {
      const problem = consentErrorOf(error, TEXT);
      if (problem.kind === 'error') setAnswer(problem);
      else setFailure(problem.message);
      setBusy(false);
    }
  }

  if (!hydrated || !user || view === null) {
    return (
      <p className={styles.muted} role="status">
        {TEXT.checking}
      </p>
    );
  }
  if (view.kind === 'redirect') {
    return (
      <p className={styles.muted} role="status">
        {TEXT.sending}
      </p>
    );
  }
  if (view.kind === 'failed') {
    return (
      <div className={styles.problem} role="alert" data-consent-error>
        <p>{view.message}</p>
        <button type="button" className={`button ${styles.retry}`} onClick={check.retry}>
          {TEXT.tryAgain}
        </button>
      </div>
    );
  }
  if (view.kind === 'error') {
    return (
      <div className={styles.problem} role="alert" data-consent-error>
        <h2 className={styles.problemTitle}>{TEXT.invalid}</h2>
        <p>{view.message}</p>
        <p className={styles.muted}>{TEXT.invalidHelp}</p>
      </div>
    );
  }
  return (
    <div className={styles.consent} aria-busy={busy} data-consent>
      <h2 className={styles.ask} id="consent-ask">
        <strong>{view.appName}</strong> wants to:
      </h2>
      <ul className={styles.scopes} aria-labelledby="consent-ask">
        {scopeWords(view.scopes).map((words) => (
          <li key={words}>{words}</li>
        ))}
      </ul>
      <p className={styles.muted}>
        {TEXT.redirectsTo} <strong className={styles.host}>{redirectHostOf(view.redirectUri)}</strong>.
      </p>
      <p className={styles.who}>
        {TEXT.signedInAs} <strong data-consent-user>{user.username}</strong>.{' '}
        <button
          type="button"
          className={styles.switch}
          onClick={() => {
            clearSession();
            window.location.assign(loginHere());
          }}
        >
          {TEXT.switchAccount}
        </button>
      </p>
      <p role="alert" className={styles.failure}>
        {failure}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button" disabled={busy} onClick={() => decide('deny')}>
          {APPS_TEXT.deny}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => decide('allow')}
        >
          {APPS_TEXT.allow}
        </button>
      </div>
    </div>
  );
}
