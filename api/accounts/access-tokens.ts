import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** What an access token carries; the role in it is informational, checks read the database. */
export interface AccessTokenSubject {
  id: number;
  username: string;
  role: string;
  tokenVersion: number;
}

export interface AccessTokenClaims {
  userId: number;
  tokenVersion: number;
}

const ALGORITHM = 'HS256';
/** User ids are PostgreSQL `integer`s: a larger `sub` names no user and must not reach a query. */
const MAX_USER_ID = 2_147_483_647;

/** Signs and checks the API's access tokens (HS256 JWTs) with one secret. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly lifetimeSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(user: AccessTokenSubject): Promise<string> {
    return new SignJWT({ username: user.username, role: user.role, ver: user.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(`${this.lifetimeSeconds}s`)
      .sign(this.key);
  }

  /** The token's user and version, or undefined for a forged, malformed or expired token. */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp'],
      });
      const userId = Number(payload.sub);
      const tokenVersion = payload.ver;
      if (!Number.isSafeInteger(userId) || userId <= 0 || userId > MAX_USER_ID) return undefined;
      if (typeof tokenVersion !== 'number' || !Number.isInteger(tokenVersion)) return undefined;
      return { userId, tokenVersion };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }
}
