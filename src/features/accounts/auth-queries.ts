import { createFetcherStore, storeFamily } from '../../lib/query';
import { api } from '../../lib/api-client';
import { failedCall, loadMe, verifyEmail, type AuthConfig } from './auth-api';
import { verifyFailure, type VerifyFailure } from './auth-messages';

/** The accounts feature's reads, in the site's one query cache (lib/query.ts). */

/**
 * Which captcha and sign-in options to show, read at run time so one build serves every configuration.
 * Read once per page (the captcha and the Google button share it); a failure stays until a retry.
 */
export const AUTH_CONFIG_KEY = 'auth/config';
export const $authConfig = createFetcherStore<AuthConfig>(AUTH_CONFIG_KEY, {
  fetcher: () => api<AuthConfig>('/auth/config'),
  dedupeTime: Infinity,
  revalidateOnFocus: false,
});

/** The configuration, from the cache or the API; rejects with the API's error. */
export async function loadAuthConfig(): Promise<AuthConfig> {
  const answer = await $authConfig.fetch();
  if ('error' in answer) throw answer.error;
  return answer.data;
}

export type VerifyOutcome =
  { kind: 'verified'; message: string } | { kind: 'failed'; failure: VerifyFailure };

/** A verification link works once: one request per token per page, whatever re-renders or remounts. */
export const verificationStore = storeFamily((token: string) =>
  createFetcherStore<VerifyOutcome>(['auth/verify-email?token=', token], {
    fetcher: () =>
      verifyEmail(token).then(
        (response): VerifyOutcome => ({ kind: 'verified', message: response.message }),
        (error: unknown): VerifyOutcome => ({ kind: 'failed', failure: verifyFailure(failedCall(error)) }),
      ),
    dedupeTime: Infinity,
    revalidateOnFocus: false,
  }),
);

/** The signed-in user as the API knows them, per session token (auth calls carry the token explicitly). */
export const meStore = storeFamily((token: string) =>
  createFetcherStore(['auth/me|', token], { fetcher: () => loadMe(token), revalidateOnFocus: false }),
);
