import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import sharp from 'sharp';
import { e2eStack, readE2eStackState } from './stack-config';

/*
 * Calls the specs make to the live e2e API from Node (never answered by the test itself): a solved
 * captcha, signup and login, the stack's outbox, and cover images for the admin calls.
 */

export interface LoginAnswer {
  access_token: string;
  user: { id: number; username: string; role: string };
}

export interface Account {
  username: string;
  email: string;
  password: string;
}

/** A fresh account name per call, unique across runs and tests. */
export function uniqueAccount(prefix = 'e2e'): Account {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return {
    username: `${prefix}_${suffix}`,
    email: `${prefix}.${suffix}@gmail.com`,
    password: `${prefix}-reader-password`,
  };
}

/** An ALTCHA challenge from the API, solved in Node as the widget would, as the `captcha_token` to send. */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (
    await request.get(`${e2eStack.apiUrl}/auth/captcha/challenge`)
  ).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('the captcha challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<LoginAnswer> {
  const response = await request.post(`${e2eStack.apiUrl}/auth/login`, {
    data: { username, password, captcha_token: await solvedCaptcha(request) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoginAnswer;
}

/** Makes every page of this test start signed in, as the site stores a session after a login. */
export async function useSession(page: Page, session: LoginAnswer): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [session.access_token, JSON.stringify(session.user)] as const,
  );
}

/** Signs `account` up through the API (201); the verification e-mail lands in the stack's outbox. */
export async function apiSignup(request: APIRequestContext, account: Account): Promise<void> {
  const signup = await request.post(`${e2eStack.apiUrl}/auth/signup`, {
    data: { ...account, captcha_token: await solvedCaptcha(request) },
  });
  expect(signup.status(), await signup.text()).toBe(201);
}

/** Quoted-printable, as nodemailer writes long lines: soft breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The verification link of the newest e-mail sent to `email`, if any has been written yet. */
export function newestVerificationLink(email: string): string | undefined {
  const outbox = join(readE2eStackState().dataDir, 'outbox');
  if (!existsSync(outbox)) return undefined;
  const newest = readdirSync(outbox)
    .filter((name) => name.endsWith(`-${email}-verify.eml`))
    .sort()
    .at(-1);
  if (!newest) return undefined;
  const message = decodeQuotedPrintable(readFileSync(join(outbox, newest), 'utf8'));
  return /https?:\/\/[^\s"<>]+\/verify-email\?token=[^\s"<>]+/.exec(message)?.[0].replaceAll('&amp;', '&');
}

/** Waits for a verification link to `email` other than `previous`. */
export async function nextVerificationLink(email: string, previous?: string): Promise<string> {
  await expect
    .poll(() => {
      const link = newestVerificationLink(email);
      return link !== undefined && link !== previous;
    })
    .toBe(true);
  return newestVerificationLink(email)!;
}

/** A solid PNG of the given size, e.g. a 2:3 cover (200x300). */
export function coverPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 170 } } })
    .png()
    .toBuffer();
}

/** A new verified reader: signs up through the API and follows the e-mailed link from the stack's outbox. */
export async function newReader(request: APIRequestContext, prefix = 'reader'): Promise<LoginAnswer> {
  const account = uniqueAccount(prefix);
  await apiSignup(request, account);
  const token = new URL(await nextVerificationLink(account.email)).searchParams.get('token');
  expect(token, 'verification link in the outbox').toBeTruthy();
  expect(
    (await request.get(`${e2eStack.apiUrl}/auth/verify-email?token=${encodeURIComponent(token!)}`)).status(),
  ).toBe(200);
  return apiLogin(request, account.username, account.password);
}
