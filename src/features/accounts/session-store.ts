import { atom } from 'nanostores';
import { connectApiSession } from '../../lib/api-client';
import { createExpiryTimer } from './session-expiry';
import { AUTH_CHANGED_EVENT, SESSION_EXPIRED_KEY, TOKEN_KEY, USER_KEY } from './session-keys';
import { clearStoredSession, readStoredSession, type StoredUser } from './stored-session';

export type SessionUser = StoredUser;

export interface Session {
  /** The access token sent as the bearer token on every non-auth call. */
  token: string | null;
  /** Present exactly when signed in. */
  user: SessionUser | null;
}

export const SIGNED_OUT: Session = Object.freeze({ token: null, user: null });

/**
 * The signed-in session, mirrored in local storage under `token` and `user`. It starts signed out
 * everywhere so build-time markup and the first client render agree (read it with
 * `useStore($session, { ssr: 'initial' })`); in the browser the stored session is applied right after.
 */
export const $session = atom<Session>(SIGNED_OUT);

const inBrowser = typeof window !== 'undefined';

function sameSession(a: Session, b: Session): boolean {
  return a.token === b.token && JSON.stringify(a.user) === JSON.stringify(b.user);
}

/** Tells the header (plain script, no store) to re-render its signed-in area. */
function announceAuthChange(): void {
  window.dispatchEvent(new Event(AUTH_CHANGED_EVENT));
}

/** Re-reads local storage; an unparsable stored user clears both entries (readStoredSession does that). */
function restoreStoredSession(): boolean {
  const stored = readStoredSession();
  const next: Session = stored ? { token: stored.token, user: stored.user } : SIGNED_OUT;
  if (sameSession($session.get(), next)) return false;
  $session.set(next);
  return true;
}

if (inBrowser) restoreStoredSession();

/** After a login or Google login: keeps the token and user and tells the page. */
export function signIn(token: string, user: SessionUser): void {
  const storedUser: SessionUser = { id: user.id, username: user.username, role: user.role };
  try {
    // The user first: another tab treats the token's arrival as the sign-in and reads the user with it.
    localStorage.setItem(USER_KEY, JSON.stringify(storedUser));
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage blocked or full: the session still works on this page.
  }
  $session.set({ token, user: storedUser });
  announceAuthChange();
}

/** Forgets the session here and in storage, without navigating. */
export function clearSession(): void {
  try {
    clearStoredSession();
  } catch {
    // Storage blocked: nothing stored to remove.
  }
  if (sameSession($session.get(), SIGNED_OUT)) return;
  $session.set(SIGNED_OUT);
  announceAuthChange();
}

/** Logout: removes both entries, clears the user and goes to /. */
export function signOut(): void {
  clearSession();
  window.location.assign('/');
}

/** The token is about to lapse: sign out and leave the marker that makes / show the "Session expired" dialog. */
export function expireSession(): void {
  clearSession();
  try {
    localStorage.setItem(SESSION_EXPIRED_KEY, '1');
  } catch {
    // Storage blocked: the user is still signed out, only the dialog is lost.
  }
  window.location.assign('/');
}

export const LOGIN_PATH = '/login';

/** A 401 from a non-auth call: the token is no good, so sign out and ask for a login, then come back here. */
export function signOutToLogin(): void {
  clearSession();
  const { pathname, search, hash } = window.location;
  if (pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}.html`) return;
  const next = `${pathname}${search}${hash}`;
  window.location.assign(next === '/' ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(next)}`);
}

let watching = false;

/**
 * Enforces the session on this page: ends it 30 s before the token expires, and follows sign-ins and
 * sign-outs made in other tabs (a removed token signs this tab out). Safe to call more than once; the
 * layout calls it on every page.
 */
export function startSessionWatch(): void {
  if (!inBrowser || watching) return;
  watching = true;

  const timer = createExpiryTimer(expireSession);
  $session.subscribe((session) => timer.watch(session.token));

  window.addEventListener('storage', (event) => {
    if (event.storageArea !== null && event.storageArea !== localStorage) return;
    if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
    if (restoreStoredSession()) announceAuthChange();
  });

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') timer.check();
  });
}

// Every island that talks to the API imports this store (directly or through a feature), so the client
// carries the session's token and ends the session on a 401 without knowing about accounts itself.
connectApiSession({ token: () => $session.get().token, onUnauthorized: signOutToLogin });
