/**
 * Every text the account screens show, and the mapping from a failed call (status and the server's error
 * `code`) to the text shown. Pure, so it is unit-tested.
 */

import {
  AUTH_ERROR_CODES,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  isEmailDomainAllowed,
} from '../../../contract/accounts-values';

export const LOGIN_MESSAGES = {
  required: 'Username and password are required.',
  captchaRequired: 'Please complete the CAPTCHA.',
  emailNotVerified: 'Email not verified. Please check your inbox or spam folder.',
  invalidCredentials: 'Invalid username or password.',
  captchaExpired: 'CAPTCHA expired. Please try again.',
  failed: 'Login failed. Please try again.',
} as const;

export const CAPTCHA_MESSAGES = {
  expired: 'CAPTCHA expired. Please try again.',
  loadFailed: 'CAPTCHA failed to load. Please retry.',
} as const;

export const SIGNUP_MESSAGES = {
  required: 'All fields are required.',
  captchaRequired: 'Please complete the CAPTCHA.',
  emailExists: 'Email already exists. Please log in or use a different email.',
  usernameExists: 'Username already exists. Try a different one.',
  accountExists: 'Account already exists.',
  invalidEmail: 'Invalid email. Only Gmail or Yahoo addresses are allowed.',
  failed: 'Signup failed',
  success: 'Signup successful! Please verify your email.',
  // The server's other signup rules, which the API enforces too (contract/accounts.ts).
  invalidUsername: 'Username must be 3 to 30 characters: letters, digits, _ . or -.',
  shortPassword: 'Password must be at least 8 characters.',
} as const;

export const GOOGLE_MESSAGES = {
  /** Google answered without a credential. */
  missingToken: 'Missing Google token',
  /** Our API refused the Google credential or could not be reached. */
  failed: 'Google login failed',
  /** Google's own sign-in failed (its script did not load or its button reported an error). */
  googleFailed: 'Google Login Failed',
} as const;

export const RESEND_MESSAGES = {
  /** Shown whatever happened when the server sent no message of its own. */
  fallback: 'If an account exists, a new link was sent.',
  // The panel's own checks before anything is sent.
  required: 'Please enter your email or username.',
  captchaRequired: 'Please complete the CAPTCHA.',
} as const;

export const VERIFY_MESSAGES = {
  missingToken: 'Missing verification token.',
  verifying: 'Verifying your email…',
  expired: 'Verification link expired. Please request a new one.',
  invalid: 'Invalid or already-used token.',
  // The success headline and a server that could not be reached.
  success: 'Your email is verified.',
  unreachable: 'We could not reach the server to verify your email. Please try again.',
} as const;

/** The API's rate-limit answer (docs/api.md, Conventions); its text is more useful than a generic failure. */
const TOO_MANY_REQUESTS = 429;

export interface FailedCall {
  /** HTTP status, or undefined when the server was not reached. */
  status: number | undefined;
  /** The server's `detail`, or '' when it sent none. */
  detail: string;
  /** The server's machine-readable error `code` (contract/accounts.ts), when it sent one. */
  code?: string | undefined;
}

export interface LoginFailure {
  message: string;
  /** 403 "Email not verified" reveals the resend-verification panel. */
  showResend: boolean;
}

export function loginFailure({ status, detail, code }: FailedCall): LoginFailure {
  if (code === AUTH_ERROR_CODES.emailNotVerified) {
    return { message: LOGIN_MESSAGES.emailNotVerified, showResend: true };
  }
  if (code === AUTH_ERROR_CODES.invalidCredentials) {
    return { message: LOGIN_MESSAGES.invalidCredentials, showResend: false };
  }
  if (status === TOO_MANY_REQUESTS && detail) return { message: detail, showResend: false };
  if (code === AUTH_ERROR_CODES.captchaFailed)
    return { message: LOGIN_MESSAGES.captchaExpired, showResend: false };
  return { message: LOGIN_MESSAGES.failed, showResend: false };
}

export type SignupField = 'username' | 'email' | 'password';

export interface SignupFailure {
  message: string;
  /** The field the message is about, when there is one. */
  field?: SignupField;
}

export interface SignupFailedCall extends FailedCall {
  /** The API's per-field validation errors (422), if any. */
  errors?: { field: string; message: string }[];
}

export function signupFailure({ status, detail, code, errors = [] }: SignupFailedCall): SignupFailure {
  if (code === AUTH_ERROR_CODES.emailExists) return { message: SIGNUP_MESSAGES.emailExists, field: 'email' };
  if (code === AUTH_ERROR_CODES.usernameExists) {
    return { message: SIGNUP_MESSAGES.usernameExists, field: 'username' };
  }
  if (status === 409) return { message: SIGNUP_MESSAGES.accountExists };
  if (status === 422) {
    // A 422 is usually the e-mail domain; the API also answers 422 for a username or password it refuses.
    const fields = errors.map((error) => error.field);
    if (fields.includes('username') && !fields.includes('email')) {
      return { message: SIGNUP_MESSAGES.invalidUsername, field: 'username' };
    }
    if (fields.includes('password') && !fields.includes('email')) {
      return { message: SIGNUP_MESSAGES.shortPassword, field: 'password' };
    }
    return { message: SIGNUP_MESSAGES.invalidEmail, field: 'email' };
  }
  if (code === AUTH_ERROR_CODES.captchaFailed) return { message: SIGNUP_MESSAGES.captchaRequired };
  if (status === TOO_MANY_REQUESTS && detail) return { message: detail };
  return { message: SIGNUP_MESSAGES.failed };
}

/**
 * Whether a signup the API refused left its captcha unused, so the solved captcha can be sent again: the API
 * checks the fields (422, the e-mail domain included) and the rate limits (429) before the captcha. A 409,
 * a captcha refusal, a server error or no answer at all means a new captcha.
 */
export function captchaUnusedBy({ status }: FailedCall): boolean {
  return status === 422 || status === TOO_MANY_REQUESTS;
}

export type VerifyFailure = 'missing' | 'expired' | 'invalid' | 'unreachable';

/** Which error the verification page shows for a failed GET /auth/verify-email. */
export function verifyFailure({ status, code }: FailedCall): VerifyFailure {
  if (code === AUTH_ERROR_CODES.verificationMissing) return 'missing';
  if (code === AUTH_ERROR_CODES.verificationExpired) return 'expired';
  if (status === undefined || status >= 500 || status === TOO_MANY_REQUESTS) return 'unreachable';
  return 'invalid';
}

export function verifyFailureMessage(failure: VerifyFailure): string {
  switch (failure) {
    case 'missing':
      return VERIFY_MESSAGES.missingToken;
    case 'expired':
      return VERIFY_MESSAGES.expired;
    case 'invalid':
      return VERIFY_MESSAGES.invalid;
    case 'unreachable':
      return VERIFY_MESSAGES.unreachable;
  }
}

/** Resend always answers with the server's message, or the fallback, even when the call failed. */
export function resendOutcomeMessage(serverMessage: string | undefined): string {
  return serverMessage?.trim() || RESEND_MESSAGES.fallback;
}

export { USERNAME_PATTERN };
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

export interface SignupInput {
  username: string;
  email: string;
  password: string;
}

/** Username, password and email are trimmed and the email is lowercased before sending. */
export function normalizeSignup(input: SignupInput): SignupInput {
  return {
    username: input.username.trim(),
    email: input.email.trim().toLowerCase(),
    password: input.password.trim(),
  };
}

/**
 * The e-mail field's domain check, as the API makes it (`allowed`: GET /auth/config's
 * `signup_email_domains`), with the text the form shows for the API's refusal. Only an address with an @
 * is judged; without the list (an API that does not give it) the API decides on submit.
 */
export function emailDomainProblem(
  email: string,
  allowed: readonly string[] | undefined,
): SignupFailure | null {
  const address = email.trim();
  if (!allowed || !address.includes('@') || isEmailDomainAllowed(address, allowed)) return null;
  return { message: SIGNUP_MESSAGES.invalidEmail, field: 'email' };
}

/** The first problem of a normalized signup before it is sent (the captcha is checked separately). */
export function signupInputProblem(input: SignupInput): SignupFailure | null {
  if (!input.username || !input.email || !input.password) return { message: SIGNUP_MESSAGES.required };
  if (!USERNAME_PATTERN.test(input.username))
    return { message: SIGNUP_MESSAGES.invalidUsername, field: 'username' };
  if (input.password.length < MIN_PASSWORD_LENGTH)
    return { message: SIGNUP_MESSAGES.shortPassword, field: 'password' };
  return null;
}
