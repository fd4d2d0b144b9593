/*
 * Apps' values (docs/features/apps.md): OAuth scopes and the words the consent page shows for them, the
 * limits, token lifetimes and prefixes, the redirect URI rule, and the API's error texts and codes. Imports
 * nothing, so browser code (/account/apps, the consent page, /developers) can use them without zod; the
 * schemas are in ./apps.ts, which re-exports all of this.
 */

/* Scopes. */

/** What a token may do; `/v1/series/*` needs a valid token of any scope. */
export const OAUTH_SCOPES = ['library.read', 'library.write', 'profile'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** The consent page's words for each scope: "{app} wants to: read your reading lists; update ...". */
export const SCOPE_WORDS: Record<OAuthScope, string> = {
  'library.read': 'read your reading lists',
  'library.write': 'update your reading lists',
  profile: 'see your username and avatar',
};

/** "Tachi wants to: read your reading lists; update your reading lists" (scopes in OAUTH_SCOPES order). */
export function consentText(appName: string, scopes: readonly string[]): string {
  const words = OAUTH_SCOPES.filter((scope) => scopes.includes(scope)).map((scope) => SCOPE_WORDS[scope]);
  return `${appName} wants to: ${words.join('; ')}`;
}

/** Parses a space-separated `scope` parameter: its distinct known scopes, or null when one is unknown. */
export function parseScopes(scope: string | null | undefined): OAuthScope[] | null {
  const parts = (scope ?? '').split(' ').filter((part) => part !== '');
  if (parts.some((part) => !(OAUTH_SCOPES as readonly string[]).includes(part))) return null;
  return OAUTH_SCOPES.filter((known) => parts.includes(known));
}

/* Clients. */

/** `public`: runs on the reader's device, holds no secret (PKCE alone); `confidential`: a server with a secret. */
export const CLIENT_TYPES = ['public', 'confidential'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/* Limits. */

export const APP_NAME_MAX_LENGTH = 60;
export const MAX_REDIRECT_URIS = 5;
export const REDIRECT_URI_MAX_LENGTH = 500;
export const MAX_APPS_PER_USER = 10;
export const TOKEN_NAME_MAX_LENGTH = 60;
export const MAX_PERSONAL_TOKENS_PER_USER = 20;
/** Entries per page of `GET /v1/library`. */
export const LIBRARY_PAGE_SIZE = 100;
/** `GET /v1/series/search`: the term's length, and the most results. */
export const V1_SEARCH_MIN_LENGTH = 2;
export const V1_SEARCH_MAX_LENGTH = 100;
export const V1_SEARCH_MAX_RESULTS = 20;

/* Lifetimes (defaults of the API's OAUTH_* settings; docs/configuration.md). */

export const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 60 * 24 * 60 * 60;
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;

/*
 * Token prefixes: a token says what it is (and secret scanners can recognise one). After the prefix, 43
 * characters of base64url (256 random bits).
 */
export const TOKEN_PREFIXES = {
  personal: 'prk_pat_',
  access: 'prk_at_',
  refresh: 'prk_rt_',
  code: 'prk_code_',
  clientSecret: 'prk_cs_',
  clientId: 'prk_app_',
} as const;
/** How many last characters of a personal token its list shows (`token_hint`). */
export const TOKEN_HINT_LENGTH = 4;

/** The name of the list created when a /v1 write adds a series for a reader who has no list yet. */
export const API_CREATED_LIST_NAME = 'My Library';

/* Redirect URIs. */

const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost'];
/** A private-use scheme (RFC 8252 section 7.1): `com.example.app`, letters, digits, `+`, `-`, `.`, with a dot. */
const PRIVATE_SCHEME = /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+$/;
const REFUSED_SCHEMES = ['javascript', 'data', 'vbscript', 'file', 'blob', 'about'];

export const REDIRECT_URI_TEXTS = {
  notAbsolute: 'must be an absolute URL',
  fragment: 'must not contain a fragment (#)',
  refusedScheme: 'this scheme is not allowed',
  insecure: 'must use https (http only on 127.0.0.1, [::1] or localhost)',
  tooLong: `must be at most ${REDIRECT_URI_MAX_LENGTH} characters`,
  noHost: 'must name a host',
  credentials: 'must not contain a user name or password',
} as const;

/**
 * Why a redirect URI cannot be registered, or null when it can: an absolute https URL; http only on a
 * loopback host; or a private-use scheme such as `com.example.app:/callback`. Never a fragment; never
 * javascript:, data: and the like. The API and /account/apps check with this one function.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > REDIRECT_URI_MAX_LENGTH) return REDIRECT_URI_TEXTS.tooLong;
  if (uri.includes('#')) return REDIRECT_URI_TEXTS.fragment;
  if ([...uri].some((char) => char.trim() === '' || char.charCodeAt(0) < 0x20 || char === '\u007f'))
    return REDIRECT_URI_TEXTS.notAbsolute;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri)?.[1]?.toLowerCase();
  if (!scheme) return REDIRECT_URI_TEXTS.notAbsolute;
  if (REFUSED_SCHEMES.includes(scheme)) return REDIRECT_URI_TEXTS.refusedScheme;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return REDIRECT_URI_TEXTS.notAbsolute;
  }
  if (url.username !== '' || url.password !== '') return REDIRECT_URI_TEXTS.credentials;
  if (scheme === 'https') return url.hostname === '' ? REDIRECT_URI_TEXTS.noHost : null;
  if (scheme === 'http') return LOOPBACK_HOSTS.includes(url.hostname) ? null : REDIRECT_URI_TEXTS.insecure;
  return PRIVATE_SCHEME.test(scheme) ? null : REDIRECT_URI_TEXTS.insecure;
}

/* API error texts and their codes ({detail, code} answers of the site-facing calls). */

export const APP_LIMIT = `You can register up to ${MAX_APPS_PER_USER} apps. Delete one first.`;
export const APP_NOT_FOUND = 'App not found.';
export const PERSONAL_TOKEN_LIMIT = `You can have up to ${MAX_PERSONAL_TOKENS_PER_USER} personal access tokens. Revoke one first.`;
export const PERSONAL_TOKEN_NOT_FOUND = 'Token not found.';
export const AUTHORIZATION_NOT_FOUND = 'You have not authorized this app.';
export const SCOPES_REQUIRED = 'Choose at least one scope.';
export const LIBRARY_ENTRY_NOT_FOUND = 'Series not in your library.';
export const DATES_OUT_OF_ORDER = 'finished_on must not be before started_on.';

export const APPS_ERROR_CODES = {
  appLimit: 'APP_LIMIT_REACHED',
  appNotFound: 'APP_NOT_FOUND',
  tokenLimit: 'TOKEN_LIMIT_REACHED',
  tokenNotFound: 'TOKEN_NOT_FOUND',
  authorizationNotFound: 'AUTHORIZATION_NOT_FOUND',
  notInLibrary: 'SERIES_NOT_IN_LIBRARY',
} as const;

/* OAuth protocol answers (RFC 6749 section 4.1.2.1, section 5.2; RFC 6750 section 3.1; RFC 7009). */

export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
  'unsupported_response_type',
  'server_error',
  'invalid_token',
  'insufficient_scope',
  'unsupported_token_type',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

/** The `error_description` texts the API sends (RFC 6749 leaves them free). */
export const OAUTH_ERROR_TEXTS = {
  unknownClient: 'Unknown client_id.',
  badRedirectUri: 'redirect_uri is not registered for this client.',
  responseType: 'response_type must be code.',
  pkceRequired: 'code_challenge with code_challenge_method S256 is required.',
  plainRefused: 'code_challenge_method must be S256.',
  badChallenge: 'code_challenge must be 43-128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~".',
  unknownScope: 'Unknown scope.',
  noScope: 'Ask for at least one scope.',
  denied: 'The reader denied the request.',
  badCode: 'The authorization code is invalid, expired or already used.',
  badVerifier: 'code_verifier does not match the code_challenge.',
  badRefresh: 'The refresh token is invalid, expired or revoked.',
  clientAuth: 'Client authentication failed.',
  grantType: 'grant_type must be authorization_code or refresh_token.',
  missing: (name: string) => `${name} is required.`,
  invalidToken: 'The access token is missing, invalid, expired or revoked.',
  insufficientScope: (scope: string) => `This call needs the ${scope} scope.`,
  tooMany: 'Too many requests with this token. Please slow down.',
} as const;

/* What the apps screens show. */
export const APPS_TEXT = {
  allow: 'Allow',
  deny: 'Deny',
  myApps: 'Your apps',
  authorizedApps: 'Apps you authorized',
  personalTokens: 'Personal access tokens',
  registerApp: 'Register an app',
  createToken: 'Create token',
  revoke: 'Revoke',
  delete: 'Delete',
  shownOnce: 'Copy it now: it is shown only once.',
  noApps: 'No apps yet.',
  noAuthorizations: 'You have not authorized any app.',
  noTokens: 'No personal access tokens yet.',
  never: 'Never',
  publicClient: 'Public (mobile, desktop or browser app: no secret, PKCE)',
  confidentialClient: 'Confidential (a server that keeps a secret)',
  loadFailed: "Couldn't load your apps. Please try again.",
  saveFailed: "Couldn't save. Please try again.",
} as const;
