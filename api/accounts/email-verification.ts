import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailTokens, users } from '../db/schema';

const VERIFY_EMAIL = 'VERIFY_EMAIL';

/** Only the hash is stored, so a database leak yields no usable link. */
export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A fresh single-use verification token (32 random bytes, base64url) for the user; any older unused ones stop
 * working, so only the newest link in the inbox counts.
 */
export async function issueVerificationToken(
  db: Database,
  userId: number,
  lifetimeSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, VERIFY_EMAIL),
          isNull(emailTokens.usedAt),
        ),
      );
    await tx.insert(emailTokens).values({
      userId,
      purpose: VERIFY_EMAIL,
      tokenHash: hashEmailToken(token),
      expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})`,
    });
  });
  return token;
}

export type VerificationOutcome = 'verified' | 'expired' | 'invalid';

/**
 * Uses the token and marks its user verified. The conditional UPDATE ... RETURNING makes use-once hold under
 * concurrency: of two simultaneous clicks exactly one sees the row.
 */
export function consumeVerificationToken(db: Database, token: string): Promise<VerificationOutcome> {
  const tokenHash = hashEmailToken(token);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, VERIFY_EMAIL),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailTokens.userId });
    if (used) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(eq(users.id, used.userId));
      return 'verified';
    }
    // Only a genuine, unused token that ran out is "expired"; anything else reads as invalid or used.
    const [expired] = await tx
      .select({ id: emailTokens.id })
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, VERIFY_EMAIL),
          isNull(emailTokens.usedAt),
        ),
      )
      .limit(1);
    return expired ? 'expired' : 'invalid';
  });
}
