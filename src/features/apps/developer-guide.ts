import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
  OAUTH_SCOPES,
  REFRESH_TOKEN_LIFETIME_SECONDS,
  SCOPE_WORDS,
  TOKEN_PREFIXES,
  type OAuthScope,
} from '../../../contract/apps-values';

/*
 * What /developers shows, built from the contract's values and the site's and API's addresses, so the
 * page's examples name the real endpoints of the deploy it is built for. Pure: tested in
 * tests/unit/apps-developer-guide.test.ts.
 */

export interface DeveloperUrls {
  /** The site's origin: the consent page lives here. */
  site: string;
  /** The API's origin: token, revoke, metadata, OpenAPI and /v1. */
  api: string;
}

export function developerEndpoints({ site, api }: DeveloperUrls) {
  return {
    authorize: `${site}/oauth/authorize`,
    token: `${api}/oauth/token`,
    revoke: `${api}/oauth/revoke`,
    metadata: `${api}/.well-known/oauth-authorization-server`,
    openApi: `${api}/docs`,
    v1: `${api}/v1`,
    apps: `${site}/account/apps`,
  };
}

/** What each scope lets an app do, in words, and the calls that need it. */
export const SCOPE_CALLS: Record<OAuthScope, string> = {
  'library.read': 'GET /v1/library, GET /v1/library/{seriesId}',
  'library.write': 'PUT /v1/library/{seriesId}, DELETE /v1/library/{seriesId}',
  profile: 'GET /v1/me',
};

export const SCOPE_ROWS = OAUTH_SCOPES.map((scope) => ({
  scope,
  words: SCOPE_WORDS[scope],
  calls: SCOPE_CALLS[scope],
}));

/** The library API's calls, as the table on /developers lists them. */
export const LIBRARY_CALLS: { call: string; scope: string; what: string }[] = [
  { call: 'GET /v1/me', scope: 'profile', what: 'The reader: {id, username, avatar_url}.' },
  {
    call: 'GET /v1/library?status=&page=',
    scope: 'library.read',
    what: 'Every series in the reader’s lists, a page at a time: {items, page, has_more}.',
  },
  {
    call: 'GET /v1/library/{seriesId}',
    scope: 'library.read',
    what: 'One entry; 404 when it is not in the library.',
  },
  {
    call: 'PUT /v1/library/{seriesId}',
    scope: 'library.write',
    what:
      'Sets any of status, chapters_read, score, started_on, finished_on; adds the series when absent ' +
      '(to the first list, or list_id).',
  },
  {
    call: 'DELETE /v1/library/{seriesId}',
    scope: 'library.write',
    what: 'Removes the series from the library.',
  },
  { call: 'GET /v1/series/search?q=', scope: 'any', what: 'Finds series by any of their titles.' },
  { call: 'GET /v1/series/{id}', scope: 'any', what: 'One series with its external ids.' },
  {
    call: 'GET /v1/series/by/{site}/{externalId}',
    scope: 'any',
    what: 'Looks a series up by its myanimelist, anilist or mangaupdates id.',
  },
];

/** "1 hour", "60 days", "60 seconds". */
export function lifetimeWords(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0 && seconds / size !== 1) return `${seconds / size} ${name}s`;
    if (seconds === size) return `1 ${name}`;
  }
  return `${seconds} seconds`;
}

export const LIFETIMES = {
  code: lifetimeWords(AUTHORIZATION_CODE_LIFETIME_SECONDS),
  access: lifetimeWords(ACCESS_TOKEN_LIFETIME_SECONDS),
  refresh: lifetimeWords(REFRESH_TOKEN_LIFETIME_SECONDS),
};

/** The curl examples of each step, with the deploy's addresses. */
export function curlExamples(urls: DeveloperUrls) {
  const at = developerEndpoints(urls);
  const redirect = 'http://127.0.0.1:8080/callback';
  return {
    pkce: [
      '# A random verifier (43-128 characters) and its S256 challenge',
      "CODE_VERIFIER=$(openssl rand -base64 48 | tr '+/' '-_' | tr -d '=\\n')",
      "CODE_CHALLENGE=$(printf '%s' \"$CODE_VERIFIER\" | openssl dgst -sha256 -binary | openssl base64 | tr '+/' '-_' | tr -d '=\\n')",
      'STATE=$(openssl rand -hex 16)',
    ].join('\n'),
    authorize:
      `${at.authorize}?response_type=code\n` +
      `  &client_id=${TOKEN_PREFIXES.clientId}…\n` +
      `  &redirect_uri=${encodeURIComponent(redirect)}\n` +
      `  &scope=library.read%20library.write\n` +
      `  &state=$STATE\n` +
      `  &code_challenge=$CODE_CHALLENGE\n` +
      `  &code_challenge_method=S256`,
    callback: `${redirect}?code=${TOKEN_PREFIXES.code}…&state=…\n${redirect}?error=access_denied&state=…`,
    exchange: [
      `curl -X POST ${at.token} \\`,
      '  -d grant_type=authorization_code \\',
      '  -d code="$CODE" \\',
      `  -d redirect_uri=${redirect} \\`,
      '  -d client_id="$CLIENT_ID" \\',
      '  -d code_verifier="$CODE_VERIFIER"',
      '# A confidential app also sends -d client_secret="$CLIENT_SECRET" (or HTTP Basic: -u "$CLIENT_ID:$CLIENT_SECRET")',
    ].join('\n'),
    tokenAnswer: JSON.stringify(
      {
        access_token: `${TOKEN_PREFIXES.access}…`,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
        refresh_token: `${TOKEN_PREFIXES.refresh}…`,
        scope: 'library.read library.write',
      },
      null,
      2,
    ),
    call: [
      `curl ${at.v1}/library?status=READING \\`,
      '  -H "Authorization: Bearer $ACCESS_TOKEN"',
      '',
      `curl -X PUT ${at.v1}/library/42 \\`,
      '  -H "Authorization: Bearer $ACCESS_TOKEN" \\',
      "  -H 'Content-Type: application/json' \\",
      `  -d '{"status": "READING", "chapters_read": 57}'`,
    ].join('\n'),
    refresh: [
      `curl -X POST ${at.token} \\`,
      '  -d grant_type=refresh_token \\',
      '  -d refresh_token="$REFRESH_TOKEN" \\',
      '  -d client_id="$CLIENT_ID"',
    ].join('\n'),
    revoke: [
      `curl -X POST ${at.revoke} \\`,
      '  -d token="$REFRESH_TOKEN" \\',
      '  -d client_id="$CLIENT_ID"',
    ].join('\n'),
    personal: [`curl ${at.v1}/me \\`, `  -H "Authorization: Bearer ${TOKEN_PREFIXES.personal}…"`].join('\n'),
    metadata: `curl ${at.metadata}`,
  };
}
