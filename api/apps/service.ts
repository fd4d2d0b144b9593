import OAuth2Server, { OAuthError, Request, Response } from '@node-oauth/oauth2-server';
import {
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
  MAX_APPS_PER_USER,
  MAX_PERSONAL_TOKENS_PER_USER,
  OAUTH_ERROR_TEXTS,
  OAUTH_SCOPES,
  TOKEN_HINT_LENGTH,
  type OAuthScope,
} from '../../contract/apps-values';
import type {
  Authorization,
  AuthorizeBody,
  AuthorizeQuery,
  CreatedOAuthApp,
  CreatedPersonalToken,
  CreateOAuthAppBody,
  CreatePersonalTokenBody,
  OAuthApp,
  PersonalToken,
} from '../../contract/apps';
import type { Database } from '../db/client';
import type { OAuthClientRow } from '../db/schema';
import type { ChangeFeed } from '../plugins/change-feed';
import { checkAuthorizeRequest, redirectWith, type AuthorizeOutcome } from './authorize';
import { API_TOKENS_TOPIC, BearerTokens } from './bearer';
import { authenticateClient, oauthModel } from './oauth-model';
import {
  clientByClientId,
  clientsOf,
  deleteClient,
  deletePersonalToken,
  familyOfToken,
  familyStarts,
  insertClient,
  insertCode,
  insertPersonalToken,
  liveAuthorizations,
  personalTokensOf,
  revokeAuthorization,
  revokeFamily,
  sweepCodes,
} from './store';
import { hashToken, newToken } from './tokens';

export interface AppsOptions {
  db: Database;
  changeFeed: Pick<ChangeFeed, 'changed' | 'subscribe'>;
  /** The change-feed topic on which the accounts announce changed (deleted) users. */
  usersTopic: string;
  accessTokenLifetime: number;
  refreshTokenLifetime: number;
  /** AUTH_USER_CACHE_MS: how long a checked bearer token serves from memory. */
  bearerTtlMs: number;
  /** The API's public URL (the issuer) and the site's, whose /oauth/authorize page asks the reader. */
  publicApiUrl: string;
  siteUrl: string;
  onError: (error: unknown) => void;
}

/** A protocol answer as the route sends it. */
export interface ProtocolAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Apps: registered OAuth clients, the consent page's checks and codes, the token endpoint (through
 * @node-oauth/oauth2-server, see oauth-model.ts), revocation (RFC 7009), personal access tokens and the
 * library API's bearer check (bearer.ts). Every revocation is announced on API_TOKENS_TOPIC, so the
 * token stops working at once on the instance that revoked it, and on each other one as soon as its
 * change-feed listener hears the notice.
 */
export class AppsService {
  readonly bearer: BearerTokens;
  private readonly oauth: OAuth2Server;

  constructor(private readonly options: AppsOptions) {
    this.bearer = new BearerTokens({ db: options.db, ttlMs: options.bearerTtlMs, onError: options.onError });
    this.bearer.forgetOn(options.changeFeed, options.usersTopic);
    this.oauth = new OAuth2Server({
      model: oauthModel({ db: options.db, revoked: (userIds) => this.revoked(userIds) }),
      accessTokenLifetime: options.accessTokenLifetime,
      refreshTokenLifetime: options.refreshTokenLifetime,
      // Public clients prove themselves with PKCE alone; the model refuses a confidential one without its
      // secret.
      requireClientAuthentication: { authorization_code: false, refresh_token: false },
      alwaysIssueNewRefreshToken: true,
    });
  }

  /* Registered apps. */

  async apps(ownerId: number): Promise<OAuthApp[]> {
    return (await clientsOf(this.options.db, ownerId)).map(toApp);
  }

  async createApp(ownerId: number, body: CreateOAuthAppBody): Promise<CreatedOAuthApp | 'limit'> {
    const secret = body.client_type === 'confidential' ? newToken('clientSecret') : null;
    const row = await insertClient(
      this.options.db,
      {
        clientId: newToken('clientId').slice(0, 30),
        ownerId,
        name: body.name,
        redirectUris: [...new Set(body.redirect_uris)],
        clientType: body.client_type,
        secretHash: secret && hashToken(secret),
      },
      MAX_APPS_PER_USER,
    );
    return row === 'limit' ? row : { ...toApp(row), client_secret: secret };
  }

  /** False when the owner has no such app; otherwise its tokens are revoked (`revoked`). */
  async deleteApp(ownerId: number, clientId: string): Promise<boolean> {
    const holders = await deleteClient(this.options.db, ownerId, clientId);
    if (!holders) return false;
    await this.revoked(holders);
    return true;
  }

  /* Apps the reader authorized. */

  async authorizations(userId: number): Promise<Authorization[]> {
    const [rows, starts] = await Promise.all([
      liveAuthorizations(this.options.db, userId),
      familyStarts(this.options.db, userId),
    ]);
    const byClient = new Map<string, Authorization>();
    for (const row of rows) {
      const seen = byClient.get(row.clientId);
      const lastUsed = row.lastUsedAt && new Date(row.lastUsedAt).toISOString();
      if (!seen) {
        byClient.set(row.clientId, {
          client_id: row.clientId,
          app_name: row.appName,
          scopes: [...row.scopes],
          authorized_at: (starts.get(row.clientId) ?? new Date(row.createdAt)).toISOString(),
          last_used_at: lastUsed,
        });
        continue;
      }
      seen.scopes = OAUTH_SCOPES.filter((scope) => seen.scopes.includes(scope) || row.scopes.includes(scope));
      if (lastUsed && (!seen.last_used_at || lastUsed > seen.last_used_at)) seen.last_used_at = lastUsed;
    }
    return [...byClient.values()];
  }

  /** Revokes every token the reader granted the app; false when there was none. */
  async revokeAuthorization(userId: number, clientId: string): Promise<boolean> {
    if (!(await revokeAuthorization(this.options.db, userId, clientId))) return false;
    await this.revoked([userId]);
    return true;
  }

  /* Personal access tokens. */

  async personalTokens(userId: number): Promise<PersonalToken[]> {
    return (await personalTokensOf(this.options.db, userId)).map(toPersonalToken);
  }

  async createPersonalToken(
    userId: number,
    body: CreatePersonalTokenBody,
  ): Promise<CreatedPersonalToken | 'limit'> {
    const token = newToken('personal');
    const row = await insertPersonalToken(
      this.options.db,
      {
        userId,
        name: body.name,
        scopes: OAUTH_SCOPES.filter((scope) => body.scopes.includes(scope)),
        tokenHash: hashToken(token),
        tokenHint: token.slice(-TOKEN_HINT_LENGTH),
      },
      MAX_PERSONAL_TOKENS_PER_USER,
    );
    return row === 'limit' ? row : { ...toPersonalToken(row), token };
  }

  async deletePersonalToken(userId: number, id: number): Promise<boolean> {
    if (!(await deletePersonalToken(this.options.db, userId, id))) return false;
    await this.revoked([userId]);
    return true;
  }

  /* The consent page. */

  async checkAuthorization(query: AuthorizeQuery): Promise<AuthorizeOutcome> {
    const client =
      query.client_id === undefined ? undefined : await clientByClientId(this.options.db, query.client_id);
    return checkAuthorizeRequest(query, client);
  }

  /** The reader's decision: a code for the app (allow), or access_denied; both sent to its redirect URI. */
  async decide(userId: number, body: AuthorizeBody): Promise<Exclude<AuthorizeOutcome, { kind: 'valid' }>> {
    const outcome = await this.checkAuthorization(body);
    if (outcome.kind !== 'valid') return outcome;
    const { client, redirectUri, scopes, state, codeChallenge } = outcome;
    if (body.decision === 'deny') {
      return {
        kind: 'redirect',
        redirectTo: redirectWith(redirectUri, {
          error: 'access_denied',
          error_description: OAUTH_ERROR_TEXTS.denied,
          state,
        }),
      };
    }
    const code = newToken('code');
    await insertCode(this.options.db, {
      codeHash: hashToken(code),
      clientId: client.id,
      userId,
      redirectUri,
      scopes,
      codeChallenge,
      expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000),
    });
    return { kind: 'redirect', redirectTo: redirectWith(redirectUri, { code, state }) };
  }

  /* The protocol. */

  /** POST /oauth/token: the library's answer, RFC 6749 section 5.1/section 5.2. */
  async token(request: {
    headers: Record<string, string | string[] | undefined>;
    body: unknown;
  }): Promise<ProtocolAnswer> {
    const oauthRequest = new Request({
      method: 'POST',
      headers: { ...request.headers, ...basicDecoded(request.headers.authorization) } as Record<
        string,
        string
      >,
      query: {},
      body: (request.body ?? {}) as Record<string, unknown>,
    });
    const oauthResponse = new Response({ headers: {} });
    const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };
    try {
      await this.oauth.token(oauthRequest, oauthResponse);
    } catch (error) {
      if (!(error instanceof OAuthError) || error.code >= 500) {
        this.options.onError(error);
        return { status: 500, headers: noStore, body: { error: 'server_error' } };
      }
      // Refused before the library's own answer was written (a body that is no form, say).
      if (!(oauthResponse.body as { error?: string } | undefined)?.error) {
        return {
          status: error.code,
          headers: noStore,
          body: { error: error.name, error_description: error.message },
        };
      }
    }
    return {
      status: oauthResponse.status ?? 200,
      headers: { ...(oauthResponse.headers as Record<string, string>), ...noStore },
      body: oauthResponse.body,
    };
  }

  /**
   * POST /oauth/revoke (RFC 7009): the client names itself (and a confidential one authenticates); the
   * token's whole family goes (access and refresh tokens alike). 200 whatever the token was.
   */
  async revoke(
    credentials: { clientId?: string; clientSecret?: string },
    token: string | undefined,
  ): Promise<ProtocolAnswer> {
    const noStore = { 'cache-control': 'no-store' };
    if (!credentials.clientId) {
      return {
        status: 401,
        headers: noStore,
        body: { error: 'invalid_client', error_description: OAUTH_ERROR_TEXTS.clientAuth },
      };
    }
    const client = await authenticateClient(this.options.db, credentials.clientId, credentials.clientSecret);
    if (!client) {
      return {
        status: 401,
        headers: noStore,
        body: { error: 'invalid_client', error_description: OAUTH_ERROR_TEXTS.clientAuth },
      };
    }
    if (!token) {
      return {
        status: 400,
        headers: noStore,
        body: { error: 'invalid_request', error_description: OAUTH_ERROR_TEXTS.missing('token') },
      };
    }
    const familyId = await familyOfToken(this.options.db, hashToken(token), credentials.clientId);
    if (familyId !== undefined) await this.revoked(await revokeFamily(this.options.db, familyId));
    return { status: 200, headers: noStore, body: {} };
  }

  /** RFC 8414 metadata. */
  metadata() {
    const api = this.options.publicApiUrl;
    return {
      issuer: api,
      authorization_endpoint: `${this.options.siteUrl}/oauth/authorize`,
      token_endpoint: `${api}/oauth/token`,
      revocation_endpoint: `${api}/oauth/revoke`,
      scopes_supported: [...OAUTH_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      service_documentation: `${this.options.siteUrl}/developers`,
    };
  }

  /**
   * After an account's deletion: its own tokens went with it (the users topic drops them), and so did the
   * apps it registered, with the tokens other readers granted them. Which readers those were is not worth
   * a query for so rare an event: every instance forgets every remembered token, to be checked anew.
   */
  accountDeleted(): Promise<void> {
    return this.options.changeFeed.changed(API_TOKENS_TOPIC, null);
  }

  /** Deletes codes long expired (kept a day to recognise a replay). */
  sweep(): Promise<void> {
    return sweepCodes(this.options.db);
  }

  /**
   * Tokens of these users were revoked: this instance forgets them at once, and the notice to the others is
   * sent before this resolves (each forgets them when its listener hears it).
   */
  private async revoked(userIds: number[]): Promise<void> {
    if (userIds.length > 0) await this.options.changeFeed.changed(API_TOKENS_TOPIC, userIds);
  }
}

/**
 * client_secret_basic sends the id and secret form-urlencoded before base64 (RFC 6749 section 2.3.1), which the
 * library does not undo: the header is handed on with them decoded. Ours never contain ":".
 */
function basicDecoded(header: string | string[] | undefined): { authorization?: string } {
  const match = typeof header === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return {};
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return {};
  const unescape = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return part;
    }
  };
  const id = unescape(decoded.slice(0, colon));
  const secret = unescape(decoded.slice(colon + 1));
  return { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` };
}

function toApp(row: OAuthClientRow): OAuthApp {
  return {
    client_id: row.clientId,
    name: row.name,
    redirect_uris: row.redirectUris,
    client_type: row.clientType,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

function toPersonalToken(row: {
  id: number;
  name: string;
  scopes: OAuthScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  tokenHint: string;
}): PersonalToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    created_at: new Date(row.createdAt).toISOString(),
    last_used_at: row.lastUsedAt && new Date(row.lastUsedAt).toISOString(),
    token_hint: row.tokenHint,
  };
}
