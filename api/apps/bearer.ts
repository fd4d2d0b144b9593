import type { OAuthScope } from '../../contract/apps-values';
import { Cache, type ChangeSource } from '../cache/cache';
import type { Database } from '../db/client';
import { accessTokenByHash, personalTokenByHash, touchToken } from './store';
import { bearerKind, hashToken } from './tokens';

/** The change-feed topic of API tokens: ids of users some of whose tokens were revoked (null: anyone's). */
export const API_TOKENS_TOPIC = 'api-tokens';

/** How often a token's `last_used_at` is written at most (per instance). */
const TOUCH_INTERVAL_MS = 60_000;

/** What a valid bearer token of the library API grants. */
export interface BearerGrant {
  kind: 'access' | 'personal';
  /** The token's row. */
  id: number;
  /** What the rate limit counts by: an OAuth token family (survives refreshes), or the personal token. */
  limitKey: string;
  userId: number;
  username: string;
  scopes: ReadonlySet<OAuthScope>;
  /** Epoch ms; Infinity for a personal token. */
  expiresAt: number;
}

export interface BearerTokensOptions {
  db: Database;
  /** How long a checked token serves from memory (AUTH_USER_CACHE_MS); 0 checks every request. */
  ttlMs: number;
  /** Logs a failed `last_used_at` write. */
  onError: (error: unknown) => void;
  now?: () => number;
}

/**
 * The library API's bearer check: an OAuth access token or a personal token, found by its hash. Tokens
 * checked lately are remembered by hash (as the site's tokens are: see accounts/authentication.ts), so a
 * call costs no database read; an entry serves until its token expires, the TTL, or a revocation: every
 * revocation (and every change to a user, a deletion above all) is announced on the change feed, and each
 * instance drops the entries of those users as soon as it hears the notice. Misses are never kept.
 */
export class BearerTokens {
  private readonly known: Cache<string, BearerGrant>;
  private readonly touched = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly options: BearerTokensOptions) {
    this.now = options.now ?? Date.now;
    this.known = new Cache({ max: 20_000, ttlMs: options.ttlMs, now: options.now });
  }

  /** The grant of a token checked lately, without waiting; undefined when it must be looked up. */
  remembered(token: string): BearerGrant | undefined {
    const grant = this.known.get(hashToken(token));
    if (!grant || grant.expiresAt <= this.now()) return undefined;
    this.touch(grant);
    return grant;
  }

  /** The grant of a valid token, read from the database; undefined for any other. */
  async check(token: string): Promise<BearerGrant | undefined> {
    const kind = bearerKind(token);
    if (!kind || token.length > 200) return undefined;
    const hash = hashToken(token);
    const generation = this.known.generation;
    const row =
      kind === 'access'
        ? await accessTokenByHash(this.options.db, hash)
        : await personalTokenByHash(this.options.db, hash);
    if (!row) return undefined;
    const grant: BearerGrant = Object.freeze({
      kind,
      id: row.id,
      limitKey: `${kind}:${row.familyId}`,
      userId: row.userId,
      username: row.username,
      scopes: new Set(row.scopes),
      expiresAt: row.expiresAt ? new Date(row.expiresAt).getTime() : Infinity,
    });
    if (grant.expiresAt <= this.now()) return undefined;
    this.known.set(hash, grant, generation);
    this.touch(grant);
    return grant;
  }

  /** Drops the remembered tokens of these users (null: of everyone), and any check in flight. */
  forgetUsers(userIds: number[] | null): void {
    if (userIds === null) this.known.forget(null);
    else this.known.forgetWhere((grant) => userIds.includes(grant.userId));
  }

  /** Another instance's revocations (API_TOKENS_TOPIC) and user changes (`usersTopic`) drop entries here. */
  forgetOn(feed: ChangeSource, usersTopic: string): void {
    for (const topic of [API_TOKENS_TOPIC, usersTopic]) {
      feed.subscribe(topic, ({ ids }) => this.forgetUsers(ids));
    }
  }

  /** Records the token's use, at most once a minute per token and instance, without holding the call. */
  private touch(grant: BearerGrant): void {
    const key = `${grant.kind}:${grant.id}`;
    const now = this.now();
    if ((this.touched.get(key) ?? 0) > now - TOUCH_INTERVAL_MS) return;
    if (this.touched.size > 50_000) this.touched.clear();
    this.touched.set(key, now);
    touchToken(this.options.db, grant.kind, grant.id).catch(this.options.onError);
  }
}
