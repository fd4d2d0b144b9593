import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV, newCredentials } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';

const TOO_MANY = { detail: 'Too many requests. Please slow down.', code: 'RATE_LIMITED' };

describe('auth rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ...AUTH_TEST_ENV,
      AUTH_RATE_LIMIT_MAX: '4',
      AUTH_RATE_LIMIT_ACCOUNT_MAX: '2',
      AUTH_RATE_LIMIT_WINDOW: '1m',
    });
  });
  afterAll(() => server.close());

  const post = (path: string, json: unknown) => server.request(path, { method: 'POST', json });

  async function expectTooMany(response: Response) {
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual(TOO_MANY);
    const retryAfter = response.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  }

  it('limits login attempts per account, whatever the casing', async () => {
    const statuses = [];
    for (const username of ['victim', 'VICTIM']) {
      statuses.push((await post('/auth/login', { username, password: 'guess-guess' })).status);
    }
    expect(statuses).toEqual([401, 401]);
    await expectTooMany(await post('/auth/login', { username: ' Victim ', password: 'guess-guess' }));
    // Another account from the same IP is still allowed (the IP limit is 4).
    expect((await post('/auth/login', { username: 'someone', password: 'guess-guess' })).status).toBe(401);
  });

  it('limits login attempts per IP across accounts', async () => {
    // The previous test used 4 of this IP's login requests.
    await expectTooMany(await post('/auth/login', { username: 'third-account', password: 'guess-guess' }));
  });

  it('counts signup and resend apart from login', async () => {
    const credentials = newCredentials();
    expect((await post('/auth/signup', credentials)).status).toBe(201);
    expect((await post('/auth/resend-verification', { email: credentials.email })).status).toBe(200);
    expect((await post('/auth/resend-verification', { email: credentials.email })).status).toBe(200);
    await expectTooMany(await post('/auth/resend-verification', { email: credentials.email }));
    await expectTooMany(await post('/auth/resend-verification', { email: credentials.email.toUpperCase() }));
  });
});
