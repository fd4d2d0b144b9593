import { z } from 'zod';

/* Accounts: roles, the auth calls' bodies and answers, their limits and texts. */

export const USER_ROLES = ['USER', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;

/** Texts of the contract, shown verbatim by clients. */
export const AUTH_TEXTS = {
  signedUp: 'User created successfully. Please verify your email.',
  captchaFailed: 'Captcha verification failed',
  emailExists: 'Email already exists',
  usernameExists: 'Username already exists',
  disallowedDomain: 'Only Gmail or Yahoo addresses are allowed',
  credentialsRequired: 'Username and password are required',
  invalidCredentials: 'Invalid credentials',
  emailNotVerified: 'Email not verified',
  verified: 'Email verification successful',
  missingVerificationToken: 'Missing verification token',
  verificationExpired: 'Verification link expired',
  verificationInvalid: 'Invalid or already-used token',
  resendSent: 'If an account exists, a new link was sent.',
  resendNeedsAccount: 'Provide email or username',
  missingGoogleToken: 'Missing Google token',
  invalidGoogleToken: 'Invalid Google token',
  googleNotConfigured: 'Google sign-in is not configured',
} as const;

/** The site's "Delete my account" texts. */
export const DELETE_ACCOUNT_TEXTS = {
  action: 'Delete my account',
  warning:
    'This deletes your account for good. Your votes are removed from every score and ranking, your reading ' +
    'lists and likes are deleted, and your forum threads and posts stay, shown as "Anonymous". This cannot be undone.',
  passwordLabel: 'Password',
  passwordHint: 'Enter your password to confirm.',
  confirm: 'Delete my account for good',
  cancel: 'Keep my account',
  deleted: 'Your account was deleted.',
} as const;

/** Codes of the accounts errors, next to `detail` (see contract/http.ts). */
export const AUTH_ERROR_CODES = {
  captchaFailed: 'CAPTCHA_FAILED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  emailExists: 'EMAIL_EXISTS',
  usernameExists: 'USERNAME_EXISTS',
  disallowedDomain: 'EMAIL_DOMAIN_NOT_ALLOWED',
  verificationMissing: 'VERIFICATION_TOKEN_MISSING',
  verificationExpired: 'VERIFICATION_TOKEN_EXPIRED',
  verificationInvalid: 'VERIFICATION_TOKEN_INVALID',
  invalidToken: 'INVALID_TOKEN',
  notAuthenticated: 'NOT_AUTHENTICATED',
  rateLimited: 'RATE_LIMITED',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

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
    username: z.string().optional(),
    password: z.string().optional(),
    captcha_token: z.string().optional(),
  })
  .nullish();
export type LoginBody = NonNullable<z.input<typeof loginBodySchema>>;

export const resendBodySchema = z
  .object({
    email: z.string().optional(),
    username: z.string().optional(),
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
});

/** DELETE /auth/me: the password, unless the account was made by Google sign-in. */
export const deleteAccountBodySchema = z.object({ password: z.string().max(256).optional() }).nullish();
export type MeResponse = z.infer<typeof meResponseSchema>;

export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'off'] as const;
export type CaptchaProviderName = (typeof CAPTCHA_PROVIDERS)[number];

/** GET /auth/config (additive): what the site needs to show the configured captcha and Google button. */
export const authConfigSchema = z.object({
  captcha_provider: z.enum(CAPTCHA_PROVIDERS),
  turnstile_site_key: z.string().nullable(),
  google_client_id: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
