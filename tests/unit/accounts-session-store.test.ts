import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memory-storage';

function tokenExpiringIn(ms: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '7', exp: Math.floor((Date.now() + ms) / 1000) })}.sig`;
}

const USER = { id: 7, username: 'kim', role: 'user' };

/** A browser-like global scope for the store: window events, location, document visibility, localStorage. */
function fakeBrowser(entries: Record<string, string> = {}, pathname = '/series/3') {
  const storage = memoryStorage(entries);
  const windowEvents = new EventTarget();
  const authChanged = vi.fn();
  windowEvents.addEventListener('panelrank:auth-changed', authChanged);
  const location = { pathname, search: '?a=1', hash: '', assign: vi.fn() };
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', Object.assign(windowEvents, { location }));
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  const storageEvent = (key: string | null) =>
    windowEvents.dispatchEvent(Object.assign(new Event('storage'), { key, storageArea: storage }));
  return { storage, location, authChanged, storageEvent };
}

async function loadStore() {
  vi.resetModules();
  return import('../../src/features/accounts/session-store');
}

describe('session store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('restores a stored session at start-up and tells admins apart case-insensitively', async () => {
    fakeBrowser({ token: 't', user: JSON.stringify({ ...USER, role: 'admin' }) });
    const { $session } = await loadStore();
    const { $isAdmin, $isSignedIn } = await import('../../src/features/accounts/session-flags');
    expect($session.get()).toEqual({ token: 't', user: { ...USER, role: 'admin' } });
    expect($isSignedIn.get()).toBe(true);
    expect($isAdmin.get()).toBe(true);
  });

  it('clears both entries when the stored user cannot be parsed', async () => {
    const { storage } = fakeBrowser({ token: 't', user: '{broken' });
    const { $session } = await loadStore();
    expect($session.get().user).toBeNull();
    expect([storage.getItem('token'), storage.getItem('user')]).toEqual([null, null]);
  });

  it('signIn stores token and user and announces it; signOut clears both and goes home', async () => {
    const { storage, location, authChanged } = fakeBrowser();
    const { $session, signIn, signOut } = await loadStore();
    signIn('abc', USER);
    expect(storage.getItem('token')).toBe('abc');
    expect(JSON.parse(storage.getItem('user')!)).toEqual(USER);
    expect($session.get().user).toEqual(USER);
    expect(authChanged).toHaveBeenCalledTimes(1);

    signOut();
    expect([storage.getItem('token'), storage.getItem('user')]).toEqual([null, null]);
    expect($session.get().user).toBeNull();
    expect(location.assign).toHaveBeenCalledWith('/');
    expect(authChanged).toHaveBeenCalledTimes(2);
  });

  it('ends the session 30 s before expiry with the session-expired marker', async () => {
    const { storage, location } = fakeBrowser({ token: tokenExpiringIn(90_000), user: JSON.stringify(USER) });
    const { $session, startSessionWatch } = await loadStore();
    startSessionWatch();
    vi.advanceTimersByTime(59_000);
    expect($session.get().user).toEqual(USER);
    vi.advanceTimersByTime(1_000);
    expect($session.get().user).toBeNull();
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('session_expired')).not.toBeNull();
    expect(location.assign).toHaveBeenCalledWith('/');
  });

  it('expires a token signed in later, and stops timing after a sign-out', async () => {
    const { location } = fakeBrowser();
    const { signIn, clearSession, startSessionWatch } = await loadStore();
    startSessionWatch();
    signIn(tokenExpiringIn(40_000), USER);
    clearSession();
    vi.advanceTimersByTime(60_000);
    expect(location.assign).not.toHaveBeenCalled();
    signIn(tokenExpiringIn(40_000), USER);
    vi.advanceTimersByTime(10_000);
    expect(location.assign).toHaveBeenCalledWith('/');
  });

  it('signs out when another tab removes the token, and signs in when another tab signs in', async () => {
    const { storage, storageEvent, authChanged, location } = fakeBrowser({
      token: 't',
      user: JSON.stringify(USER),
    });
    const { $session, startSessionWatch } = await loadStore();
    startSessionWatch();

    storage.removeItem('token');
    storageEvent('token');
    expect($session.get().user).toBeNull();
    expect(authChanged).toHaveBeenCalledTimes(1);
    expect(location.assign).not.toHaveBeenCalled();

    storage.setItem('token', 'u');
    storageEvent('token');
    expect($session.get()).toEqual({ token: 'u', user: USER });

    storage.clear();
    storageEvent(null);
    expect($session.get().user).toBeNull();
  });

  it('a 401 sends the user to /login with the way back', async () => {
    const { storage, location } = fakeBrowser({ token: 't', user: JSON.stringify(USER) });
    const { signOutToLogin } = await loadStore();
    signOutToLogin();
    expect(storage.getItem('token')).toBeNull();
    expect(location.assign).toHaveBeenCalledWith('/login?next=%2Fseries%2F3%3Fa%3D1');
  });

  it('does not send a 401 on the login page to the login page again', async () => {
    const { location } = fakeBrowser({}, '/login');
    const { signOutToLogin } = await loadStore();
    signOutToLogin();
    expect(location.assign).not.toHaveBeenCalled();
  });
});
