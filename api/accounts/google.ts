import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users, type User } from '../db/schema';
import { HttpError } from '../http-error';
import {
  findUserByEmail,
  findUserByGoogleSubject,
  findUserByUsername,
  uniqueViolation,
  USERNAME_MAX_LENGTH,
} from './users';

export interface GoogleIdentity {
  subject: string;
  email: string;
}

/** Checks Google ID tokens against Google's published keys (cached and refreshed by jose). */
export class GoogleTokenVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly clientId: string,
    private readonly issuers: string[],
    jwksUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000 });
  }

  /** The token's Google account when it is signed by Google, for our client, current and e-mail-verified. */
  async verify(idToken: string): Promise<GoogleIdentity | undefined> {
    try {
      const { payload } = await jwtVerify(idToken, this.keys, {
        audience: this.clientId,
        issuer: this.issuers,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'email'],
      });
      // Google has sent email_verified both as a boolean and as the string "true".
      const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
      if (!emailVerified || typeof payload.email !== 'string' || !payload.sub) return undefined;
      return { subject: payload.sub, email: payload.email.trim().toLowerCase() };
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) {
        // Google's keys could not be fetched: our problem, not a bad token.
        this.log.warn({ err: error }, 'Google signing keys could not be fetched');
        throw new HttpError(503, 'Google sign-in is unavailable right now. Please try again.');
      }
      return undefined;
    }
  }
}

export function createGoogleVerifier(
  config: Config,
  log: FastifyBaseLogger,
): GoogleTokenVerifier | undefined {
  if (!config.GOOGLE_CLIENT_ID) return undefined;
  return new GoogleTokenVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_ISSUERS, config.GOOGLE_JWKS_URL, log);
}

/**
 * The account for a Google identity: the one already linked to it, else the one with its e-mail (now linked),
 * else a new verified account. Linking an account whose e-mail was never verified drops its password: whoever
 * chose it had not proved they own the address, and Google just proved someone else does.
 */
export async function findOrCreateGoogleUser(
  db: Database,
  identity: GoogleIdentity,
  /** Told when linking revoked the account's tokens (app.accounts.userChanged). */
  tokensRevoked: (userId: number) => Promise<void> = async () => undefined,
): Promise<User> {
  const linked = await findUserByGoogleSubject(db, identity.subject);
  if (linked) return linked;

  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject) {
      throw new HttpError(409, 'This e-mail belongs to an account linked to another Google account');
    }
    const verifiedBefore = byEmail.emailVerifiedAt !== null;
    const [updated] = await db
      .update(users)
      .set({
        googleSubject: identity.subject,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        ...(verifiedBefore ? {} : { passwordHash: null, tokenVersion: sql`${users.tokenVersion} + 1` }),
      })
      .where(eq(users.id, byEmail.id))
      .returning();
    if (!updated) throw new HttpError(409, 'The account changed while signing in; please try again');
    if (!verifiedBefore) await tokensRevoked(updated.id);
    return updated;
  }

  const base = usernameBase(identity.email);
  for (let attempt = 0; attempt < 10; attempt++) {
    const username = await freeUsername(db, base, attempt);
    try {
      const [created] = await db
        .insert(users)
        .values({
          username,
          email: identity.email,
          emailVerifiedAt: new Date(),
          googleSubject: identity.subject,
        })
        .returning();
      if (created) return created;
    } catch (error) {
      const clash = uniqueViolation(error);
      // Someone took the name (or signed in with this Google account) at the same moment: look again.
      if (clash === 'google' || clash === 'email') return findOrCreateGoogleUser(db, identity);
      if (clash !== 'username') throw error;
    }
  }
  throw new HttpError(409, 'Could not choose a username; please try again');
}

/**
 * A valid username from the e-mail's local part (without a "+tag"): disallowed characters dropped, padded to 3,
 * with room left for a numeric suffix.
 */
export function usernameBase(email: string): string {
  const local = (email.split('@')[0] ?? '').split('+')[0] ?? '';
  const cleaned = local.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, USERNAME_MAX_LENGTH - 6);
  return cleaned.length >= 3 ? cleaned : `${cleaned}user`.slice(0, USERNAME_MAX_LENGTH - 6);
}

/** base, else base2, base3 ... ; after a lost race, a random suffix. */
async function freeUsername(db: Database, base: string, attempt: number): Promise<string> {
  if (attempt > 0) return `${base}${Math.floor(100_000 + Math.random() * 900_000)}`;
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
  return `${base}${Math.floor(100_000 + Math.random() * 900_000)}`;
}
