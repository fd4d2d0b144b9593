/*
 * Accounts' values in the contract: roles, limits, texts and error codes. Imports nothing, so browser code
 * can use them without pulling zod into its bundle; the schemas are in ./accounts.ts, which re-exports all
 * of this.
 */

export const USER_ROLES = ['USER', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;

/** The domain signup judges an e-mail address by: what follows its last @, lowercased. */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Whether signup takes the address: its domain is exactly one of `allowed` (`SIGNUP_EMAIL_DOMAINS`, which
 * `GET /auth/config` lists), so neither a subdomain nor a longer name passes.
 */
export function isEmailDomainAllowed(email: string, allowed: readonly string[]): boolean {
  return allowed.includes(emailDomainOf(email));
}

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
  altchaNotEnabled: 'ALTCHA is not enabled',
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
  googleNotConfigured: 'GOOGLE_SIGN_IN_NOT_CONFIGURED',
  altchaNotEnabled: 'ALTCHA_NOT_ENABLED',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'off'] as const;
export type CaptchaProviderName = (typeof CAPTCHA_PROVIDERS)[number];
