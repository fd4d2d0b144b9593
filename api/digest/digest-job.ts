import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DIGEST_LATEST_SHOWN, DIGEST_MIN_HOURS_APART } from '../../contract/digest';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { runLeased, type LeasedRun } from '../plugins/scheduled-jobs';
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
  /** How long after a run's start no other run begins (LeasedJob.quietMs). */
  quietMs?: number;
  /** Names this runner in the lease (tests). */
  holder?: string;
}

export const DIGEST_JOB = 'email-digest';
const DEFAULT_LEASE_MS = 15 * 60_000;
/** Subscribers read, claimed and sent to at a time: bounds memory and the statements' parameter lists. */
const BATCH = 500;

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
 * with unread notifications and no digest in the last 24 hours, 500 at a time. A batch's users are claimed
 * by setting digest_sent_at in one conditional statement before any message goes, so even two runs that
 * somehow overlapped could not send one user two digests; a failed send gives the claim back.
 */
export async function sendDueDigests(deps: DigestJobDeps): Promise<LeasedRun<{ sent: number }>> {
  return runLeased(
    deps.db,
    {
      name: DIGEST_JOB,
      leaseMs: deps.leaseMs ?? DEFAULT_LEASE_MS,
      quietMs: deps.quietMs,
      holder: deps.holder,
    },
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
      let sent = 0;
      for (let from = 0; from < candidates.length; from += BATCH) {
        const batch = candidates.slice(from, from + BATCH);
        const unread = await deps.notifications.unreadFor(
          batch.map((user) => user.id),
          DIGEST_LATEST_SHOWN,
        );
        const withUnread = batch.filter((user) => (unread.get(user.id)?.count ?? 0) > 0);
        if (withUnread.length === 0) continue;
        // Claimed in one statement, still only while due, before any message goes.
        const claimed = await db
          .update(users)
          .set({ digestSentAt: sql`now()` })
          .where(
            and(
              inArray(
                users.id,
                withUnread.map((user) => user.id),
              ),
              due(),
            ),
          )
          .returning({ id: users.id });
        const claimedIds = new Set(claimed.map((row) => row.id));
        for (const user of withUnread) {
          const summary = unread.get(user.id);
          if (!summary || !claimedIds.has(user.id)) continue;
          try {
            await deps.mailer.sendDigestEmail({
              to: user.email,
              username: user.username,
              unread: summary.count,
              latest: summary.latest.map((item) => ({
                text: item.text,
                url: `${deps.siteUrl}${item.path}`,
              })),
              notificationsUrl: `${deps.siteUrl}/notifications`,
              unsubscribeUrl: unsubscribeUrl(deps.apiUrl, deps.tokens.issue(user.id)),
            });
            sent += 1;
          } catch (error) {
            deps.log.error({ err: error, userId: user.id }, 'could not send the daily digest');
            await db.update(users).set({ digestSentAt: user.digestSentAt }).where(eq(users.id, user.id));
          }
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
