import { describe, expect, it } from 'vitest';
import {
  GOOGLE_MESSAGES,
  LOGIN_MESSAGES,
  RESEND_MESSAGES,
  SIGNUP_MESSAGES,
  VERIFY_MESSAGES,
  loginFailure,
  normalizeSignup,
  resendOutcomeMessage,
  captchaUnusedBy,
  emailDomainProblem,
  signupFailure,
  signupInputProblem,
  verifyFailure,
  verifyFailureMessage,
} from '../../src/features/accounts/auth-messages';
import { isEmailDomainAllowed } from '../../contract/accounts-values';

describe('account screen texts (verbatim)', () => {
  it('keeps the login, signup, Google and verification texts', () => {
    expect(LOGIN_MESSAGES).toMatchObject({
      required: 'Username and password are required.',
      captchaRequired: 'Please complete the CAPTCHA.',
      emailNotVerified: 'Email not verified. Please check your inbox or spam folder.',
      invalidCredentials: 'Invalid username or password.',
      captchaExpired: 'CAPTCHA expired. Please try again.',
      failed: 'Login failed. Please try again.',
    });
    expect(SIGNUP_MESSAGES).toMatchObject({
      required: 'All fields are required.',
      emailExists: 'Email already exists. Please log in or use a different email.',
      usernameExists: 'Username already exists. Try a different one.',
      accountExists: 'Account already exists.',
      invalidEmail: 'Invalid email. Only Gmail or Yahoo addresses are allowed.',
      failed: 'Signup failed',
      success: 'Signup successful! Please verify your email.',
    });
    expect(GOOGLE_MESSAGES).toEqual({
      missingToken: 'Missing Google token',
      failed: 'Google login failed',
      googleFailed: 'Google Login Failed',
    });
    expect(RESEND_MESSAGES.fallback).toBe('If an account exists, a new link was sent.');
    expect(VERIFY_MESSAGES).toMatchObject({
      missingToken: 'Missing verification token.',
      expired: 'Verification link expired. Please request a new one.',
      invalid: 'Invalid or already-used token.',
    });
  });
});

describe('loginFailure', () => {
  it('maps 403 "Email not verified" to its text and reveals the resend panel', () => {
    expect(loginFailure({ status: 403, detail: 'Email not verified', code: 'EMAIL_NOT_VERIFIED' })).toEqual({
      message: LOGIN_MESSAGES.emailNotVerified,
      showResend: true,
    });
  });

  it('maps 401 to invalid credentials', () => {
    expect(
      loginFailure({ status: 401, detail: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }).message,
    ).toBe(LOGIN_MESSAGES.invalidCredentials);
  });

  it('maps the CAPTCHA_FAILED code to "CAPTCHA expired", whatever the English text says', () => {
    for (const call of [
      { status: 400, detail: 'Captcha verification failed', code: 'CAPTCHA_FAILED' },
      { status: 400, detail: 'Vérification échouée', code: 'CAPTCHA_FAILED' },
    ]) {
      expect(loginFailure(call)).toEqual({ message: LOGIN_MESSAGES.captchaExpired, showResend: false });
    }
    // English text alone is no longer matched.
    expect(loginFailure({ status: 418, detail: 'captcha token rejected' }).message).toBe(
      LOGIN_MESSAGES.failed,
    );
  });

  it('falls back to "Login failed" for anything else, and passes the rate-limit text through', () => {
    expect(loginFailure({ status: 500, detail: 'Internal server error' }).message).toBe(
      LOGIN_MESSAGES.failed,
    );
    expect(loginFailure({ status: undefined, detail: '' }).message).toBe(LOGIN_MESSAGES.failed);
    expect(loginFailure({ status: 429, detail: 'Too many requests. Please slow down.' }).message).toBe(
      'Too many requests. Please slow down.',
    );
  });
});

describe('signupFailure', () => {
  it('tells the three 409s apart', () => {
    expect(signupFailure({ status: 409, detail: 'Email already exists', code: 'EMAIL_EXISTS' })).toEqual({
      message: SIGNUP_MESSAGES.emailExists,
      field: 'email',
    });
    expect(
      signupFailure({ status: 409, detail: 'Username already exists', code: 'USERNAME_EXISTS' }),
    ).toEqual({
      message: SIGNUP_MESSAGES.usernameExists,
      field: 'username',
    });
    expect(signupFailure({ status: 409, detail: 'Conflict' })).toEqual({
      message: SIGNUP_MESSAGES.accountExists,
    });
  });

  it('maps 422 to the e-mail rule unless the API named only another field', () => {
    expect(signupFailure({ status: 422, detail: 'Only Gmail or Yahoo addresses are allowed' }).message).toBe(
      SIGNUP_MESSAGES.invalidEmail,
    );
    expect(
      signupFailure({
        status: 422,
        detail: 'email: must be an e-mail address',
        errors: [{ field: 'email', message: 'must be an e-mail address' }],
      }).message,
    ).toBe(SIGNUP_MESSAGES.invalidEmail);
    expect(
      signupFailure({ status: 422, detail: 'x', errors: [{ field: 'password', message: 'too short' }] }),
    ).toEqual({ message: SIGNUP_MESSAGES.shortPassword, field: 'password' });
    expect(
      signupFailure({ status: 422, detail: 'x', errors: [{ field: 'username', message: 'bad' }] }).field,
    ).toBe('username');
  });

  it('maps 400 to the captcha text and anything else to "Signup failed"', () => {
    expect(
      signupFailure({ status: 400, detail: 'Captcha verification failed', code: 'CAPTCHA_FAILED' }).message,
    ).toBe(SIGNUP_MESSAGES.captchaRequired);
    expect(signupFailure({ status: 500, detail: '' }).message).toBe(SIGNUP_MESSAGES.failed);
    expect(signupFailure({ status: undefined, detail: '' }).message).toBe(SIGNUP_MESSAGES.failed);
  });
});

describe('signup input', () => {
  it('trims every field and lowercases the email', () => {
    expect(
      normalizeSignup({ username: '  kim_01 ', email: ' Kim.Reader@GMail.com ', password: ' secret123 ' }),
    ).toEqual({ username: 'kim_01', email: 'kim.reader@gmail.com', password: 'secret123' });
  });

  it('requires all three fields, then checks the server rules', () => {
    expect(signupInputProblem({ username: 'kim', email: '', password: 'x' })?.message).toBe(
      SIGNUP_MESSAGES.required,
    );
    expect(signupInputProblem({ username: 'k', email: 'k@gmail.com', password: 'longenough' })?.field).toBe(
      'username',
    );
    expect(signupInputProblem({ username: 'kim', email: 'k@gmail.com', password: 'short' })?.field).toBe(
      'password',
    );
    expect(
      signupInputProblem({ username: 'kim.reader', email: 'k@gmail.com', password: 'longenough' }),
    ).toBeNull();
  });
});

describe('the e-mail domain check', () => {
  const allowed = ['gmail.com', 'yahoo.co.uk'];

  it('is the rule the API applies: the part after the last @, lowercased, exactly one of the list', () => {
    expect(isEmailDomainAllowed('kim@gmail.com', allowed)).toBe(true);
    expect(isEmailDomainAllowed('Kim@Yahoo.CO.UK', allowed)).toBe(true);
    expect(isEmailDomainAllowed('"a@b"@gmail.com', allowed)).toBe(true);
    expect(isEmailDomainAllowed('kim@hotmail.com', allowed)).toBe(false);
    expect(isEmailDomainAllowed('kim@gmail.com.evil.io', allowed)).toBe(false);
    expect(isEmailDomainAllowed('kim@mail.gmail.com', allowed)).toBe(false);
    expect(isEmailDomainAllowed('kim@', allowed)).toBe(false);
  });

  it('shows the signup refusal text next to the field, for an address with a domain only', () => {
    const refused = { message: SIGNUP_MESSAGES.invalidEmail, field: 'email' };
    expect(emailDomainProblem('  Kim@Hotmail.com ', allowed)).toEqual(refused);
    expect(emailDomainProblem('kim@', allowed)).toEqual(refused);
    expect(emailDomainProblem(' KIM@GMAIL.COM ', allowed)).toBeNull();
    // Not typed yet, or still being typed: nothing to say about its domain.
    expect(emailDomainProblem('', allowed)).toBeNull();
    expect(emailDomainProblem('kim', allowed)).toBeNull();
    // The API did not say which domains it takes: it decides on submit.
    expect(emailDomainProblem('kim@hotmail.com', undefined)).toBeNull();
  });
});

describe('a refused signup and its captcha', () => {
  it('keeps the solved captcha when the API refused before checking it', () => {
    // 422: the fields (schema, then the domain) are checked before the captcha; 429: before the handler.
    expect(captchaUnusedBy({ status: 422, detail: '', code: 'EMAIL_DOMAIN_NOT_ALLOWED' })).toBe(true);
    expect(captchaUnusedBy({ status: 422, detail: 'username must be…' })).toBe(true);
    expect(captchaUnusedBy({ status: 429, detail: 'Too many requests', code: 'RATE_LIMITED' })).toBe(true);
  });

  it('needs a new one once the API used it, or when it cannot tell', () => {
    expect(captchaUnusedBy({ status: 409, detail: 'Email already exists', code: 'EMAIL_EXISTS' })).toBe(
      false,
    );
    expect(captchaUnusedBy({ status: 400, detail: '', code: 'CAPTCHA_FAILED' })).toBe(false);
    expect(captchaUnusedBy({ status: 500, detail: '' })).toBe(false);
    expect(captchaUnusedBy({ status: undefined, detail: '' })).toBe(false);
  });
});

describe('verification and resend', () => {
  it('shows "expired" only for an expired link', () => {
    expect(
      verifyFailure({ status: 400, detail: 'Verification link expired', code: 'VERIFICATION_TOKEN_EXPIRED' }),
    ).toBe('expired');
    expect(
      verifyFailure({
        status: 400,
        detail: 'Invalid or already-used token',
        code: 'VERIFICATION_TOKEN_INVALID',
      }),
    ).toBe('invalid');
    expect(
      verifyFailure({
        status: 400,
        detail: 'Missing verification token',
        code: 'VERIFICATION_TOKEN_MISSING',
      }),
    ).toBe('missing');
    expect(verifyFailure({ status: undefined, detail: '' })).toBe('unreachable');
    expect(verifyFailureMessage('expired')).toBe('Verification link expired. Please request a new one.');
    expect(verifyFailureMessage('invalid')).toBe('Invalid or already-used token.');
    expect(verifyFailureMessage('missing')).toBe('Missing verification token.');
  });

  it('always has a resend message', () => {
    expect(resendOutcomeMessage('If an account exists, a new link was sent.')).toBe(RESEND_MESSAGES.fallback);
    expect(resendOutcomeMessage('Provide email or username')).toBe('Provide email or username');
    expect(resendOutcomeMessage(undefined)).toBe(RESEND_MESSAGES.fallback);
    expect(resendOutcomeMessage('  ')).toBe(RESEND_MESSAGES.fallback);
  });
});
