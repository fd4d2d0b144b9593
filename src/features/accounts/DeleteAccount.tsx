import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { DELETE_ACCOUNT_TEXTS as TEXTS } from '../../../contract/accounts-values';
import { errorDetail, errorStatus } from '../../lib/api-client';
import { useQuery } from '../../lib/use-query';
import Dialog from '../../ui/Dialog';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import TextField from '../../ui/TextField';
import { useHydrated } from '../../ui/use-hydrated';
import { deleteMyAccount } from './auth-api';
import { meStore } from './auth-queries';
import { $session, clearSession, LOGIN_PATH } from './session-store';
import styles from './DeleteAccount.module.css';

/**
 * The account page: who is signed in, and "Delete my account" behind a clear warning and a confirmation
 * dialog that asks for the password (accounts made by Google sign-in have none to give). After the
 * deletion the session is cleared and the visitor lands on the home page.
 */
export default function DeleteAccount() {
  const hydrated = useHydrated();
  const session = useStore($session, { ssr: 'initial' });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [notice, showNotice] = useNotice();
  const password = useRef<HTMLInputElement>(null);
  /** Set before the session is cleared, so the signed-out redirect below does not fire after a deletion. */
  const deletedRef = useRef(false);
  const token = session.token;
  const account = useQuery(hydrated && token && !deleted ? meStore(token) : null);
  const me = account.data ?? null;
  const refused = errorStatus(account.error) === 401;

  useEffect(() => {
    // After the deletion the session is cleared on purpose: that is no reason to ask for a login.
    if (!hydrated || deletedRef.current) return;
    if (!token) window.location.assign(`${LOGIN_PATH}?next=${encodeURIComponent('/account')}`);
    else if (refused) window.location.assign(LOGIN_PATH);
  }, [hydrated, token, refused]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    const typed = String(new FormData(event.currentTarget).get('password') ?? '');
    const needsPassword = me?.has_password !== false;
    if (needsPassword && !typed) {
      showNotice(TEXTS.passwordHint);
      password.current?.focus();
      return;
    }
    setBusy(true);
    showNotice('');
    try {
      await deleteMyAccount(token, needsPassword ? typed : undefined);
      deletedRef.current = true;
      setDeleted(true);
      clearSession();
      window.setTimeout(() => window.location.assign('/'), 1500);
    } catch (error) {
      showNotice(errorDetail(error, 'The account could not be deleted. Please try again.'));
      password.current?.select();
      setBusy(false);
    }
  }

  if (deleted) {
    return (
      <p role="status" className={styles.warning}>
        {TEXTS.deleted}
      </p>
    );
  }

  return (
    <section className={styles.zone} aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading" className={styles.heading}>
        {TEXTS.action}
      </h2>
      {me && (
        <p className={styles.details}>
          Signed in as <strong>{me.username}</strong> ({me.email})
        </p>
      )}
      <p className={styles.warning}>{TEXTS.warning}</p>
      <button
        type="button"
        className={`button ${styles.danger}`}
        disabled={!hydrated || !me}
        onClick={() => {
          showNotice('');
          setOpen(true);
        }}
      >
        {TEXTS.action}
      </button>
      {open && (
        <Dialog title={`${TEXTS.action}?`} onClose={() => !busy && setOpen(false)}>
          <form className={styles.form} noValidate onSubmit={submit} aria-busy={busy}>
            <p className={styles.warning}>{TEXTS.warning}</p>
            {me?.has_password !== false && (
              <TextField
                id="delete-account-password"
                name="password"
                type="password"
                label={TEXTS.passwordLabel}
                hint={TEXTS.passwordHint}
                autoComplete="current-password"
                messageId="delete-account-notice"
                invalid={notice?.tone === 'error'}
                inputRef={password}
                autoFocus
              />
            )}
            <FormNotice notice={notice} errorId="delete-account-notice" />
            <div className={styles.actions}>
              <button type="button" className="button" disabled={busy} onClick={() => setOpen(false)}>
                {TEXTS.cancel}
              </button>
              <button type="submit" className={`button ${styles.confirm}`} disabled={busy}>
                {busy ? 'Deleting…' : TEXTS.confirm}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </section>
  );
}
