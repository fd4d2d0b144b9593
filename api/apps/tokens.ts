import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_PREFIXES } from '../../contract/apps-values';

/*
 * Every secret of apps is a prefix (what it is: contract TOKEN_PREFIXES) and 256 random bits in base64url.
 * Only the SHA-256 of a secret is stored: a database leak gives no usable token, and a token is found by its
 * hash through a unique index (an equality lookup of a hash leaks nothing of the token through timing).
 */

export type TokenKind = keyof typeof TOKEN_PREFIXES;

export function newToken(kind: TokenKind): string {
  return TOKEN_PREFIXES[kind] + randomBytes(32).toString('base64url');
}

/** The stored form of a secret: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares a secret with a stored hash in constant time. */
export function matchesHash(token: string, storedHash: string): boolean {
  const actual = Buffer.from(hashToken(token), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** What kind of bearer token this is, by its prefix; undefined for anything else. */
export function bearerKind(token: string): 'access' | 'personal' | undefined {
  if (token.startsWith(TOKEN_PREFIXES.access)) return 'access';
  if (token.startsWith(TOKEN_PREFIXES.personal)) return 'personal';
  return undefined;
}
