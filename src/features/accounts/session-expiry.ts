/**
 * When a session must end. The access token is a JWT whose `exp` the client reads: 30 seconds
 * before it lapses the session is cleared. The signature is not checked here; only the API can do that, and
 * a forged `exp` can only make this tab sign out sooner or later than it should, never grant anything.
 */

/** The session ends this long before the token's expiry. */
export const SESSION_EXPIRY_LEAD_MS = 30_000;

/** setTimeout fires at once for delays above 2^31 - 1 ms (about 24.8 days); longer waits are chained. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's `exp` in epoch milliseconds, or null when the token is not a JWT with a numeric `exp`. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  if (!token) return null;
  const payloadSegment = token.split('.')[1];
  if (!payloadSegment) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(payloadSegment));
    if (!payload || typeof payload !== 'object') return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Milliseconds from `now` until the session must end; zero or less means it must end now. */
export function msUntilSessionExpiry(expiresAt: number, now: number): number {
  return expiresAt - SESSION_EXPIRY_LEAD_MS - now;
}

export interface ExpiryClock {
  now(): number;
  setTimer(callback: () => void, delay: number): unknown;
  clearTimer(handle: unknown): void;
}

const realClock: ExpiryClock = {
  now: () => Date.now(),
  setTimer: (callback, delay) => setTimeout(callback, delay),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ExpiryTimer {
  /** Watches this token from now on (null stops watching). Ends the session at once if it is already due. */
  watch(token: string | null): void;
  /**
   * Checks again now. Background tabs throttle timers, so a tab coming back into view calls this rather
   * than trusting its timer to have fired on time.
   */
  check(): void;
}

/**
 * Calls `onExpire` once the watched token is within the lead time of its expiry. A token without a
 * readable `exp` is not timed: the API's 401 ends that session instead.
 */
export function createExpiryTimer(onExpire: () => void, clock: ExpiryClock = realClock): ExpiryTimer {
  let watchedExpiry: number | null = null;
  let handle: unknown;

  function stop(): void {
    if (handle !== undefined) clock.clearTimer(handle);
    handle = undefined;
  }

  function check(): void {
    stop();
    if (watchedExpiry === null) return;
    const delay = msUntilSessionExpiry(watchedExpiry, clock.now());
    if (delay <= 0) {
      watchedExpiry = null;
      onExpire();
      return;
    }
    // Re-checks on firing instead of expiring blindly: timers fire late after sleep and early never matters.
    handle = clock.setTimer(check, Math.min(delay, MAX_TIMER_DELAY_MS));
  }

  return {
    watch(token) {
      watchedExpiry = tokenExpiresAt(token);
      check();
    },
    check,
  };
}
