import { useEffect, useRef, useState } from 'react';
import { createFetcherStore } from '../../lib/query';
import { useQuery } from '../../lib/use-query';
import { googleLogin } from './auth-api';
import { GOOGLE_MESSAGES } from './auth-messages';
import { $authConfig } from './auth-queries';
import { loadScript } from './load-script';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import { useHydrated } from '../../ui/use-hydrated';
import { completeSignIn } from './sign-in-flow';
import styles from './AuthForm.module.css';

const GOOGLE_IDENTITY_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleButtonOptions {
  type: 'standard';
  theme: 'outline' | 'filled_blue';
  size: 'large';
  text: 'signin_with' | 'signup_with' | 'continue_with';
  shape: 'rectangular';
  logo_alignment: 'left';
  width: number;
}

interface GoogleIdentity {
  initialize(config: {
    client_id: string;
    callback(response: GoogleCredentialResponse): void;
    ux_mode?: 'popup';
    use_fedcm_for_button?: boolean;
  }): void;
  renderButton(container: HTMLElement, options: GoogleButtonOptions): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

/** Google Identity Services, loaded once per page when a button is shown. */
const $googleIdentity = createFetcherStore<GoogleIdentity>('script/google-identity', {
  fetcher: async () => {
    await loadScript(GOOGLE_IDENTITY_SRC);
    const identity = window.google?.accounts?.id;
    if (!identity) throw new Error('Google Identity Services did not start');
    return identity;
  },
  dedupeTime: Infinity,
  revalidateOnFocus: false,
});

/** Google's button width limits, in CSS pixels. */
const MIN_BUTTON_WIDTH = 200;
const MAX_BUTTON_WIDTH = 400;

/** GIS keeps one callback per page; it forwards to whichever button is mounted. */
let credentialHandler: ((response: GoogleCredentialResponse) => void) | undefined;
let initializedClientId: string | undefined;

interface GoogleSignInProps {
  /** The button's wording: "Sign in with Google" on /login, "Sign up with Google" on /signup. */
  purpose: 'signin' | 'signup';
}

type Status = 'ready' | 'busy';

/**
 * "Sign in with Google", only when the API has a Google client id (GET /auth/config). Google Identity
 * Services is loaded on demand; its ID token goes to POST /auth/google-oauth, and a success signs in
 * like a password login.
 */
export default function GoogleSignIn({ purpose }: GoogleSignInProps) {
  const hydrated = useHydrated();
  // Without the config there is no knowing whether Google is on; the password form still works.
  const clientId = useQuery(hydrated ? $authConfig : null).data?.google_client_id ?? null;
  const google = useQuery(clientId ? $googleIdentity : null);
  const identity = google.data;
  const [status, setStatus] = useState<Status>('ready');
  const [notice, showNotice] = useNotice();
  const buttonBox = useRef<HTMLDivElement>(null);

  const googleFailed = google.error !== undefined;
  useEffect(() => {
    if (googleFailed) showNotice(GOOGLE_MESSAGES.googleFailed);
  }, [googleFailed, showNotice]);

  useEffect(() => {
    const box = buttonBox.current;
    if (!clientId || !identity || !box) return;

    credentialHandler = (response) => {
      if (!response.credential) {
        showNotice(GOOGLE_MESSAGES.missingToken);
        return;
      }
      setStatus('busy');
      showNotice('Signing in with Google…', 'info');
      googleLogin(response.credential).then(completeSignIn, () => {
        setStatus('ready');
        showNotice(GOOGLE_MESSAGES.failed);
      });
    };

    try {
      if (initializedClientId !== clientId) {
        identity.initialize({
          client_id: clientId,
          callback: (response) => credentialHandler?.(response),
          ux_mode: 'popup',
          use_fedcm_for_button: true,
        });
        initializedClientId = clientId;
      }
      identity.renderButton(box, {
        type: 'standard',
        theme: 'outline',
        size: 'large',
        text: purpose === 'signup' ? 'signup_with' : 'signin_with',
        shape: 'rectangular',
        logo_alignment: 'left',
        width: Math.round(Math.max(MIN_BUTTON_WIDTH, Math.min(MAX_BUTTON_WIDTH, box.clientWidth))),
      });
    } catch {
      showNotice(GOOGLE_MESSAGES.googleFailed);
    }

    return () => {
      credentialHandler = undefined;
    };
  }, [clientId, identity, purpose, showNotice]);

  if (!clientId) return null;

  return (
    <div className={styles.alternative}>
      <p className={styles.divider}>
        <span>or</span>
      </p>
      <div ref={buttonBox} className={styles.googleButton} aria-busy={status === 'busy'} />
      <FormNotice notice={notice} />
    </div>
  );
}
