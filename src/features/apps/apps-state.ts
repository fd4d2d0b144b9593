import { OAUTH_SCOPES, SCOPE_WORDS, type ClientType, type OAuthScope } from '../../../contract/apps-values';

/*
 * The pure parts of /account/apps and the consent page: what a form's fields become, which API error
 * belongs to which field, what the authorize check's answer means, and how dates and scopes read. No DOM,
 * no fetch: tested in tests/unit/apps-state.test.ts.
 */

/** The query fields of an authorization request, in the order the API reads them. */
export const AUTHORIZE_FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;
export type AuthorizeField = (typeof AUTHORIZE_FIELDS)[number];
export type AuthorizeRequest = Partial<Record<AuthorizeField, string>>;

/** The authorization request a consent page's address carries (only the fields present; others ignored). */
export function authorizeRequestOf(search: string): AuthorizeRequest {
  const params = new URLSearchParams(search);
  const request: AuthorizeRequest = {};
  for (const field of AUTHORIZE_FIELDS) {
    const value = params.get(field);
    if (value !== null) request[field] = value;
  }
  return request;
}

/** The redirect URIs typed one per line: trimmed, blank lines dropped, each once, in the order typed. */
export function redirectUrisOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !seen.has(line) && Boolean(seen.add(line)));
}

/** The scopes ticked on the token form, in the contract's order (unknown values dropped). */
export function scopesOf(values: readonly unknown[]): OAuthScope[] {
  return OAUTH_SCOPES.filter((scope) => values.includes(scope));
}

/** The words for each scope, in the contract's order: "read your reading lists", ... */
export function scopeWords(scopes: readonly string[]): string[] {
  return OAUTH_SCOPES.filter((scope) => scopes.includes(scope)).map((scope) => SCOPE_WORDS[scope]);
}

export function isClientType(value: unknown): value is ClientType {
  return value === 'public' || value === 'confidential';
}

/** What a failed write's answer says, per form field (422 `errors`), plus the message for the form. */
export interface FormProblem {
  fields: Record<string, string>;
  message: string;
}

/**
 * Sorts a failed call's answer into field errors and a form message. A 422's `errors` name fields as
 * dotted paths (`redirect_uris.1`): the first part is the form field, and an item's number is told as its
 * line. Errors about no known field, and every other failure, become the form's message.
 */
export function formProblemOf(error: unknown, knownFields: readonly string[], fallback: string): FormProblem {
  const data = (error as { data?: { detail?: unknown; errors?: unknown } } | undefined)?.data;
  const fields: Record<string, string> = {};
  const errors = Array.isArray(data?.errors) ? (data.errors as { field?: unknown; message?: unknown }[]) : [];
  for (const item of errors) {
    if (typeof item.field !== 'string' || typeof item.message !== 'string') continue;
    const [field, index] = item.field.split('.');
    if (field === undefined || !knownFields.includes(field) || fields[field] !== undefined) continue;
    const line = index !== undefined && /^\d+$/.test(index) ? `Line ${Number(index) + 1}: ` : '';
    fields[field] = `${line}${item.message}`;
  }
  const detail = typeof data?.detail === 'string' && data.detail ? data.detail : undefined;
  const named = Object.keys(fields).length > 0;
  return { fields, message: named ? '' : (detail ?? fallback) };
}

/** What the consent page shows for the authorize check's answer. */
export type ConsentView =
  | { kind: 'consent'; clientId: string; appName: string; scopes: string[]; redirectUri: string }
  | { kind: 'redirect'; to: string }
  /** The request is refused (a 400, or an answer that makes no sense): nothing to retry. */
  | { kind: 'error'; message: string }
  /** The call failed (offline, 5xx, 429): the same request may work when tried again. */
  | { kind: 'failed'; message: string };

const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);

/** True for an address the page may send the browser to: absolute, and not a script or local scheme. */
export function isNavigableRedirect(to: string): boolean {
  try {
    return !REFUSED_SCHEMES.has(new URL(to).protocol);
  } catch {
    return false;
  }
}

/** The check's (or the decision's) 200 answer, read defensively: anything unexpected is an error. */
export function consentViewOf(answer: unknown, invalidMessage: string): ConsentView {
  const data = (answer ?? {}) as Record<string, unknown>;
  if (typeof data.redirect_to === 'string') {
    return isNavigableRedirect(data.redirect_to)
      ? { kind: 'redirect', to: data.redirect_to }
      : { kind: 'error', message: invalidMessage };
  }
  if (
    typeof data.client_id === 'string' &&
    typeof data.app_name === 'string' &&
    Array.isArray(data.scopes) &&
    typeof data.redirect_uri === 'string'
  ) {
    return {
      kind: 'consent',
      clientId: data.client_id,
      appName: data.app_name,
      scopes: data.scopes.filter((scope): scope is string => typeof scope === 'string'),
      redirectUri: data.redirect_uri,
    };
  }
  return { kind: 'error', message: invalidMessage };
}

/**
 * A failed check or decision: a 400 refuses the request (its `error_description` said on the page);
 * anything else failed and may be tried again (the API's `detail`, else `failed`).
 */
export function consentErrorOf(
  error: unknown,
  texts: { invalid: string; failed: string },
): Extract<ConsentView, { kind: 'error' | 'failed' }> {
  const failed = error as { status?: number; data?: Record<string, unknown> } | undefined;
  const data = failed?.data;
  if (failed?.status === 400) {
    const description = data?.error_description;
    return {
      kind: 'error',
      message: typeof description === 'string' && description ? description : texts.invalid,
    };
  }
  const detail = data?.detail;
  return { kind: 'failed', message: typeof detail === 'string' && detail ? detail : texts.failed };
}

/** The host an app's redirect URI names ("localhost:8080"), or the URI itself for a private scheme. */
export function redirectHostOf(uri: string): string {
  try {
    const url = new URL(uri);
    return url.host || `${url.protocol}${url.pathname}`;
  } catch {
    return uri;
  }
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "27 Nov 2026", or `never` for null. */
export function formatDay(iso: string | null, never: string): string {
  if (iso === null) return never;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? never : DATE_FORMAT.format(date);
}
