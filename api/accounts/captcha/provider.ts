export type CaptchaProviderName = 'altcha' | 'turnstile' | 'off';

/** A captcha service: says whether the token a widget produced proves a human (once). */
export interface CaptchaProvider {
  readonly name: CaptchaProviderName;
  /** False for a missing, malformed, forged, expired or already-used token; never throws for bad input. */
  verify(token: string | undefined, clientIp: string): Promise<boolean>;
}

import { AUTH_TEXTS } from '../../../contract/accounts';

export const CAPTCHA_FAILED = AUTH_TEXTS.captchaFailed;
