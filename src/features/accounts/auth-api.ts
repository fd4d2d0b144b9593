import { api, errorDetail, errorStatus } from '../../lib/api-client';
import type { FailedCall, SignupFailedCall, SignupInput } from './auth-messages';
import type { SessionUser } from './session-store';

/** The auth calls (docs/api.md, Auth). They go through `api`, which sends no bearer token on /auth paths. */

export type CaptchaProviderName = 'altcha' | 'turnstile' | 'off';

export interface AuthConfig {
  captcha_provider: CaptchaProviderName;
  turnstile_site_key: string | null;
  google_client_id: string | null;
  /** The e-mail domains signup takes (lowercase); absent from an API that does not say. */
  signup_email_domains?: string[];
}

export interface LoginResponse {
  access_token: string;
  token_type?: string;
  user: SessionUser;
}

export interface MessageResponse {
  message: string;
}

export function login(body: {
  username: string;
  password: string;
  captcha_token?: string;
}): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/login', { method: 'POST', body });
}

export function signup(body: SignupInput & { captcha_token?: string }): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/signup', { method: 'POST', body });
}

export function googleLogin(token: string): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/google-oauth', { method: 'POST', body: { token } });
}

export function verifyEmail(token: string): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/verify-email', { query: { token } });
}

/** An entry with an @ is an e-mail address, anything else a username (the login panel takes either). */
export function resendVerification(emailOrUsername: string, captchaToken?: string): Promise<MessageResponse> {
  const value = emailOrUsername.trim();
  const who = value.includes('@') ? { email: value.toLowerCase() } : { username: value };
  return api<MessageResponse>('/auth/resend-verification', {
    method: 'POST',
    body: { ...who, captcha_token: captchaToken },
  });
}

/** Status and server text of a failed call, for the message mappers. */
export function failedCall(error: unknown): FailedCall {
  const code = (error as { data?: { code?: unknown } } | undefined)?.data?.code;
  return {
    status: errorStatus(error),
    detail: errorDetail(error, ''),
    code: typeof code === 'string' ? code : undefined,
  };
}

export function failedSignupCall(error: unknown): SignupFailedCall {
  const data = (error as { data?: { errors?: unknown } } | undefined)?.data;
  const errors = Array.isArray(data?.errors)
    ? data.errors.filter(
        (entry): entry is { field: string; message: string } =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as { field?: unknown }).field === 'string',
      )
    : [];
  return { ...failedCall(error), errors };
}

export interface Me {
  id: number;
  username: string;
  email: string;
  role: string;
  /** False for accounts made by Google sign-in: deleting one needs no password. */
  has_password?: boolean;
}

/** The signed-in user as the API knows them; the token is sent explicitly (auth calls carry none). */
export function loadMe(token: string): Promise<Me> {
  return api<Me>('/auth/me', { headers: { authorization: `Bearer ${token}` } });
}

/** DELETE /auth/me: the account goes for good. */
export function deleteMyAccount(token: string, password: string | undefined): Promise<void> {
  return api('/auth/me', {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
    body: password === undefined ? {} : { password },
  });
}
