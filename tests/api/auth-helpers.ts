import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '../../api/accounts/passwords';
import { users, type UserRole } from '../../api/db/schema';
import type { TestServer } from './harness';

/** Every environment of an auth test server: no captcha, limits out of the way unless a test sets its own. */
export const AUTH_TEST_ENV = {
  CAPTCHA_PROVIDER: 'off',
  AUTH_RATE_LIMIT_MAX: '1000',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000',
} as const;

/** The .eml files in the server's outbox, oldest first. */
export function outboxFiles(server: TestServer): string[] {
  const outbox = join(server.config.dataDir, 'outbox');
  try {
    return readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => join(outbox, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The messages sent to one address, decoded from quoted-printable so links read whole. */
export function messagesTo(server: TestServer, email: string): string[] {
  return outboxFiles(server)
    .filter((file) => file.includes(`-${email}-`))
    .map((file) => decodeQuotedPrintable(readFileSync(file, 'utf8')));
}

/** The verification token in the newest message to the address. */
export function latestVerificationToken(server: TestServer, email: string): string {
  const message = messagesTo(server, email).at(-1);
  if (!message) throw new Error(`no message to ${email} in the outbox`);
  const link = new RegExp(
    `${escapeRegExp(server.config.SITE_URL)}/verify-email\\?token=([A-Za-z0-9_-]+)`,
  ).exec(message);
  if (!link?.[1]) throw new Error(`no verification link in the message to ${email}`);
  return link[1];
}

export interface Credentials {
  username: string;
  email: string;
  password: string;
}

let userCounter = 0;
/** Fresh, valid credentials (a Gmail address), unique within the test run. */
export function newCredentials(prefix = 'user'): Credentials {
  userCounter += 1;
  const username = `${prefix}${userCounter}_${process.pid % 10_000}`;
  return { username, email: `${username.toLowerCase()}@gmail.com`, password: 'correct horse battery' };
}

/** Signs up through the API and follows the e-mailed link; returns the credentials. */
export async function signUpVerified(
  server: TestServer,
  credentials = newCredentials(),
): Promise<Credentials> {
  const signup = await server.request('/auth/signup', { method: 'POST', json: credentials });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
  const token = latestVerificationToken(server, credentials.email);
  const verify = await server.request(`/auth/verify-email?token=${token}`);
  if (verify.status !== 200)
    throw new Error(`verify-email answered ${verify.status}: ${await verify.text()}`);
  return credentials;
}

export async function logIn(server: TestServer, username: string, password: string): Promise<string> {
  const response = await server.request('/auth/login', { method: 'POST', json: { username, password } });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * A verified user inserted straight into the database, with an access token from the server's own issuer:
 * for tests of other features that only need someone signed in.
 */
export async function createUserWithToken(
  server: TestServer,
  options: { role?: UserRole; credentials?: Credentials } = {},
): Promise<{ id: number; username: string; email: string; token: string }> {
  const { username, email, password } =
    options.credentials ?? newCredentials(options.role === 'ADMIN' ? 'admin' : 'user');
  const [user] = await server.database.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await hashPassword(password),
      role: options.role ?? 'USER',
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('the user was not created');
  return { id: user.id, username, email, token: await server.app.accounts.issueToken(user) };
}

/** Users straight in the database (no password hashing), each with a token from the server's issuer. */
export async function createVoters(server: TestServer, count: number, prefix: string) {
  const rows = await server.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `${prefix}${i}`,
        email: `${prefix}${i}@gmail.com`,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning();
  return Promise.all(
    rows.map(async (user) => ({ id: user.id, token: await server.app.accounts.issueToken(user) })),
  );
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
