import { Cache, type ChangeSource } from '../cache/cache';
import type { UserRole } from '../db/schema';
import type { AccessTokens, AccessTokenSubject } from './access-tokens';

/**
 * The signed-in user, as the database says (never as the token remembers it): read at most
 * AUTH_USER_CACHE_MS ago, and every change to it since was announced (`app.accounts.userChanged`).
 */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  role: UserRole;
}

/** A user as a token check reads it: with the token version its tokens must carry. */
export type TokenUser = AuthUser & { tokenVersion: number };

/** The change-feed topic of users: ids of users whose row changed or who were deleted. */
export const USERS_TOPIC = 'users';

export interface AuthenticationOptions {
  tokens: AccessTokens;
  /** The user a token names, as the database has it now; undefined when there is none. */
  readUser: (userId: number) => Promise<TokenUser | undefined>;
  /** How long a user read for a token serves (AUTH_USER_CACHE_MS); 0 reads it for every request. */
  userTtlMs: number;
  maxUsers?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/**
 * Who a bearer token is. The users that valid tokens named lately are remembered, so a signed-in request
 * costs no database read (on the embedded engine that read was most of a cached answer's time). An entry
 * serves only tokens of the version it was read with, until `forgetUsers` (every change to a user is
 * announced) or the TTL, which bounds only changes nobody announced (SQL by hand). Misses (unknown users,
 * old token versions) are never kept.
 */
export class Authentication {
  private readonly knownUsers: Cache<number, { tokenVersion: number; user: AuthUser }>;

  constructor(private readonly options: AuthenticationOptions) {
    this.knownUsers = new Cache({
      max: options.maxUsers ?? 10_000,
      ttlMs: options.userTtlMs,
      now: options.now,
    });
  }

  issueToken(user: AccessTokenSubject): Promise<string> {
    return this.options.tokens.issue(user);
  }

  /** The token's user when it is valid, current (token version) and the user still exists. */
  async userOfToken(token: string): Promise<AuthUser | undefined> {
    const claims = await this.options.tokens.verify(token);
    if (!claims) return undefined;
    const known = this.knownUser(claims.userId, claims.tokenVersion);
    if (known) return known;
    const generation = this.knownUsers.generation;
    const row = await this.options.readUser(claims.userId);
    if (!row || row.tokenVersion !== claims.tokenVersion) return undefined;
    // Frozen: every request of this user shares the object.
    const user = Object.freeze({ id: row.id, username: row.username, email: row.email, role: row.role });
    this.knownUsers.set(row.id, { tokenVersion: row.tokenVersion, user }, generation);
    return user;
  }

  /** When a valid token expires, in epoch milliseconds (undefined for one that is not valid). */
  tokenExpiresAt(token: string): Promise<number | undefined> {
    return this.options.tokens.expiresAt(token);
  }

  /**
   * The user of a token verified and read lately, without waiting; undefined when it must be looked up
   * (`userOfToken`). Synchronous: a signed-in client's every request after the first takes this path.
   */
  rememberedUser(token: string): AuthUser | undefined {
    const claims = this.options.tokens.remembered(token);
    return claims && this.knownUser(claims.userId, claims.tokenVersion);
  }

  /** Drops these users (null: everyone), and any read of a user in flight. */
  forgetUsers(userIds: number[] | null): void {
    this.knownUsers.forget(userIds);
  }

  /** Lets another instance's announcement of a user change drop what this one remembers of them. */
  forgetOn(feed: ChangeSource): void {
    this.knownUsers.forgetOn(feed, USERS_TOPIC, (ids) => ids);
  }

  private knownUser(userId: number, tokenVersion: number): AuthUser | undefined {
    const entry = this.knownUsers.get(userId);
    return entry?.tokenVersion === tokenVersion ? entry.user : undefined;
  }
}
