import { useRef, useState, type SubmitEvent } from 'react';
import { errorDetail } from '../../lib/api-client';
import { resendVerification } from './auth-api';
import { RESEND_MESSAGES, resendOutcomeMessage } from './auth-messages';
import Captcha, { type CaptchaHandle } from './Captcha';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import TextField from '../../ui/TextField';
import { useHydrated } from '../../ui/use-hydrated';
import styles from './AuthForm.module.css';

interface ResendVerificationFormProps {
  /** Prefix of the field ids, unique on the page. */
  idPrefix: string;
  /** The login panel takes an e-mail address or a username; the expired-link form an e-mail address. */
  accepts: 'email-or-username' | 'email';
  initialValue?: string;
}

/**
 * Asks for a new verification link (POST /auth/resend-verification). The answer never says whether the
 * account exists, so the outcome is always the server's message or RESEND_MESSAGES.fallback, even on failure.
 */
export default function ResendVerificationForm({
  idPrefix,
  accepts,
  initialValue = '',
}: ResendVerificationFormProps) {
  const hydrated = useHydrated();
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, showNotice] = useNotice();
  const captcha = useRef<CaptchaHandle>(null);
  const captchaToken = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const entry = String(new FormData(event.currentTarget).get('login') ?? '').trim();
    setMissing(!entry);
    if (!entry) {
      showNotice(RESEND_MESSAGES.required);
      input.current?.focus();
      return;
    }
    if (captchaToken.current === null) {
      showNotice(RESEND_MESSAGES.captchaRequired);
      return;
    }

    setBusy(true);
    showNotice('');
    let message: string | undefined;
    try {
      message = (await resendVerification(entry, captchaToken.current || undefined)).message;
    } catch (error) {
      message = errorDetail(error, '');
    }
    showNotice(resendOutcomeMessage(message), 'info');
    captcha.current?.reset();
    setBusy(false);
  }

  return (
    <form className={styles.form} method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <TextField
        id={`${idPrefix}-${accepts === 'email' ? 'email' : 'login'}`}
        label={accepts === 'email' ? 'Email' : 'Email or username'}
        name="login"
        type={accepts === 'email' ? 'email' : 'text'}
        defaultValue={initialValue}
        autoComplete={accepts === 'email' ? 'email' : 'username'}
        invalid={missing}
        messageId={`${idPrefix}-notice`}
        inputRef={input}
      />
      <Captcha ref={captcha} onTokenChange={(token) => (captchaToken.current = token)} />
      <FormNotice notice={notice} errorId={`${idPrefix}-notice`} />
      <button
        className={`button ${styles.submit}`}
        type="submit"
        disabled={!hydrated}
        aria-disabled={busy || undefined}
      >
        {busy ? 'Sending…' : 'Resend verification email'}
      </button>
    </form>
  );
}
