import type {
  AuthorizationCode,
  AuthorizationCodeModel,
  Client,
  RefreshToken,
  RefreshTokenModel,
  Token,
  User,
} from '@node-oauth/oauth2-server';
import type { OAuthScope } from '../../contract/apps-values';
import type { Database } from '../db/client';
import {
  clientByClientId,
  codeByHash,
  insertTokens,
  revokeCodeTokens,
  revokeFamily,
  rotateRefresh,
  tokensByRefreshHash,
  useCode,
} from './store';
import { hashToken, matchesHash, newToken } from './tokens';

/**
 * The client, when it authenticates as its type requires: a confidential client with its secret (compared
 * in constant time), a public client with none. False otherwise (invalid_client).
 */
export async function authenticateClient(
  db: Database,
  clientId: string,
  clientSecret: string | null | undefined,
): Promise<Client | false> {
  const client = await clientByClientId(db, clientId);
  if (!client) return false;
  if (client.clientType === 'confidential') {
    if (!clientSecret || !client.secretHash || !matchesHash(clientSecret, client.secretHash)) return false;
  } else if (clientSecret) {
    return false;
  }
  return {
    id: client.clientId,
    pk: client.id,
    redirectUris: client.redirectUris,
    grants: ['authorization_code', 'refresh_token'],
  };
}

/** Who a code or refresh token was granted by, and what the next tokens continue (family, code). */
interface Grantor extends User {
  id: number;
  familyId: number | null;
  codeId: number | null;
}

export interface ModelOptions {
  db: Database;
  /** Told the users whose tokens a replayed code or refresh token revoked. */
  revoked: (userIds: number[]) => Promise<void>;
}

/**
 * The storage side of @node-oauth/oauth2-server's token endpoint (authorization_code with PKCE, and
 * refresh_token), over our tables. The library checks the grant (client, expiry, redirect URI, PKCE with a
 * constant-time compare, scopes) and shapes the RFC 6749 answers; what it leaves to a model, and we add:
 * - client authentication: a confidential client must send its secret (Basic or in the body), a public
 *   client must send none;
 * - a code used a second time revokes every token the first use issued (RFC 6749 section 4.1.2);
 * - a rotated refresh token used again revokes its whole family (refresh token reuse detection);
 * - tokens are random, prefixed, and stored hashed.
 */
export function oauthModel({ db, revoked }: ModelOptions): AuthorizationCodeModel & RefreshTokenModel {
  return {
    getClient: (clientId: string, clientSecret: string | null) =>
      authenticateClient(db, clientId, clientSecret),

    generateAccessToken: async () => newToken('access'),
    generateRefreshToken: async () => newToken('refresh'),

    async getAuthorizationCode(code: string): Promise<AuthorizationCode | false> {
      const row = await codeByHash(db, hashToken(code));
      if (!row) return false;
      if (row.usedAt) {
        // Replayed: whoever holds the code now may not be who exchanged it first.
        await revoked(await revokeCodeTokens(db, row.id));
        return false;
      }
      const user: Grantor = { id: row.userId, familyId: null, codeId: row.id };
      return {
        authorizationCode: code,
        expiresAt: new Date(row.expiresAt),
        redirectUri: row.redirectUri,
        scope: row.scopes,
        client: { id: row.clientId, grants: [] },
        user,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: 'S256',
        codeId: row.id,
      };
    },

    async revokeAuthorizationCode(code: AuthorizationCode): Promise<boolean> {
      const codeId = (code.user as Grantor).codeId!;
      if (await useCode(db, codeId)) return true;
      // A simultaneous exchange of the same code got it first: as a replay, its tokens go.
      await revoked(await revokeCodeTokens(db, codeId));
      return false;
    },

    async saveAuthorizationCode(): Promise<false> {
      // Codes are issued by the consent call (service.ts), never by the library's authorize handler.
      return false;
    },

    async saveToken(token: Token, client: Client, user: User): Promise<Token> {
      const grantor = user as Grantor;
      await insertTokens(db, {
        familyId: grantor.familyId,
        clientId: client.pk as number,
        userId: grantor.id,
        codeId: grantor.codeId,
        scopes: (token.scope ?? []) as OAuthScope[],
        accessHash: hashToken(token.accessToken),
        accessExpiresAt: token.accessTokenExpiresAt!,
        refreshHash: hashToken(token.refreshToken!),
        refreshExpiresAt: token.refreshTokenExpiresAt!,
      });
      return { ...token, client, user };
    },

    async getRefreshToken(refreshToken: string): Promise<RefreshToken | false> {
      const row = await tokensByRefreshHash(db, hashToken(refreshToken));
      if (!row || row.revokedAt) return false;
      if (row.rotatedAt) {
        // Reuse of a refresh token already exchanged: it leaked, or the app is confused. Either way the
        // family is revoked, so the legitimate holder must authorize again (OAuth 2.0 Security BCP section 4.14).
        await revoked(await revokeFamily(db, row.familyId));
        return false;
      }
      const user: Grantor = { id: row.userId, familyId: row.familyId, codeId: null };
      return {
        refreshToken,
        refreshTokenExpiresAt: new Date(row.refreshExpiresAt),
        scope: row.scopes,
        client: { id: row.clientId, grants: [] },
        user,
        tokenId: row.id,
      };
    },

    async revokeToken(token: RefreshToken): Promise<boolean> {
      // The library "revokes" the refresh token it exchanges: rotation. False: a simultaneous exchange won.
      return rotateRefresh(db, token.tokenId as number);
    },

    async verifyScope(): Promise<boolean> {
      // Bearer checks are the library API's own (bearer.ts), never the library's authenticate handler.
      return false;
    },

    async getAccessToken(): Promise<false> {
      return false;
    },
  };
}
