import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { failedSignupCall, signup } from './auth-api';
import {
  MIN_PASSWORD_LENGTH,
  SIGNUP_MESSAGES,
  normalizeSignup,
  signupFailure,
  signupInputProblem,
  type SignupField,
  type SignupFailure,
} from './auth-messages';
import Captcha, { type CaptchaHandle } from './Captcha';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import GoogleSignIn from './GoogleSignIn';
import { $session } from './session-store';
import { nextPathFromLocation } from './sign-in-flow';
import TextField from '../../ui/TextField';
import HydratingForm from '../../ui/HydratingForm';
import styles from './AuthForm.module.css';

export const CHECK_YOUR_EMAIL_PATH = '/check-your-email';
const NOTICE_ID = 'signup-notice';
/** Long enough to read and hear the success message before the page changes. */
const SUCCESS_REDIRECT_MS = 1500;

/**
 * The signup screen: username, email, password, captcha and Google sign-in. Fields are trimmed and the
 * email lowercased before sending; on success the user is sent to /check-your-email.
 */
export default function SignupForm() {
  const [failure, setFailure] = useState<SignupFailure | null>(null);
  const [missing, setMissing] = useState<Record<SignupField, boolean>>({
    username: false,
    email: false,
    password: false,
  });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [notice, showNotice] = useNotice();
  const captcha = useRef<CaptchaHandle>(null);
  const captchaToken = useRef<string | null>(null);
  const usernameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  function focusField(field: SignupField) {
    const input = { username: usernameInput, email: emailInput, password: passwordInput }[field];
    input.current?.focus();
  }

  useEffect(() => {
    if ($session.get().user) window.location.replace(nextPathFromLocation());
  }, []);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => window.location.assign(CHECK_YOUR_EMAIL_PATH), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done]);

  /** A message about one field is shown next to it (and only announced by the form); others are the form's. */
  function fail(next: SignupFailure) {
    setFailure(next);
    showNotice(next.message, 'error', { announceOnly: Boolean(next.field) });
    if (next.field) focusField(next.field);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    const data = new FormData(event.currentTarget);
    const input = normalizeSignup({
      username: String(data.get('username') ?? ''),
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    });
    const nowMissing = { username: !input.username, email: !input.email, password: !input.password };
    setMissing(nowMissing);
    const problem = signupInputProblem(input);
    if (problem) {
      fail(problem);
      const firstMissing = (Object.keys(nowMissing) as SignupField[]).find((field) => nowMissing[field]);
      if (!problem.field && firstMissing) focusField(firstMissing);
      return;
    }
    if (captchaToken.current === null) {
      fail({ message: SIGNUP_MESSAGES.captchaRequired });
      return;
    }

    setBusy(true);
    setFailure(null);
    showNotice('');
    try {
      await signup({ ...input, captcha_token: captchaToken.current || undefined });
      setDone(true);
      showNotice(SIGNUP_MESSAGES.success, 'success');
    } catch (error) {
      fail(signupFailure(failedSignupCall(error)));
      captcha.current?.reset();
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: SignupField) => (failure?.field === field ? failure.message : undefined);

  return (
    <div className={styles.stack}>
      <HydratingForm className={styles.form} onSubmit={submit} busy={busy}>
        <TextField
          id="signup-username"
          label="Username"
          name="username"
          autoComplete="username"
          hint="3 to 30 letters, digits, _ . or -"
          error={fieldError('username')}
          invalid={missing.username}
          messageId={NOTICE_ID}
          inputRef={usernameInput}
        />
        <TextField
          id="signup-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          hint="A Gmail or Yahoo address."
          error={fieldError('email')}
          invalid={missing.email}
          messageId={NOTICE_ID}
          inputRef={emailInput}
        />
        <TextField
          id="signup-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={fieldError('password')}
          invalid={missing.password}
          messageId={NOTICE_ID}
          inputRef={passwordInput}
        />
        <Captcha ref={captcha} onTokenChange={(token) => (captchaToken.current = token)} />
        <FormNotice notice={notice} errorId={NOTICE_ID} />
        <button
          className={`button button-primary ${styles.submit}`}
          type="submit"
          aria-disabled={busy || done || undefined}
        >
          {busy ? 'Signing up…' : 'Sign up'}
        </button>
      </HydratingForm>

      <GoogleSignIn purpose="signup" />
    </div>
  );
}
