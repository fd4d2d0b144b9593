import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV, createUserWithToken, newCredentials } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

/**
 * The same fields in the three encodings every form call accepts (docs/api.md); a list field as a JSON
 * array, or a url-encoded or multipart field repeated.
 */
function encodings(fields: Record<string, string | string[]>): [string, RequestInit][] {
  const entries = Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => [name, item] as [string, string]),
  );
  const multipart = new FormData();
  for (const [name, value] of entries) multipart.append(name, value);
  return [
    ['json', { body: JSON.stringify(fields), headers: { 'content-type': 'application/json' } }],
    [
      'urlencoded',
      {
        body: new URLSearchParams(entries).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    ],
    ['multipart', { body: multipart }],
  ];
}

describe('contract conventions', () => {
  let server: TestServer;
  let seriesId: number;
  let user: { token: string };

  beforeAll(async () => {
    server = await startTestServer({
      ...AUTH_TEST_ENV,
      AUTH_RATE_LIMIT_MAX: '1000',
      AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000',
    });
    [seriesId] = (await insertSeries(server, [{ title: 'Encoded' }])) as [number];
    user = await createUserWithToken(server);
  });
  afterAll(() => server.close());

  it('accepts a vote as JSON, url-encoded and multipart alike', async () => {
    const categories = ['Story', 'Art', 'Characters'];
    for (const [index, category] of categories.entries()) {
      const [name, encoded] = encodings({ category, score: String(5 + index) })[index]!;
      const response = await server.request(`/series-details/${seriesId}/vote`, {
        method: 'POST',
        token: user.token,
        ...encoded,
      });
      expect(response.status, name).toBe(200);
      const detail = (await response.json()) as { vote_scores: Record<string, number> };
      expect(detail.vote_scores[category], name).toBe(5 + index);
    }
  });

  it('answers a multipart vote with a bad token 401 before reading the body, never 415', async () => {
    const [, multipart] = encodings({ category: 'Drama / Fighting', score: '9' })[2]!;
    const response = await server.request(`/series-details/${seriesId}/vote`, {
      method: 'POST',
      token: 'not-a-token',
      ...multipart,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      detail: 'Could not validate credentials',
      code: 'INVALID_TOKEN',
    });
  });

  it('accepts signup, login and resend in every encoding', async () => {
    for (const [index, [name]] of encodings({}).entries()) {
      const credentials = newCredentials(`enc${index}`);
      const send = (path: string, fields: Record<string, string>) =>
        server.request(path, { method: 'POST', ...encodings(fields)[index]![1] });

      const signup = await send('/auth/signup', { ...credentials });
      expect(signup.status, `signup ${name}`).toBe(201);
      // Not verified yet: the login got past parsing and the captcha to the account check.
      const login = await send('/auth/login', {
        username: credentials.username,
        password: credentials.password,
      });
      expect(login.status, `login ${name}`).toBe(403);
      expect(await login.json()).toEqual({ detail: 'Email not verified', code: 'EMAIL_NOT_VERIFIED' });
      const resend = await send('/auth/resend-verification', { email: credentials.email });
      expect(resend.status, `resend ${name}`).toBe(200);
    }
  });

  it('takes an app and a personal token in every encoding, lists as arrays and one value as a list of one', async () => {
    for (const [name, encoded] of encodings({
      name: 'Encoded app',
      redirect_uris: ['https://example.com/cb', 'com.example.app:/callback'],
      client_type: 'public',
    })) {
      const response = await server.request('/oauth/apps', { method: 'POST', token: user.token, ...encoded });
      expect(response.status, name).toBe(201);
      expect(((await response.json()) as { redirect_uris: string[] }).redirect_uris, name).toEqual([
        'https://example.com/cb',
        'com.example.app:/callback',
      ]);
      const app = (await server
        .request('/oauth/apps', { token: user.token })
        .then((answer) => answer.json())) as {
        client_id: string;
      }[];
      for (const { client_id } of app)
        await server.request(`/oauth/apps/${client_id}`, { method: 'DELETE', token: user.token });
    }
    for (const scopes of [['library.read', 'profile'], ['library.read']]) {
      for (const [name, encoded] of encodings({ name: `Script ${scopes.length}`, scopes })) {
        const response = await server.request('/personal-tokens', {
          method: 'POST',
          token: user.token,
          ...encoded,
        });
        expect(response.status, `${name} ${scopes.join(' ')}`).toBe(201);
        expect(((await response.json()) as { scopes: string[] }).scopes, name).toEqual(scopes);
      }
    }
  });

  it('carries a stable code on every error', async () => {
    const cases: [string, RequestInit & { token?: string }, number, string][] = [
      [`/series/summary/999999`, {}, 404, 'SERIES_NOT_FOUND'],
      ['/auth/me', {}, 401, 'NOT_AUTHENTICATED'],
      ['/auth/me', { token: 'forged' }, 401, 'INVALID_TOKEN'],
      [`/series/${seriesId}`, { method: 'DELETE', token: user.token }, 403, 'ADMIN_REQUIRED'],
      ['/series/rankings?page=0', {}, 422, 'VALIDATION_FAILED'],
      ['/no/such/route', {}, 404, 'NOT_FOUND'],
    ];
    for (const [path, init, status, code] of cases) {
      const response = await server.request(path, init);
      expect(response.status, path).toBe(status);
      expect(((await response.json()) as { code?: string }).code, path).toBe(code);
    }
  });

  it('refuses ids that are not canonical decimal integers with 422 on every id route', async () => {
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    const routes: [string, (id: string) => string, RequestInit & { token?: string; json?: unknown }][] = [
      ['GET', (id) => `/series/summary/${id}`, {}],
      ['GET', (id) => `/series-details/${id}`, {}],
      ['PUT', (id) => `/series/${id}`, { method: 'PUT', token: admin.token, json: { title: 'Renamed' } }],
      ['DELETE', (id) => `/series/${id}`, { method: 'DELETE', token: admin.token }],
      [
        'POST vote',
        (id) => `/series-details/${id}/vote`,
        { method: 'POST', token: user.token, json: { category: 'Art', score: 5 } },
      ],
    ];
    const spellings = ['0x10', '1e3', '+5', '-1', '007', '%207', '5.0', '0b11'];
    for (const [name, path, init] of routes) {
      for (const id of spellings) {
        const response = await server.request(path(id), init);
        expect(response.status, `${name} ${id}`).toBe(422);
        expect(((await response.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
      }
      // The canonical spelling of an id that does not exist is a 404, not a 422.
      expect((await server.request(path('987654'), init)).status, `${name} 987654`).toBe(404);
    }
    // The series itself is untouched by all of the above.
    expect((await server.request(`/series/summary/${seriesId}`)).status).toBe(200);
  });

  it('falls back to the series cover in series_cover_url while there is no detail cover', async () => {
    const summary = (await (await server.request(`/series/summary/${seriesId}`)).json()) as {
      cover_url: string | null;
    };
    const detail = (await (await server.request(`/series-details/${seriesId}`)).json()) as {
      series_cover_url: string;
      has_detail_cover: boolean;
    };
    expect(detail.has_detail_cover).toBe(false);
    expect(detail.series_cover_url).toBe(summary.cover_url ?? '');
  });
});
