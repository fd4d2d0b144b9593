import type { LoginResponse } from './auth-api';
import { signIn } from './session-store';

const ACCOUNT_PAGES = /^\/(login|signup|check-your-email|verify-email)(\.html)?\/?$/;

/**
 * Where to go after signing in: the `next` path when it is a path on this site (never another origin,
 * which would make the login page an open redirect, and never an account page), else home.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(next, 'http://site.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://site.invalid' || ACCOUNT_PAGES.test(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The `next` of the current address, checked. */
export function nextPathFromLocation(): string {
  return safeNextPath(new URLSearchParams(window.location.search).get('next'));
}

/** After a successful login or Google login: keep the token and user, then go home (or back to `next`). */
export function completeSignIn(response: LoginResponse): void {
  signIn(response.access_token, response.user);
  window.location.assign(nextPathFromLocation());
}
