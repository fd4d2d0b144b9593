import { useEffect, useEffectEvent, useRef, useState, type SubmitEvent } from 'react';
import { failedSignupCall, signup } from './auth-api';
import {
  MIN_PASSWORD_LENGTH,
  SIGNUP_MESSAGES,
  captchaUnusedBy,
  emailDomainProblem,
  normalizeSignup,
  signupFailure,
  signupInputProblem,
  type SignupField,
  type SignupFailure,
} from './auth-messages';
import { $authConfig } from './auth-queries';
import Captcha, { type CaptchaHandle } from './Captcha';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import GoogleSignIn from './GoogleSignIn';
import { $session } from './session-store';
import { nextPathFromLocation } from './sign-in-flow';
import TextField from '../../ui/TextField';
import HydratingForm from '../../ui/HydratingForm';
import { useHydrated } from '../../ui/use-hydrated';
import { useQuery } from '../../lib/use-query';
import styles from './AuthForm.module.css';

export const CHECK_YOUR_EMAIL_PATH = '/check-your-email';
const NOTICE_ID = 'signup-notice';
/** Long enough to read and hear the success message before the page changes. */
const SUCCESS_REDIRECT_MS = 1500;

/**
 * The signup screen: username, email, password, captcha and Google sign-in. Fields are trimmed and the
 * email lowercased before sending; on success the user is sent to /check-your-email. The e-mail's domain is
 * checked as the field is left, against the domains the API takes (GET /auth/config), so a refused address
 * is told before the captcha; a refused signup keeps a captcha the API has not used.
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
  /** The e-mail field was left once: its domain is checked from then on. */
  const emailLeft = useRef(false);
  // The captcha reads the same configuration: one request for both.
  const hydrated = useHydrated();
  const allowedDomains = useQuery(hydrated ? $authConfig : null).data?.signup_email_domains;

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

  /** The domain check as the e-mail field is left: its message is shown, or cleared if the address passes. */
  function checkEmailDomain() {
    emailLeft.current = true;
    const problem = emailDomainProblem(emailInput.current?.value ?? '', allowedDomains);
    if (problem) {
      setFailure(problem);
      showNotice(problem.message, 'error', { announceOnly: true });
    } else clearEmailDomainMessage();
  }

  /**
   * The domain message goes as soon as the address passes, while it is typed: were it left for the blur,
   * the form would shift under the pointer on its way to "Sign up" and the click would miss.
   */
  function clearEmailDomainMessage() {
    if (failure?.field !== 'email' || failure.message !== SIGNUP_MESSAGES.invalidEmail) return;
    if (emailDomainProblem(emailInput.current?.value ?? '', allowedDomains)) return;
    setFailure(null);
    showNotice('');
  }

  // A field left before the domains were known (or before the form was hydrated) is checked once they are.
  const checkLeftEmail = useEffectEvent(() => {
    const input = emailInput.current;
    if (emailLeft.current || (input?.value && document.activeElement !== input)) checkEmailDomain();
  });
  useEffect(() => {
    if (allowedDomains) checkLeftEmail();
  }, [allowedDomains]);

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
    const problem = signupInputProblem(input) ?? emailDomainProblem(input.email, allowedDomains);
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
      const call = failedSignupCall(error);
      fail(signupFailure(call));
      // A refusal the API gave before checking the captcha leaves it solved; a used one is renewed.
      if (!captchaUnusedBy(call)) captcha.current?.renew();
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
          onBlur={checkEmailDomain}
          onInput={clearEmailDomainMessage}
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
