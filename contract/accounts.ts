import { z } from 'zod';
import { emailDigestSchema, showReadingStatsSchema } from './digest';
import { emptyIfBlank } from './http';

import {
  USERNAME_PATTERN,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  CAPTCHA_PROVIDERS,
} from './accounts-values';

/* Accounts: roles, the auth calls' bodies and answers, their limits and texts. */
export * from './accounts-values';

export const signupBodySchema = z.object({
  username: z
    .string({ error: 'is required' })
    .trim()
    .regex(USERNAME_PATTERN, 'must be 3 to 30 characters: letters, digits, _ . or -'),
  password: z
    .string({ error: 'is required' })
    .trim()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
  email: z
    .string({ error: 'is required' })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email('must be an e-mail address')
        .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`),
    ),
  captcha_token: z.string().optional(),
});
export type SignupBody = z.input<typeof signupBodySchema>;

/** Lenient on purpose (even no body at all): missing fields get the contract's 400 texts rather than a 422. */
export const loginBodySchema = z
  .object({
    // A name that shows nothing is a missing one; a password is a secret, taken as sent.
    username: z.string().overwrite(emptyIfBlank).optional(),
    password: z.string().optional(),
    captcha_token: z.string().optional(),
  })
  .nullish();
export type LoginBody = NonNullable<z.input<typeof loginBodySchema>>;

export const resendBodySchema = z
  .object({
    email: z.string().overwrite(emptyIfBlank).optional(),
    username: z.string().overwrite(emptyIfBlank).optional(),
    captcha_token: z.string().optional(),
  })
  .nullish();

export const googleBodySchema = z.object({ token: z.string().optional() }).nullish();

export const verifyEmailQuerySchema = z.object({ token: z.string().optional() });

export const sessionUserSchema = z.object({ id: z.number(), username: z.string(), role: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Login and Google sign-in answer. */
export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  /** False for accounts made by Google sign-in: deleting one needs no password. */
  has_password: z.boolean().optional(),
  email_digest: emailDigestSchema,
  show_reading_stats: showReadingStatsSchema,
});

/** DELETE /auth/me: the password, unless the account was made by Google sign-in. */
export const deleteAccountBodySchema = z.object({ password: z.string().max(256).optional() }).nullish();
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * GET /auth/config (additive): what the site needs to show the configured captcha and Google button, and
 * the e-mail domains signup takes, so the form checks an address as the API will.
 */
export const authConfigSchema = z.object({
  captcha_provider: z.enum(CAPTCHA_PROVIDERS),
  turnstile_site_key: z.string().nullable(),
  google_client_id: z.string().nullable(),
  signup_email_domains: z
    .array(z.string())
    .describe('The e-mail domains signup with a password takes (SIGNUP_EMAIL_DOMAINS), lowercase.'),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
