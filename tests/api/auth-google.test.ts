import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../api/db/schema';
import { AUTH_TEST_ENV, logIn, newCredentials, signUpVerified } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';

const CLIENT_ID = 'panelrank-test.apps.googleusercontent.com';
const KEY_ID = 'test-key-1';

describe('Google sign-in', () => {
  let server: TestServer;
  let jwksServer: Server;
  let googleKey: CryptoKey;
  let strangerKey: CryptoKey;
  let subjectCounter = 0;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    googleKey = pair.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
    // Stands in for https://www.googleapis.com/oauth2/v3/certs.
    jwksServer = createServer((request, response) => {
      if (request.url !== '/oauth2/v3/certs') return void response.writeHead(404).end();
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: [publicJwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as AddressInfo;
    server = await startTestServer({
      ...AUTH_TEST_ENV,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => jwksServer.close(resolve));
  });

  function googleIdToken(
    claims: JWTPayload & { email?: string; email_verified?: unknown } = {},
    options: { key?: CryptoKey; audience?: string; issuer?: string; expiresAt?: number } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    subjectCounter += 1;
    return new SignJWT({ email_verified: true, sub: `10000000000000000${subjectCounter}`, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? CLIENT_ID)
      .setIssuedAt(now - 10)
      .setExpirationTime(options.expiresAt ?? now + 3600)
      .sign(options.key ?? googleKey);
  }

  const signIn = (token: unknown) =>
    server.request('/auth/google-oauth', { method: 'POST', json: { token } });

  it('creates a verified user on first use and finds it again', async () => {
    const token = await googleIdToken({ email: 'Jane.Reader+comics@Gmail.com', sub: 'google-jane' });
    const first = await signIn(token);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      user: { id: expect.any(Number), username: 'jane.reader', role: 'USER' },
    });
    const [user] = await server.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(user).toMatchObject({
      email: 'jane.reader+comics@gmail.com',
      googleSubject: 'google-jane',
      passwordHash: null,
    });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);

    const me = await server.request('/auth/me', { token: body.access_token });
    expect((await me.json()).email).toBe('jane.reader+comics@gmail.com');

    // Same Google account, even with a changed e-mail: same user.
    const again = await signIn(await googleIdToken({ email: 'jane.new@gmail.com', sub: 'google-jane' }));
    expect((await again.json()).user.id).toBe(body.user.id);
  });

  it('accepts the bare issuer and makes derived usernames unique and valid', async () => {
    const first = await signIn(
      await googleIdToken({ email: 'sam@gmail.com' }, { issuer: 'accounts.google.com' }),
    );
    const second = await signIn(await googleIdToken({ email: 'sam@yahoo.com' }));
    const odd = await signIn(await googleIdToken({ email: 'ü@example.org' }));
    expect((await first.json()).user.username).toBe('sam');
    expect((await second.json()).user.username).toBe('sam2');
    expect((await odd.json()).user.username).toMatch(/^[A-Za-z0-9_.-]{3,30}$/);
  });

  it('links a verified password account with the same e-mail and keeps its password', async () => {
    const credentials = await signUpVerified(server);
    const response = await signIn(await googleIdToken({ email: credentials.email.toUpperCase() }));
    expect(response.status).toBe(200);
    expect((await response.json()).user.username).toBe(credentials.username);
    await expect(logIn(server, credentials.username, credentials.password)).resolves.toEqual(
      expect.any(String),
    );
  });

  it('verifies an unverified account it links, dropping the unproven password', async () => {
    const credentials = newCredentials();
    await server.request('/auth/signup', { method: 'POST', json: credentials });
    const response = await signIn(await googleIdToken({ email: credentials.email }));
    expect(response.status).toBe(200);
    const [user] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.username, credentials.username));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user?.passwordHash).toBeNull();
    const login = await server.request('/auth/login', { method: 'POST', json: credentials });
    expect(login.status).toBe(401);
  });

  it('refuses tokens for another audience, from another issuer, expired, unverified or not signed by Google', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad = {
      audience: await googleIdToken(
        { email: 'a1@gmail.com' },
        { audience: 'someone-else.apps.googleusercontent.com' },
      ),
      issuer: await googleIdToken({ email: 'a2@gmail.com' }, { issuer: 'https://evil.example.com' }),
      expired: await googleIdToken({ email: 'a3@gmail.com' }, { expiresAt: now - 120 }),
      unverified: await googleIdToken({ email: 'a4@gmail.com', email_verified: false }),
      noEmail: await googleIdToken({}),
      stranger: await googleIdToken({ email: 'a5@gmail.com' }, { key: strangerKey }),
      garbage: 'not.a.jwt',
    };
    for (const [name, token] of Object.entries(bad)) {
      const response = await signIn(token);
      expect(response.status, name).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Invalid Google token', code: expect.any(String) });
    }
  });

  it('needs a token', async () => {
    for (const body of [{}, { token: '' }, { token: '   ' }, undefined]) {
      const response = await server.request('/auth/google-oauth', { method: 'POST', json: body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ detail: 'Missing Google token', code: expect.any(String) });
    }
  });

  it('publishes the client id for the site', async () => {
    const config = await (await server.request('/auth/config')).json();
    expect(config.google_client_id).toBe(CLIENT_ID);
  });
});
