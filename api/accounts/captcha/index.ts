import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { resolveSecret } from '../../plugins/secrets';
import { AltchaCaptcha } from './altcha';
import type { CaptchaProvider } from './provider';
import { TurnstileCaptcha } from './turnstile';

export { AltchaCaptcha } from './altcha';
export { CAPTCHA_FAILED, type CaptchaProvider, type CaptchaProviderName } from './provider';

/** Lets every request through; config.ts refuses it in production. */
const noCaptcha: CaptchaProvider = { name: 'off', verify: async () => true };

export function createCaptchaProvider(config: Config, db: Database, log: FastifyBaseLogger): CaptchaProvider {
  switch (config.CAPTCHA_PROVIDER) {
    case 'altcha':
      return new AltchaCaptcha(db, resolveSecret(config, config.ALTCHA_HMAC_KEY, 'altcha-hmac-key'));
    case 'turnstile':
      // config.ts insists on the key with this provider.
      return new TurnstileCaptcha(config.TURNSTILE_SECRET_KEY ?? '', log);
    case 'off':
      log.warn(
        'CAPTCHA_PROVIDER=off: signup, login and resend-verification accept requests without a captcha',
      );
      return noCaptcha;
  }
}
