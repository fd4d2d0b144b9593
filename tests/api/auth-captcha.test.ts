import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredentials } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';

const ALTCHA_HMAC_KEY = 'an altcha test key that is at least thirty-two characters';
const CAPTCHA_FAILED = { detail: 'Captcha verification failed', code: 'CAPTCHA_FAILED' };

/** What the widget submits: base64 of JSON {challenge, solution}. */
async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('the challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('ALTCHA captcha (the default provider)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ALTCHA_HMAC_KEY,
      AUTH_RATE_LIMIT_MAX: '1000',
      AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000',
    });
  });
  afterAll(() => server.close());

  const post = (path: string, json: unknown) => server.request(path, { method: 'POST', json });
  async function freshChallenge(): Promise<Challenge> {
    const response = await server.request('/auth/captcha/challenge');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return (await response.json()) as Challenge;
  }

  it('is announced to the site', async () => {
    expect(await (await server.request('/auth/config')).json()).toEqual({
      captcha_provider: 'altcha',
      turnstile_site_key: null,
      google_client_id: null,
      signup_email_domains: server.config.SIGNUP_EMAIL_DOMAINS,
    });
  });

  it('is not used up by a signup refused for its fields', async () => {
    const payload = await solvedPayload(await freshChallenge());
    const credentials = newCredentials();
    for (const refused of [
      { email: `${credentials.username}@hotmail.com` },
      { password: 'short' },
      { username: 'a b' },
    ]) {
      const response = await post('/auth/signup', { ...credentials, ...refused, captcha_token: payload });
      expect(response.status, JSON.stringify(refused)).toBe(422);
    }
    // The same solution then signs up: the refusals came before the captcha was checked.
    const signup = await post('/auth/signup', { ...credentials, captcha_token: payload });
    expect(signup.status).toBe(201);
    // And it is used up now.
    const again = await post('/auth/signup', { ...newCredentials(), captcha_token: payload });
    expect(await again.json()).toEqual(CAPTCHA_FAILED);
  });

  it('hands out signed challenges that expire within 10 minutes', async () => {
    const challenge = await freshChallenge();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      keySignature: expect.any(String),
    });
    const secondsLeft = challenge.parameters.expiresAt! - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(9 * 60);
    expect(secondsLeft).toBeLessThanOrEqual(10 * 60);
  });

  it('is required by signup, login and resend', async () => {
    const credentials = newCredentials();
    const garbage = [undefined, '', 'garbage', Buffer.from('{"challenge":1}').toString('base64')];
    for (const captcha_token of garbage) {
      for (const [path, body] of [
        ['/auth/signup', credentials],
        ['/auth/login', { username: credentials.username, password: credentials.password }],
        ['/auth/resend-verification', { email: credentials.email }],
      ] as const) {
        const response = await post(path, { ...body, captcha_token });
        expect(response.status, `${path} with ${captcha_token}`).toBe(400);
        expect(await response.json()).toEqual(CAPTCHA_FAILED);
      }
    }
  });

  it('accepts a solved challenge once', async () => {
    const payload = await solvedPayload(await freshChallenge());
    const credentials = newCredentials();
    const signup = await post('/auth/signup', { ...credentials, captcha_token: payload });
    expect(signup.status).toBe(201);

    const replayed = await post('/auth/login', { ...credentials, captcha_token: payload });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toEqual(CAPTCHA_FAILED);

    // A fresh solution gets past the captcha to the account checks.
    const login = await post('/auth/login', {
      ...credentials,
      captcha_token: await solvedPayload(await freshChallenge()),
    });
    expect(login.status).toBe(403);
  });

  it('refuses a solution that does not match its challenge', async () => {
    const challenge = await freshChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    const tampered = Buffer.from(
      JSON.stringify({ challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } }),
    ).toString('base64');
    const response = await post('/auth/resend-verification', {
      email: 'x@gmail.com',
      captcha_token: tampered,
    });
    expect(response.status).toBe(400);
  });

  it('refuses expired challenges and challenges signed with another key', async () => {
    const sign = (secret: string, expiresAt: Date | undefined) =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 10,
        counter: 5,
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt,
      });
    const future = new Date(Date.now() + 60_000);
    const cases = {
      expired: await sign(ALTCHA_HMAC_KEY, new Date(Date.now() - 1_000)),
      withoutExpiry: await sign(ALTCHA_HMAC_KEY, undefined),
      otherKey: await sign('some other key that is also long enough to be a key', future),
    };
    for (const [name, challenge] of Object.entries(cases)) {
      const response = await post('/auth/resend-verification', {
        email: 'x@gmail.com',
        captcha_token: await solvedPayload(challenge),
      });
      expect(response.status, name).toBe(400);
    }
    // The same construction, current and with our key, passes: the refusals above are about expiry and key.
    const good = await post('/auth/resend-verification', {
      email: 'x@gmail.com',
      captcha_token: await solvedPayload(await sign(ALTCHA_HMAC_KEY, future)),
    });
    expect(good.status).toBe(200);
  });
});

describe('captcha challenge endpoint with another provider', () => {
  it('answers 404', async () => {
    const server = await startTestServer({ CAPTCHA_PROVIDER: 'off' });
    try {
      expect((await server.request('/auth/captcha/challenge')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
