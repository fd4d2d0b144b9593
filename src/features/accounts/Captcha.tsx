import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { API_URL } from '../../lib/api-client';
import { createFetcherStore, queryCache } from '../../lib/query';
import { useQuery } from '../../lib/use-query';
import { useHydrated } from '../../ui/use-hydrated';
import { AUTH_CONFIG_KEY, loadAuthConfig } from './auth-queries';
import { CAPTCHA_MESSAGES } from './auth-messages';
import { loadScript } from './load-script';
import styles from './Captcha.module.css';

/** The token reported while the API runs without a captcha: nothing to complete, nothing to send. */
export const NO_CAPTCHA_NEEDED = '';

export interface CaptchaHandle {
  /** Forgets the token and shows a fresh widget; the API accepts each token once (call after every attempt). */
  reset(): void;
  /**
   * Forgets a token the API has used and gets a new one without asking the visitor where the captcha
   * allows it: ALTCHA solves a fresh challenge at once (its proof of work needs nobody), Turnstile runs its
   * challenge again.
   */
  renew(): void;
}

interface CaptchaProps {
  /** The token to send as `captcha_token`, NO_CAPTCHA_NEEDED when the captcha is off, null until completed. */
  onTokenChange(token: string | null): void;
  ref?: Ref<CaptchaHandle>;
}

type ReadyView = { kind: 'altcha' } | { kind: 'turnstile'; siteKey: string } | { kind: 'off' };
type View = ReadyView | { kind: 'loading' } | { kind: 'failed' };

const CHALLENGE_URL = `${API_URL}/auth/captcha/challenge`;
const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileOptions {
  sitekey: string;
  theme?: 'auto' | 'light' | 'dark';
  callback(token: string): void;
  'expired-callback'(): void;
  'error-callback'(): void;
}

interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileOptions): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let altchaWidget: Promise<void> | undefined;

/**
 * The ALTCHA web component, imported only by pages that show a captcha. Its own expiry and error texts
 * become CAPTCHA_MESSAGES, so the widget says what the rest of the form says.
 */
function loadAltchaWidget(): Promise<void> {
  altchaWidget ??= import('altcha').then(
    () => {
      const english = globalThis.$altcha.i18n.get('en');
      globalThis.$altcha.i18n.set('en', {
        ...english,
        expired: CAPTCHA_MESSAGES.expired,
        error: CAPTCHA_MESSAGES.loadFailed,
      });
    },
    (error: unknown) => {
      altchaWidget = undefined;
      throw error;
    },
  );
  return altchaWidget;
}

async function resolveView(): Promise<ReadyView> {
  const config = await loadAuthConfig();
  switch (config.captcha_provider) {
    case 'altcha':
      await loadAltchaWidget();
      return { kind: 'altcha' };
    case 'turnstile':
      if (!config.turnstile_site_key) throw new Error('Turnstile is on but no site key is configured');
      await loadScript(TURNSTILE_SRC);
      return { kind: 'turnstile', siteKey: config.turnstile_site_key };
    default:
      return { kind: 'off' };
  }
}

/** The captcha to show: the configuration, then the widget's code. Resolved once per page. */
const CAPTCHA_VIEW_KEY = 'captcha/view';
const $captchaView = createFetcherStore<ReadyView>(CAPTCHA_VIEW_KEY, {
  fetcher: resolveView,
  dedupeTime: Infinity,
  revalidateOnFocus: false,
});

/**
 * The captcha the API is configured for (GET /auth/config): ALTCHA (self-hosted proof of work), Cloudflare
 * Turnstile, or nothing. Reports the `captcha_token` through onTokenChange.
 */
export default function Captcha({ onTokenChange, ref }: CaptchaProps) {
  const hydrated = useHydrated();
  const resolved = useQuery(hydrated ? $captchaView : null);
  const view: View =
    resolved.data ?? (resolved.error !== undefined ? { kind: 'failed' } : { kind: 'loading' });
  /** What the widget last said (expired, failed), until it is completed again. */
  const [widgetMessage, setMessage] = useState('');
  const message = view.kind === 'failed' ? CAPTCHA_MESSAGES.loadFailed : widgetMessage;
  const altchaRef = useRef<HTMLElement>(null);
  const turnstileBox = useRef<HTMLDivElement>(null);
  const turnstileId = useRef<string | null>(null);
  // The latest callback, so the widgets' listeners need not be re-attached when the parent re-renders.
  const onTokenChangeRef = useRef(onTokenChange);
  useEffect(() => {
    onTokenChangeRef.current = onTokenChange;
  });

  // Once the captcha is known: none needed, or none completed yet.
  useEffect(() => {
    if (view.kind === 'loading' || view.kind === 'failed') return;
    onTokenChangeRef.current(view.kind === 'off' ? NO_CAPTCHA_NEEDED : null);
  }, [view.kind]);

  useEffect(() => {
    const widget = altchaRef.current;
    if (view.kind !== 'altcha' || !widget) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail;
      if (state === 'verified' && payload) {
        onTokenChangeRef.current(payload);
        setMessage('');
        return;
      }
      onTokenChangeRef.current(null);
      if (state === 'expired') setMessage(CAPTCHA_MESSAGES.expired);
      else if (state === 'error') setMessage(CAPTCHA_MESSAGES.loadFailed);
      else setMessage('');
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [view.kind]);

  const turnstileSiteKey = view.kind === 'turnstile' ? view.siteKey : null;
  useEffect(() => {
    const box = turnstileBox.current;
    const turnstile = window.turnstile;
    if (!turnstileSiteKey || !box || !turnstile) return;
    const widgetId = turnstile.render(box, {
      sitekey: turnstileSiteKey,
      theme: 'auto',
      callback: (token) => {
        onTokenChangeRef.current(token);
        setMessage('');
      },
      'expired-callback': () => {
        onTokenChangeRef.current(null);
        setMessage(CAPTCHA_MESSAGES.expired);
      },
      'error-callback': () => {
        onTokenChangeRef.current(null);
        setMessage(CAPTCHA_MESSAGES.loadFailed);
      },
    });
    turnstileId.current = widgetId;
    return () => {
      turnstile.remove(widgetId);
      turnstileId.current = null;
    };
  }, [turnstileSiteKey]);

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        if (view.kind === 'off') return;
        onTokenChangeRef.current(null);
        setMessage('');
        if (view.kind === 'altcha') (altchaRef.current as AltchaWidgetElement | null)?.reset?.();
        if (view.kind === 'turnstile' && turnstileId.current) window.turnstile?.reset(turnstileId.current);
      },
      renew() {
        if (view.kind === 'off') return;
        onTokenChangeRef.current(null);
        setMessage('');
        // verify() fetches and solves a new challenge; its state changes report the token as above.
        if (view.kind === 'altcha') void (altchaRef.current as AltchaWidgetElement | null)?.verify?.();
        if (view.kind === 'turnstile' && turnstileId.current) window.turnstile?.reset(turnstileId.current);
      },
    }),
    [view.kind],
  );

  if (view.kind === 'off') return null;

  const retry = () => {
    setMessage('');
    // The configuration too: it may be what failed.
    queryCache.invalidateKeys([AUTH_CONFIG_KEY, CAPTCHA_VIEW_KEY]);
  };

  return (
    <div className={styles.captcha} data-captcha={view.kind}>
      {view.kind === 'loading' && (
        <p className={styles.placeholder} aria-busy="true">
          Loading CAPTCHA…
        </p>
      )}
      {view.kind === 'altcha' && (
        <altcha-widget
          ref={altchaRef}
          className={styles.altcha}
          challenge={CHALLENGE_URL}
          type="checkbox"
          name="captcha_token"
          language="en"
        />
      )}
      {view.kind === 'turnstile' && <div ref={turnstileBox} className={styles.turnstile} />}
      {view.kind === 'failed' && (
        <button type="button" className="button" onClick={retry}>
          Retry
        </button>
      )}
      {/*
        ALTCHA shows its state texts itself (set to CAPTCHA_MESSAGES above) but does not announce them; this
        region does, and shows them for Turnstile and for a captcha that never loaded.
      */}
      <p
        className={view.kind === 'altcha' ? 'visually-hidden' : styles.message}
        role="alert"
        data-captcha-message
      >
        {message}
      </p>
    </div>
  );
}
