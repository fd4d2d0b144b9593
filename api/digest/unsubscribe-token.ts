import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_LINK_DAYS } from '../../contract/digest';
import { isPossibleSerialId } from '../../contract/http';

const PURPOSE = 'panelrank email-digest unsubscribe v1';

/**
 * The token of a digest's one-click unsubscribe link: `{user id}.{expiry, unix seconds}.{HMAC-SHA256}`,
 * signed with a key derived (HKDF) from the access tokens' secret for this one purpose, so no other
 * token of the site can stand in for it and it needs no table. It can only turn the digest off.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    private readonly validSeconds = UNSUBSCRIBE_LINK_DAYS * 86_400,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), PURPOSE, 32));
  }

  issue(userId: number): string {
    const expires = Math.floor(this.now() / 1000) + this.validSeconds;
    return `${userId}.${expires}.${this.sign(userId, expires)}`;
  }

  /**
   * The user the token was issued for, or undefined when it is forged, malformed or expired, or names an id
   * no account can have (past the `integer` range), which must not reach a query even under a good signature.
   */
  verify(token: string | undefined): number | undefined {
    const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
    if (!match) return undefined;
    const userId = Number(match[1]);
    const expires = Number(match[2]);
    const expected = Buffer.from(this.sign(userId, expires));
    const given = Buffer.from(match[3]!);
    if (!timingSafeEqual(expected, given)) return undefined;
    return expires * 1000 > this.now() && isPossibleSerialId(userId) ? userId : undefined;
  }

  private sign(userId: number, expires: number): string {
    return createHmac('sha256', this.key).update(`${userId}.${expires}`).digest('base64url');
  }
}
