import {
  OAUTH_ERROR_TEXTS,
  parseScopes,
  type OAuthErrorCode,
  type OAuthScope,
} from '../../contract/apps-values';
import type { AuthorizeQuery } from '../../contract/apps';
import type { OAuthClientRow } from '../db/schema';

/*
 * The checks of an authorization request (RFC 6749 section 4.1.1 with PKCE, RFC 7636), shared by the consent
 * page's check and its decision. A request whose client or redirect URI is wrong is refused to the page
 * itself and never redirected (RFC 6749 section 4.1.2.1: no open redirector); any other problem is sent back to the
 * app's registered redirect URI.
 */

/** S256 challenges are BASE64URL(SHA-256) of the verifier: 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export type AuthorizeOutcome =
  | { kind: 'refused'; error: 'invalid_client' | 'invalid_request'; description: string }
  | { kind: 'redirect'; redirectTo: string }
  | {
      kind: 'valid';
      client: OAuthClientRow;
      redirectUri: string;
      scopes: OAuthScope[];
      state: string | undefined;
      codeChallenge: string;
    };

export function checkAuthorizeRequest(
  query: AuthorizeQuery,
  client: OAuthClientRow | undefined,
): AuthorizeOutcome {
  if (!query.client_id) {
    return { kind: 'refused', error: 'invalid_request', description: OAUTH_ERROR_TEXTS.missing('client_id') };
  }
  if (!client)
    return { kind: 'refused', error: 'invalid_client', description: OAUTH_ERROR_TEXTS.unknownClient };
  // Without one, the only registered URI (OAuth 2.0 allows it; with several, it must be named).
  const redirectUri =
    query.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return { kind: 'refused', error: 'invalid_request', description: OAUTH_ERROR_TEXTS.badRedirectUri };
  }
  const back = (error: OAuthErrorCode, description: string): AuthorizeOutcome => ({
    kind: 'redirect',
    redirectTo: redirectWith(redirectUri, { error, error_description: description, state: query.state }),
  });
  if (query.response_type !== 'code')
    return back('unsupported_response_type', OAUTH_ERROR_TEXTS.responseType);
  if (query.code_challenge_method === 'plain') return back('invalid_request', OAUTH_ERROR_TEXTS.plainRefused);
  if (!query.code_challenge || query.code_challenge_method !== 'S256') {
    return back(
      'invalid_request',
      query.code_challenge_method ? OAUTH_ERROR_TEXTS.plainRefused : OAUTH_ERROR_TEXTS.pkceRequired,
    );
  }
  if (!S256_CHALLENGE.test(query.code_challenge))
    return back('invalid_request', OAUTH_ERROR_TEXTS.badChallenge);
  const scopes = parseScopes(query.scope);
  if (scopes === null) return back('invalid_scope', OAUTH_ERROR_TEXTS.unknownScope);
  if (scopes.length === 0) return back('invalid_scope', OAUTH_ERROR_TEXTS.noScope);
  return {
    kind: 'valid',
    client,
    redirectUri,
    scopes,
    state: query.state,
    codeChallenge: query.code_challenge,
  };
}

/** The redirect URI with these parameters added (those undefined left out), its own query kept. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}
