import { ofetch, type FetchError, type FetchRequest } from 'ofetch';

/**
 * The browser's client for the live API. Every call to the API except the auth calls carries the
 * session's bearer token, and a 401 from any of those ends the session and sends the user to /login,
 * so every island gets both for free.
 */
export const API_URL: string = (import.meta.env.PUBLIC_API_URL ?? 'http://localhost:8787').replace(
  /\/+$/,
  '',
);

const ABSOLUTE_URL = /^([a-z][a-z\d+.-]*:)?\/\//i;

/**
 * The API path a request goes to ("/series/rankings"), or null when it goes elsewhere. Requests are
 * relative to API_URL before ofetch applies its base URL and absolute after.
 */
export function apiPathOf(request: FetchRequest, apiUrl: string = API_URL): string | null {
  const raw = typeof request === 'string' ? request : request.url;
  if (!ABSOLUTE_URL.test(raw)) return new URL(raw, 'http://api.invalid/').pathname;
  const base = new URL(`${apiUrl}/`);
  const target = new URL(raw, base);
  if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) return null;
  return `/${target.pathname.slice(base.pathname.length)}`;
}

/** Auth calls (`/auth/*`) get no bearer token, and their 401s are answers, not an ended session. */
export function isAuthPath(path: string): boolean {
  return /^\/auth(\/|$)/.test(path);
}

/** True for a call to the API that is not an auth call: it carries the token and a 401 ends the session. */
export function isSessionCall(request: FetchRequest, apiUrl: string = API_URL): boolean {
  const path = apiPathOf(request, apiUrl);
  return path !== null && !isAuthPath(path);
}

/** What the client needs from the session, handed over by the accounts feature when it loads. */
export interface ApiSession {
  /** The current bearer token, or null when signed out. */
  token(): string | null;
  /** A session call answered 401: the session has ended. */
  onUnauthorized(): void;
}

let session: ApiSession = { token: () => null, onUnauthorized: () => {} };

/** Called once by the session store; the client itself knows no feature. */
export function connectApiSession(connected: ApiSession): void {
  session = connected;
}

export const api = ofetch.create({
  baseURL: API_URL,
  retry: 0,
  onRequest({ request, options }) {
    const token = session.token();
    if (!token || !isSessionCall(request)) return;
    const headers = new Headers(options.headers);
    // A caller that sets its own Authorization keeps it.
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    options.headers = headers;
  },
  onResponseError({ request, response }) {
    if (response.status === 401 && typeof window !== 'undefined' && isSessionCall(request)) {
      session.onUnauthorized();
    }
  },
});

/** The human-readable message of a failed call: `detail` (string or `{message}`), else `message`, else the fallback. */
export function errorDetail(error: unknown, fallback = 'An error occurred.'): string {
  const data = (error as FetchError | undefined)?.data as { detail?: unknown; message?: unknown } | undefined;
  const detail = data?.detail;
  if (typeof detail === 'string' && detail) return detail;
  if (detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string') {
    return (detail as { message: string }).message;
  }
  if (typeof data?.message === 'string' && data.message) return data.message;
  return fallback;
}

export function errorStatus(error: unknown): number | undefined {
  return (error as FetchError | undefined)?.status ?? (error as FetchError | undefined)?.statusCode;
}
