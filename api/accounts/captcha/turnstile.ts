import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { CaptchaProvider } from './provider';

const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
/** Cloudflare documents tokens as at most 2,048 characters. */
const MAX_TOKEN_LENGTH = 2_048;
const TIMEOUT_MS = 10_000;

const siteverifyResponse = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * Cloudflare Turnstile, checked with the siteverify API. Fails closed: a timeout, an error status or an
 * unreadable answer is a refusal. Cloudflare itself makes each token single-use and valid for 5 minutes.
 */
export class TurnstileCaptcha implements CaptchaProvider {
  readonly name = 'turnstile';

  constructor(
    private readonly secretKey: string,
    private readonly log: FastifyBaseLogger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async verify(token: string | undefined, clientIp: string): Promise<boolean> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return false;
    try {
      const response = await this.fetchImpl(SITEVERIFY_URL, {
        method: 'POST',
        body: new URLSearchParams({ secret: this.secretKey, response: token, remoteip: clientIp }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) {
        this.log.warn({ status: response.status }, 'Turnstile siteverify answered an error status');
        return false;
      }
      const answer = siteverifyResponse.safeParse(await response.json());
      if (!answer.success) {
        this.log.warn('Turnstile siteverify answered something unreadable');
        return false;
      }
      if (!answer.data.success) {
        this.log.debug({ errorCodes: answer.data['error-codes'] }, 'Turnstile refused a token');
      }
      return answer.data.success;
    } catch (error) {
      this.log.warn({ err: error }, 'Turnstile siteverify could not be reached');
      return false;
    }
  }
}
