import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DIGEST_LATEST_SHOWN, DIGEST_MIN_HOURS_APART } from '../../contract/digest';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { runLeased, type LeasedRun } from '../scheduled/lease';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** A notification as a digest quotes it. */
export interface UnreadNotification {
  text: string;
  /** The site path it links to (`/forum/12#post-40`, `/issues`). */
  path: string;
}

/** What the digest needs of the notifications: each user's unread count and latest few. */
export interface UnreadNotifications {
  /** Of these users, the ones with unread notifications: the count and the latest `latest`, newest first. */
  unreadFor(
    userIds: number[],
    latest: number,
  ): Promise<Map<number, { count: number; latest: UnreadNotification[] }>>;
}

export interface DigestJobDeps {
  db: Database;
  mailer: Pick<Mailer, 'sendDigestEmail'>;
  notifications: UnreadNotifications;
  tokens: UnsubscribeTokens;
  siteUrl: string;
  /** The API's public address, which the unsubscribe links point to. */
  apiUrl: string;
  log: FastifyBaseLogger;
  /** Longer than any run: a holder that died frees the job after this. */
  leaseMs?: number;
  /** Names this runner in the lease (tests). */
  holder?: string;
}

export const DIGEST_JOB = 'email-digest';
const DEFAULT_LEASE_MS = 15 * 60_000;

/** Subscribers who may get a digest now: daily, with a verified address, none in the last 24 hours. */
const due = () =>
  and(
    eq(users.emailDigest, 'daily'),
    isNotNull(users.emailVerifiedAt),
    or(
      isNull(users.digestSentAt),
      lte(users.digestSentAt, sql`now() - ${DIGEST_MIN_HOURS_APART} * interval '1 hour'`),
    ),
  );

/**
 * Sends the digests that are due, once across every instance (the job's lease): to each daily subscriber
 * with unread notifications and no digest in the last 24 hours. Each user is claimed by setting
 * digest_sent_at in one conditional statement before the message goes, so even two runs that somehow
 * overlapped could not send one user two digests; a failed send gives the claim back for the next run.
 */
export async function sendDueDigests(deps: DigestJobDeps): Promise<LeasedRun<{ sent: number }>> {
  return runLeased(
    deps.db,
    { name: DIGEST_JOB, leaseMs: deps.leaseMs ?? DEFAULT_LEASE_MS, holder: deps.holder },
    async () => {
      const { db } = deps;
      const candidates = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          digestSentAt: users.digestSentAt,
        })
        .from(users)
        .where(due());
      if (candidates.length === 0) return { sent: 0 };
      const unread = await deps.notifications.unreadFor(
        candidates.map((user) => user.id),
        DIGEST_LATEST_SHOWN,
      );
      let sent = 0;
      for (const user of candidates) {
        const summary = unread.get(user.id);
        if (!summary || summary.count === 0) continue;
        const [claimed] = await db
          .update(users)
          .set({ digestSentAt: sql`now()` })
          .where(and(eq(users.id, user.id), due()))
          .returning({ id: users.id });
        if (!claimed) continue;
        try {
          await deps.mailer.sendDigestEmail({
            to: user.email,
            username: user.username,
            unread: summary.count,
            latest: summary.latest.map((item) => ({ text: item.text, url: `${deps.siteUrl}${item.path}` })),
            notificationsUrl: `${deps.siteUrl}/notifications`,
            unsubscribeUrl: unsubscribeUrl(deps.apiUrl, deps.tokens.issue(user.id)),
          });
          sent += 1;
        } catch (error) {
          deps.log.error({ err: error, userId: user.id }, 'could not send the daily digest');
          await db.update(users).set({ digestSentAt: user.digestSentAt }).where(eq(users.id, user.id));
        }
      }
      return { sent };
    },
  );
}

export function unsubscribeUrl(apiUrl: string, token: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Nobody has unread notifications (a source for callers that give none). */
export const noNotifications: UnreadNotifications = {
  unreadFor: () => Promise.resolve(new Map()),
};
