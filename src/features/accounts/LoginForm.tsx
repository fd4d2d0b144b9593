import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { failedCall, login } from './auth-api';
import { LOGIN_MESSAGES, loginFailure } from './auth-messages';
import Captcha, { type CaptchaHandle } from './Captcha';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import GoogleSignIn from './GoogleSignIn';
import ResendVerificationForm from './ResendVerificationForm';
import { $session } from './session-store';
import { completeSignIn, nextPathFromLocation } from './sign-in-flow';
import TextField from '../../ui/TextField';
import HydratingForm from '../../ui/HydratingForm';
import styles from './AuthForm.module.css';

const NOTICE_ID = 'login-notice';

/**
 * The login screen: username, password, captcha and Google sign-in. A 403 "Email not verified" reveals the
 * resend-verification panel; the captcha is reset after every failure (its token is single-use).
 */
export default function LoginForm() {
  /** What the resend panel starts with: the username of the attempt that was refused as unverified. */
  const [unverifiedLogin, setUnverifiedLogin] = useState('');
  const [missing, setMissing] = useState({ username: false, password: false });
  const [busy, setBusy] = useState(false);
  const [showResend, setShowResend] = useState(false);
  const [notice, showNotice] = useNotice();
  const captcha = useRef<CaptchaHandle>(null);
  const captchaToken = useRef<string | null>(null);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Already signed in (another tab, or the back button after logging in): nothing to do here.
    if ($session.get().user) window.location.replace(nextPathFromLocation());
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '');
    const password = String(data.get('password') ?? '');
    const nowMissing = { username: !username.trim(), password: !password.trim() };
    setMissing(nowMissing);
    if (nowMissing.username || nowMissing.password) {
      showNotice(LOGIN_MESSAGES.required);
      (nowMissing.username ? usernameInput : passwordInput).current?.focus();
      return;
    }
    if (captchaToken.current === null) {
      showNotice(LOGIN_MESSAGES.captchaRequired);
      return;
    }

    setBusy(true);
    showNotice('');
    try {
      const response = await login({
        username: username.trim(),
        password,
        captcha_token: captchaToken.current || undefined,
      });
      // Stays busy: the page is about to change.
      completeSignIn(response);
    } catch (error) {
      const failure = loginFailure(failedCall(error));
      showNotice(failure.message);
      if (failure.showResend) {
        setUnverifiedLogin(username.trim());
        setShowResend(true);
      }
      captcha.current?.reset();
      setBusy(false);
    }
  }

  return (
    <div className={styles.stack}>
      <HydratingForm className={styles.form} onSubmit={submit} busy={busy}>
        <TextField
          id="login-username"
          name="username"
          label="Username"
          autoComplete="username"
          invalid={missing.username}
          messageId={NOTICE_ID}
          inputRef={usernameInput}
        />
        <TextField
          id="login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          invalid={missing.password}
          messageId={NOTICE_ID}
          inputRef={passwordInput}
        />
        <Captcha ref={captcha} onTokenChange={(token) => (captchaToken.current = token)} />
        <FormNotice notice={notice} errorId={NOTICE_ID} />
        <button
          className={`button button-primary ${styles.submit}`}
          type="submit"
          aria-disabled={busy || undefined}
        >
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </HydratingForm>

      <GoogleSignIn purpose="signin" />

      {showResend && (
        <section className={styles.panel} aria-labelledby="resend-heading">
          <h2 id="resend-heading" className={styles.panelHeading}>
            Resend verification email
          </h2>
          <p className={styles.panelText}>
            Didn&apos;t get the link, or did it expire? We can send a new one.
          </p>
          <ResendVerificationForm
            idPrefix="login-resend"
            accepts="email-or-username"
            initialValue={unverifiedLogin}
          />
        </section>
      )}
    </div>
  );
}
