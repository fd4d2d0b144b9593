import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { captchaSolutions } from '../../db/schema';
import type { CaptchaProvider } from './provider';

/**
 * Proof-of-work cost: each try is PBKDF2-SHA-256 with 1,000 iterations and the answer is a counter from 1,000 to
 * 5,000 (the widget's workers search it in parallel), so a browser solves it in a fraction of a second while
 * every attempt still costs a bot real CPU.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1_000;
const MIN_COUNTER = 1_000;
const MAX_COUNTER = 5_000;
export const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
/** Longer payloads are not ours; refusing them early keeps parsing cheap. */
const MAX_PAYLOAD_LENGTH = 4_096;

/** The widget's payload: base64 of JSON {challenge, solution}. */
const payloadSchema = z.object({
  challenge: z.object({
    // Loose: the signature covers every parameter, so none may be dropped before it is checked.
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string().min(1),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

/** Self-hosted ALTCHA (altcha-lib v2): signed challenges, verified here, each solution accepted once. */
export class AltchaCaptcha implements CaptchaProvider {
  readonly name = 'altcha';
  private readonly keySignatureSecret: string;

  constructor(
    private readonly db: Database,
    private readonly hmacKey: string,
  ) {
    // Signing the expected key lets verification skip re-deriving it; a separate secret per altcha-lib's advice.
    this.keySignatureSecret = createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex');
  }

  createChallenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: COST,
      counter: randomInt(MAX_COUNTER, MIN_COUNTER),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  async verify(token: string | undefined): Promise<boolean> {
    const payload = parsePayload(token);
    if (!payload) return false;
    let verified: boolean;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.hmacKey,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
      // verifySolution only checks expiry when the challenge has one; ours always do, so insist on it.
      verified = result.verified && typeof payload.challenge.parameters.expiresAt === 'number';
    } catch {
      return false;
    }
    return verified && this.claim(payload.challenge.parameters.nonce);
  }

  /**
   * Records the challenge as used; false when it already was. The insert is atomic across instances; a row may
   * go once no challenge issued before it can still be valid.
   */
  private async claim(challengeId: string): Promise<boolean> {
    await this.db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, sql`now()`));
    const inserted = await this.db
      .insert(captchaSolutions)
      .values({ challengeId, expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS) })
      .onConflictDoNothing()
      .returning({ challengeId: captchaSolutions.challengeId });
    return inserted.length === 1;
  }
}

function parsePayload(token: string | undefined): z.infer<typeof payloadSchema> | undefined {
  if (!token || token.length > MAX_PAYLOAD_LENGTH) return undefined;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
