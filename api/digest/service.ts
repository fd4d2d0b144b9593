import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailDigest } from '../../contract/digest';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { LeasedRun } from '../plugins/scheduled-jobs';
import { noNotifications, sendDueDigests, type UnreadNotifications } from './digest-job';
import type { UnsubscribeTokens } from './unsubscribe-token';

export interface DigestOptions {
  db: Database;
  mailer: Pick<Mailer, 'sendDigestEmail'>;
  tokens: UnsubscribeTokens;
  siteUrl: string;
  apiUrl: string;
  log: FastifyBaseLogger;
  notifications?: UnreadNotifications;
}

/** The daily digest: each account's preference, its one-click unsubscribe, and the job that sends it. */
export class DigestService {
  private notifications: UnreadNotifications;

  constructor(private readonly options: DigestOptions) {
    this.notifications = options.notifications ?? noNotifications;
  }

  /** Where the job reads unread notifications from (tests give their own). */
  useNotifications(source: UnreadNotifications): void {
    this.notifications = source;
  }

  async preference(userId: number): Promise<EmailDigest> {
    const [row] = await this.options.db
      .select({ emailDigest: users.emailDigest })
      .from(users)
      .where(eq(users.id, userId));
    return row?.emailDigest ?? 'never';
  }

  async setPreference(userId: number, emailDigest: EmailDigest): Promise<EmailDigest> {
    await this.options.db.update(users).set({ emailDigest }).where(eq(users.id, userId));
    return emailDigest;
  }

  /** Turns the digest off for the token's user; false for a forged, malformed or expired token. */
  async unsubscribe(token: string | undefined): Promise<boolean> {
    const userId = this.options.tokens.verify(token);
    if (userId === undefined) return false;
    // A valid token of an account deleted since has nothing left to turn off: the answer is the same.
    await this.setPreference(userId, 'never');
    return true;
  }

  /** Sends the digests that are due, unless another instance holds the job right now. */
  sendDue(runner: { holder?: string; quietMs?: number } = {}): Promise<LeasedRun<{ sent: number }>> {
    return sendDueDigests({ ...this.options, notifications: this.notifications, ...runner });
  }
}
