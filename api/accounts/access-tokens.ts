import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { Cache } from '../cache/cache';
import { isPossibleSerialId } from '../../contract/http';

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

/** Tokens whose check is remembered; the least recently used is forgotten first. */
const MAX_VERIFIED = 10_000;

/**
 * Signs and checks the API's access tokens (HS256 JWTs) with one secret. A token's check is remembered until
 * it expires: checking the signature costs about 150 µs (jose over WebCrypto), several times what a cached
 * answer costs, and a signed-in client sends the same token with every request. Only the exact string that
 * passed is remembered, and what it says (user, version) is still checked against the user on every request.
 */
export class AccessTokens {
  private readonly key: Uint8Array;
  /** Bounded by count; no token outlives its lifetime, and each entry also stops at its own expiry. */
  private readonly verified: Cache<string, { claims: AccessTokenClaims; expiresAtMs: number }>;

  constructor(
    secret: string,
    private readonly lifetimeSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.verified = new Cache({ max: MAX_VERIFIED, ttlMs: lifetimeSeconds * 1000, now });
  }

  issue(user: AccessTokenSubject): Promise<string> {
    return new SignJWT({ username: user.username, role: user.role, ver: user.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(`${this.lifetimeSeconds}s`)
      .sign(this.key);
  }

  /**
   * What a token this instance already verified says, while it has not expired; undefined when it must be
   * verified (`verify`). Synchronous, so a signed-in request's common case needs no promise.
   */
  remembered(token: string): AccessTokenClaims | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (this.now() < known.expiresAtMs) return known.claims;
    this.verified.delete(token);
    return undefined;
  }

  /** The token's user and version, or undefined for a forged, malformed or expired token. */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    return (await this.check(token))?.claims;
  }

  /** When a valid token expires, in epoch milliseconds; undefined for a forged, malformed or expired one. */
  async expiresAt(token: string): Promise<number | undefined> {
    return (await this.check(token))?.expiresAtMs;
  }

  private async check(
    token: string,
  ): Promise<{ claims: AccessTokenClaims; expiresAtMs: number } | undefined> {
    const known = this.verified.get(token);
    if (known && this.now() < known.expiresAtMs) return known;
    if (known) this.verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp'],
        currentDate: new Date(this.now()),
      });
      const userId = Number(payload.sub);
      const tokenVersion = payload.ver;
      // A `sub` no `integer` column holds names no user and must not reach a query.
      if (!isPossibleSerialId(userId)) return undefined;
      if (typeof tokenVersion !== 'number' || !Number.isInteger(tokenVersion)) return undefined;
      const checked = { claims: { userId, tokenVersion }, expiresAtMs: payload.exp! * 1000 };
      // jose accepts a token while now < exp (seconds): so does the memory of it. No write ever makes a
      // check wrong (revocations change the user's token version), so no generation guards it.
      this.verified.set(token, checked, this.verified.generation);
      return checked;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }
}
