import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashEmailToken } from '../../api/accounts/email-verification';
import { emailTokens, users } from '../../api/db/schema';
import {
  AUTH_TEST_ENV,
  latestVerificationToken,
  logIn,
  messagesTo,
  newCredentials,
  outboxFiles,
  signUpVerified,
} from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

const JWT_SECRET = 'a test secret that is at least thirty-two characters long';

describe('accounts: signup, e-mail verification, login, /auth/me', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...AUTH_TEST_ENV, JWT_SECRET });
  });
  afterAll(() => server.close());

  const post = (path: string, json: unknown) => server.request(path, { method: 'POST', json });

  it('signs up, mails a link, verifies the address and logs in', async () => {
    const credentials = newCredentials();
    const signup = await post('/auth/signup', {
      username: `  ${credentials.username} `,
      password: ` ${credentials.password}  `,
      email: `  ${credentials.email.toUpperCase()} `,
      captcha_token: 'ignored when off',
    });
    expect(signup.status).toBe(201);
    const body = await signup.json();
    // Signup never hands out the verification token.
    expect(body).toEqual({ message: 'User created successfully. Please verify your email.' });

    const [stored] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.username, credentials.username));
    expect(stored?.email).toBe(credentials.email);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.emailVerifiedAt).toBeNull();

    const [message] = messagesTo(server, credentials.email);
    expect(message).toBeDefined();
    expect(message).toContain(`To: ${credentials.email}`);
    expect(message).toContain('Content-Type: text/plain');
    expect(message).toContain('Content-Type: text/html');
    const token = latestVerificationToken(server, credentials.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only the hash is stored.
    const [row] = await server.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, stored!.id));
    expect(row?.tokenHash).toBe(hashEmailToken(token));

    const beforeVerifying = await post('/auth/login', credentials);
    expect(beforeVerifying.status).toBe(403);
    expect(await beforeVerifying.json()).toEqual({ detail: 'Email not verified', code: expect.any(String) });

    const verify = await server.request(`/auth/verify-email?token=${token}`);
    expect(verify.status).toBe(200);
    expect(await verify.json()).toEqual({ message: 'Email verification successful' });

    const login = await post('/auth/login', {
      username: credentials.username,
      password: credentials.password,
    });
    expect(login.status).toBe(200);
    const answer = await login.json();
    expect(answer).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      user: { id: stored!.id, username: credentials.username, role: 'USER' },
    });
    const payload = JSON.parse(Buffer.from(answer.access_token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({
      sub: String(stored!.id),
      username: credentials.username,
      role: 'USER',
      ver: 0,
    });
    expect(payload.exp - payload.iat).toBe(server.config.ACCESS_TOKEN_TTL);

    const me = await server.request('/auth/me', { token: answer.access_token });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: stored!.id,
      username: credentials.username,
      email: credentials.email,
      role: 'USER',
      has_password: true,
      email_digest: 'never',
      show_reading_stats: true,
    });
  });

  it('logs in by e-mail or any casing of the username, trimming the fields', async () => {
    const { username, email, password } = await signUpVerified(server);
    for (const login of [username.toUpperCase(), email.toUpperCase(), ` ${username} `]) {
      const response = await post('/auth/login', { username: login, password: ` ${password} ` });
      expect(response.status, login).toBe(200);
    }
  });

  it('accepts form-encoded bodies as well as JSON', async () => {
    const { username, password } = await signUpVerified(server);
    const response = await server.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }).toString(),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).user.username).toBe(username);
  });

  it('refuses wrong passwords, unknown users and missing fields', async () => {
    const { username } = await signUpVerified(server);
    for (const json of [
      { username, password: 'not the password' },
      { username: 'nobody_here', password: 'whatever123' },
    ]) {
      const response = await post('/auth/login', json);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Invalid credentials', code: expect.any(String) });
    }
    for (const json of [{}, { username }, { password: 'x' }, { username: '  ', password: '   ' }]) {
      const response = await post('/auth/login', json);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        detail: 'Username and password are required',
        code: expect.any(String),
      });
    }
    const noBody = await server.request('/auth/login', { method: 'POST' });
    expect(noBody.status).toBe(400);
    expect(await noBody.json()).toEqual({
      detail: 'Username and password are required',
      code: expect.any(String),
    });
  });

  it('refuses an unverified account only after the password checks out', async () => {
    const credentials = newCredentials();
    await post('/auth/signup', credentials);
    const wrong = await post('/auth/login', { username: credentials.username, password: 'wrong password' });
    expect(wrong.status).toBe(401);
    const right = await post('/auth/login', credentials);
    expect(right.status).toBe(403);
  });

  it('refuses password login for a Google-only account', async () => {
    const credentials = newCredentials();
    await server.database.db.insert(users).values({
      username: credentials.username,
      email: credentials.email,
      emailVerifiedAt: new Date(),
      googleSubject: 'g-1',
    });
    const response = await post('/auth/login', credentials);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: 'Invalid credentials', code: expect.any(String) });
  });

  describe('signup validation', () => {
    it('checks the e-mail first, case-insensitively, then the username', async () => {
      const taken = await signUpVerified(server);
      const other = newCredentials();
      const both = await post('/auth/signup', {
        ...other,
        username: taken.username,
        email: taken.email.toUpperCase(),
      });
      expect(both.status).toBe(409);
      expect(await both.json()).toEqual({ detail: 'Email already exists', code: expect.any(String) });

      const name = await post('/auth/signup', { ...other, username: taken.username.toUpperCase() });
      expect(name.status).toBe(409);
      expect(await name.json()).toEqual({ detail: 'Username already exists', code: expect.any(String) });
    });

    it('still reports the e-mail first when simultaneous signups race for the same account', async () => {
      // Every request passes the up-front check before any inserts (hashing the password takes a while), so
      // the losers learn of the clash from the unique index: the username's, as PostgreSQL checks it first.
      for (let round = 0; round < 3; round++) {
        const credentials = newCredentials('racer');
        const responses = await Promise.all(
          Array.from({ length: 5 }, () => post('/auth/signup', credentials)),
        );
        const answers = await Promise.all(
          responses.map(async (response) => `${response.status} ${await response.text()}`),
        );
        expect(answers.filter((answer) => answer.startsWith('201 '))).toHaveLength(1);
        expect(answers.filter((answer) => !answer.startsWith('201 '))).toEqual(
          Array.from({ length: 4 }, () => '409 {"detail":"Email already exists","code":"EMAIL_EXISTS"}'),
        );
      }
    });

    it('accepts only the configured domains', async () => {
      const credentials = newCredentials();
      for (const email of [
        `${credentials.username}@outlook.com`,
        `${credentials.username}@gmail.com.evil.io`,
      ]) {
        const response = await post('/auth/signup', { ...credentials, email });
        expect(response.status).toBe(422);
        const body = await response.json();
        expect(body.detail).toBe('Only Gmail or Yahoo addresses are allowed');
        expect(body.errors).toEqual([
          { field: 'email', message: 'Only Gmail or Yahoo addresses are allowed' },
        ]);
      }
      for (const domain of ['yahoo.co.uk', 'googlemail.com', 'YAHOO.FR']) {
        const fresh = newCredentials();
        const response = await post('/auth/signup', { ...fresh, email: `${fresh.username}@${domain}` });
        expect(response.status, domain).toBe(201);
      }
    });

    it('refuses bad usernames, short passwords and malformed e-mails with 422', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ username: 'ab' }, 'username'],
        [{ username: 'a'.repeat(31) }, 'username'],
        [{ username: 'has space' }, 'username'],
        [{ username: 'émile' }, 'username'],
        [{ password: 'short7!' }, 'password'],
        [{ password: '   seven   ' }, 'password'],
        [{ email: 'not-an-email' }, 'email'],
        [{ username: undefined }, 'username'],
      ];
      for (const [override, field] of cases) {
        const response = await post('/auth/signup', { ...newCredentials(), ...override });
        expect(response.status, JSON.stringify(override)).toBe(422);
        const body = await response.json();
        expect(typeof body.detail).toBe('string');
        expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
      }
    });

    it('allows the full username alphabet, 3 and 30 long', async () => {
      for (const username of ['a.b', 'A_b-9.z'.padEnd(30, 'x')]) {
        const response = await post('/auth/signup', { ...newCredentials(), username });
        expect(response.status, username).toBe(201);
      }
    });
  });

  describe('verification links', () => {
    it('work once', async () => {
      const credentials = newCredentials();
      await post('/auth/signup', credentials);
      const token = latestVerificationToken(server, credentials.email);
      expect((await server.request(`/auth/verify-email?token=${token}`)).status).toBe(200);
      const again = await server.request(`/auth/verify-email?token=${token}`);
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({
        detail: 'Invalid or already-used token',
        code: expect.any(String),
      });
    });

    it('say "expired" only for a genuine expired token', async () => {
      const credentials = newCredentials();
      await post('/auth/signup', credentials);
      const token = latestVerificationToken(server, credentials.email);
      await server.database.db
        .update(emailTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(emailTokens.tokenHash, hashEmailToken(token)));
      const expired = await server.request(`/auth/verify-email?token=${token}`);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toEqual({ detail: 'Verification link expired', code: expect.any(String) });

      const forged = await server.request(`/auth/verify-email?token=${'A'.repeat(43)}`);
      expect(forged.status).toBe(400);
      expect(await forged.json()).toEqual({
        detail: 'Invalid or already-used token',
        code: expect.any(String),
      });
    });

    it('need a token', async () => {
      for (const path of [
        '/auth/verify-email',
        '/auth/verify-email?token=',
        '/auth/verify-email/?token=%20',
      ]) {
        const response = await server.request(path);
        expect(response.status, path).toBe(400);
        expect(await response.json()).toEqual({
          detail: 'Missing verification token',
          code: expect.any(String),
        });
      }
    });

    it('are valid for EMAIL_TOKEN_TTL', async () => {
      const credentials = newCredentials();
      await post('/auth/signup', credentials);
      const token = latestVerificationToken(server, credentials.email);
      const [row] = await server.database.db
        .select({
          lifetime: sql<number>`extract(epoch from ${emailTokens.expiresAt} - ${emailTokens.createdAt})`,
        })
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, hashEmailToken(token)));
      expect(Math.round(Number(row?.lifetime))).toBe(24 * 3600);
    });
  });

  describe('resend verification', () => {
    const RESEND = { message: 'If an account exists, a new link was sent.' };

    it('sends a new link and retires the old one', async () => {
      const credentials = newCredentials();
      await post('/auth/signup', credentials);
      const first = latestVerificationToken(server, credentials.email);

      const byEmail = await post('/auth/resend-verification', { email: credentials.email.toUpperCase() });
      expect(byEmail.status).toBe(200);
      expect(await byEmail.json()).toEqual(RESEND);
      expect(messagesTo(server, credentials.email)).toHaveLength(2);
      const second = latestVerificationToken(server, credentials.email);
      expect(second).not.toBe(first);

      const old = await server.request(`/auth/verify-email?token=${first}`);
      expect(await old.json()).toEqual({ detail: 'Invalid or already-used token', code: expect.any(String) });

      const byUsername = await post('/auth/resend-verification', { username: credentials.username });
      expect(await byUsername.json()).toEqual(RESEND);
      const third = latestVerificationToken(server, credentials.email);
      expect((await server.request(`/auth/verify-email?token=${third}`)).status).toBe(200);
    });

    it('answers the same for unknown and already-verified accounts, sending nothing', async () => {
      const verified = await signUpVerified(server);
      const before = outboxFiles(server).length;
      for (const json of [
        { email: 'nobody-at-all@gmail.com' },
        { username: 'nobody_at_all' },
        { email: verified.email },
      ]) {
        const response = await post('/auth/resend-verification', json);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(RESEND);
      }
      expect(outboxFiles(server)).toHaveLength(before);
    });

    it('needs an e-mail or a username', async () => {
      for (const json of [{}, { email: ' ' }, { username: '' }, undefined]) {
        const response = await post('/auth/resend-verification', json);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          detail: 'Provide email or username',
          code: expect.any(String),
        });
      }
    });
  });

  describe('access tokens', () => {
    async function signedInUser() {
      const credentials = await signUpVerified(server);
      const token = await logIn(server, credentials.username, credentials.password);
      const [user] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.username, credentials.username));
      return { ...credentials, token, id: user!.id };
    }

    it('are required by /auth/me', async () => {
      const missing = await server.request('/auth/me');
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ detail: 'Not authenticated', code: expect.any(String) });
      expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    });

    it('are refused when malformed, forged or expired', async () => {
      const { id, username } = await signedInUser();
      const key = (secret: string) => new TextEncoder().encode(secret);
      const sign = (secret: string, exp: number) =>
        new SignJWT({ username, role: 'ADMIN', ver: 0 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(id))
          .setIssuedAt(exp - 3600)
          .setExpirationTime(exp)
          .sign(key(secret));
      const now = Math.floor(Date.now() / 1000);
      const tokens = [
        'garbage',
        await sign('another secret that is also thirty-two chars', now + 3600),
        await sign(JWT_SECRET, now - 60),
      ];
      for (const token of tokens) {
        const response = await server.request('/auth/me', { token });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          detail: 'Could not validate credentials',
          code: expect.any(String),
        });
      }
      const [seriesId] = await insertSeries(server, [{ title: 'Token Probe' }]);
      // Signed with the right secret but naming a user id no PostgreSQL integer can hold: refused, not a 500
      // (a bad request never yields 500, even one carrying a genuine signature).
      for (const sub of ['2147483648', '99999999999999']) {
        const token = await new SignJWT({ username, role: 'USER', ver: 0 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setExpirationTime(now + 3600)
          .sign(key(JWT_SECRET));
        const response = await server.request('/auth/me', { token });
        expect(response.status, sub).toBe(401);
        expect(await response.json()).toEqual({
          detail: 'Could not validate credentials',
          code: expect.any(String),
        });
        // Optional-auth reads ignore it and answer as for an anonymous caller.
        const detail = await server.request(`/series-details/${seriesId}`, { token });
        expect(detail.status, sub).toBe(200);
        expect((await detail.json()).vote_scores).toEqual({});
      }
      // The same construction with the right secret and a future expiry is accepted: the refusals above are real.
      expect((await server.request('/auth/me', { token: await sign(JWT_SECRET, now + 3600) })).status).toBe(
        200,
      );
    });

    it('stop working when revoked (token version bumped) or the user is deleted', async () => {
      const revoked = await signedInUser();
      await server.database.db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, revoked.id));
      await server.app.accounts.userChanged(revoked.id);
      const afterRevoke = await server.request('/auth/me', { token: revoked.token });
      expect(afterRevoke.status).toBe(401);
      expect(await afterRevoke.json()).toEqual({
        detail: 'Could not validate credentials',
        code: expect.any(String),
      });
      // Logging in again issues a token of the new version.
      const fresh = await logIn(server, revoked.username, revoked.password);
      expect((await server.request('/auth/me', { token: fresh })).status).toBe(200);

      const deleted = await signedInUser();
      await server.database.db.delete(users).where(eq(users.id, deleted.id));
      await server.app.accounts.userChanged(deleted.id);
      const afterDelete = await server.request('/auth/me', { token: deleted.token });
      expect(afterDelete.status).toBe(401);
      expect(await afterDelete.json()).toEqual({
        detail: 'Could not validate credentials',
        code: expect.any(String),
      });
    });

    it('report the role from the database, not from the token', async () => {
      const user = await signedInUser();
      await server.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id));
      await server.app.accounts.userChanged(user.id);
      const me = await server.request('/auth/me', { token: user.token });
      expect((await me.json()).role).toBe('ADMIN');
    });
  });

  it('writes each message as an .eml file named <timestamp>-<to>-verify.eml', async () => {
    const credentials = newCredentials();
    await post('/auth/signup', credentials);
    const file = outboxFiles(server).find((name) => name.endsWith(`-${credentials.email}-verify.eml`));
    expect(file).toMatch(/\/\d{13}-[^/]+-verify\.eml$/);
    expect(readFileSync(file!, 'utf8')).toMatch(/^Subject: Verify your PanelRank e-mail address$/m);
  });

  it('tells the site which captcha and sign-in options are configured', async () => {
    const response = await server.request('/auth/config');
    expect(await response.json()).toEqual({
      captcha_provider: 'off',
      turnstile_site_key: null,
      google_client_id: null,
      signup_email_domains: server.config.SIGNUP_EMAIL_DOMAINS,
    });
    expect(server.config.SIGNUP_EMAIL_DOMAINS).toContain('gmail.com');
  });
});

describe('SIGNUP_EMAIL_DOMAINS', () => {
  it('is what signup accepts and what the site is told', async () => {
    const server = await startTestServer({
      ...AUTH_TEST_ENV,
      SIGNUP_EMAIL_DOMAINS: 'Example.org, panel.test',
    });
    try {
      const config = await (await server.request('/auth/config')).json();
      expect(config.signup_email_domains).toEqual(['example.org', 'panel.test']);
      const credentials = newCredentials();
      const post = (email: string) =>
        server.request('/auth/signup', { method: 'POST', json: { ...credentials, email } });
      expect((await post(`${credentials.username}@gmail.com`)).status).toBe(422);
      expect((await post(`${credentials.username}@EXAMPLE.org`)).status).toBe(201);
    } finally {
      await server.close();
    }
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  it('answers 404', async () => {
    const server = await startTestServer(AUTH_TEST_ENV);
    try {
      const response = await server.request('/auth/google-oauth', {
        method: 'POST',
        json: { token: 'x.y.z' },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        detail: 'Google sign-in is not configured',
        code: expect.any(String),
      });
    } finally {
      await server.close();
    }
  });
});
