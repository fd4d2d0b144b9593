import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV, createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { multipartForm, solidImage } from './image-fixtures';
import { insertSeries } from './series-fixtures';

/**
 * "A bad request never yields 500": every route, fed what a careless or hostile client sends, answers a 4xx
 * (or a success) with the contract's error shape. Failures are collected so one run names every offender.
 */

const NUL = 'a\u0000b';

/** Path ids: existing-looking, out of range for PostgreSQL `integer`, negative, non-numeric, malformed. */
const HOSTILE_IDS = [
  '0',
  '-1',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '1e400',
  'abc',
  '1.5',
  'NaN',
  'null',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%',
];

/** Values put into each field of a JSON body. */
const HOSTILE_VALUES: unknown[] = [
  null,
  0,
  -1,
  2147483648,
  1e308,
  true,
  [],
  ['a', 'b'],
  {},
  { nested: NUL },
  '',
  '   ',
  NUL,
  '\u0000',
  'x'.repeat(20_000),
  '\ud800',
];

/** Whole bodies, each with the content type it claims (or none). */
const RAW_BODIES: { label: string; contentType?: string; body: BodyInit }[] = [
  { label: 'JSON null', contentType: 'application/json', body: 'null' },
  { label: 'JSON array', contentType: 'application/json', body: '[1,2]' },
  { label: 'JSON string', contentType: 'application/json', body: '"text"' },
  { label: 'JSON number', contentType: 'application/json', body: '42' },
  { label: 'broken JSON', contentType: 'application/json', body: '{"a":' },
  { label: 'JSON with __proto__', contentType: 'application/json', body: '{"__proto__":{"x":1}}' },
  { label: 'empty JSON', contentType: 'application/json', body: '' },
  { label: 'form with NUL', contentType: 'application/x-www-form-urlencoded', body: 'username=a%00b&x=1' },
  { label: 'form', contentType: 'application/x-www-form-urlencoded', body: 'a=1&a=2&b=' },
  { label: 'text', contentType: 'text/plain', body: 'hello\u0000' },
  { label: 'no content type', body: new Uint8Array(Buffer.from('{"a":1}')) },
  { label: 'empty multipart', contentType: 'multipart/form-data; boundary=xyz', body: '' },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', body: 'abc' },
  {
    label: 'unterminated multipart',
    contentType: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc',
  },
  { label: 'unknown type', contentType: 'application/x-unknown', body: 'zzz' },
];

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `:id` is replaced by each hostile id. */
  path: string;
  auth?: 'user' | 'admin';
  /** Body fields to fill with hostile values. */
  fields?: string[];
  /** Query parameters to fill with hostile values. */
  query?: string[];
}

const ROUTES: Route[] = [
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/series/rankings', query: ['page', 'page_size', 'type', 'genre'] },
  { method: 'GET', path: '/series/search', query: ['query', 'type'] },
  { method: 'GET', path: '/series/catalogue', query: ['page', 'page_size', 'after_id'] },
  { method: 'GET', path: '/forum/catalogue', query: ['after_id', 'page_size'] },
  { method: 'GET', path: '/series/summary/:id' },
  { method: 'GET', path: '/series-details/:id' },
  { method: 'GET', path: '/auth/verify-email', query: ['token'] },
  { method: 'GET', path: '/notifications/unsubscribe', query: ['token'] },
  { method: 'POST', path: '/notifications/unsubscribe', query: ['token'] },
  { method: 'GET', path: '/auth/me' },
  { method: 'GET', path: '/auth/config' },
  { method: 'GET', path: '/auth/captcha/challenge' },
  { method: 'GET', path: '/media/:id' },
  { method: 'POST', path: '/auth/signup', fields: ['username', 'password', 'email', 'captcha_token'] },
  { method: 'POST', path: '/auth/login', fields: ['username', 'password', 'captcha_token'] },
  { method: 'POST', path: '/auth/resend-verification', fields: ['email', 'username', 'captcha_token'] },
  { method: 'POST', path: '/auth/google-oauth', fields: ['token'] },
  { method: 'POST', path: '/series-details/:id/vote', auth: 'user', fields: ['category', 'score'] },
  {
    method: 'POST',
    path: '/series',
    auth: 'admin',
    fields: ['title', 'genre', 'type', 'author', 'artist', 'status'],
  },
  {
    method: 'PUT',
    path: '/series/:id',
    auth: 'admin',
    fields: ['title', 'genre', 'type', 'author', 'artist', 'status'],
  },
  { method: 'DELETE', path: '/series/:id', auth: 'admin' },
  { method: 'POST', path: '/series-details', auth: 'admin', fields: ['series_id', 'synopsis'] },
  { method: 'GET', path: '/forum/threads', query: ['q', 'page', 'page_size', 'author'] },
  { method: 'GET', path: '/forum/threads/:id' },
  { method: 'GET', path: '/forum/series-search', query: ['q', 'limit'] },
  {
    method: 'POST',
    path: '/forum/threads',
    auth: 'user',
    fields: ['title', 'first_post_markdown', 'series_ids'],
  },
  {
    method: 'PATCH',
    path: '/forum/threads/:id',
    auth: 'user',
    fields: ['title', 'first_post_markdown', 'series_ids'],
  },
  { method: 'DELETE', path: '/forum/threads/:id', auth: 'user' },
  {
    method: 'POST',
    path: '/forum/threads/:id/posts',
    auth: 'user',
    fields: ['content_markdown', 'parent_id', 'series_ids'],
  },
  {
    method: 'PATCH',
    path: '/forum/threads/:id/posts/1',
    auth: 'admin',
    fields: ['content_markdown', 'series_ids'],
  },
  { method: 'DELETE', path: '/forum/threads/1/posts/:id', auth: 'admin' },
  { method: 'DELETE', path: '/forum/threads/1/posts/:id/mine', auth: 'user' },
  { method: 'PATCH', path: '/forum/threads/:id/lock', auth: 'admin', fields: ['locked'] },
  { method: 'PATCH', path: '/forum/threads/:id/settings', auth: 'admin', fields: ['latest_first'] },
  { method: 'PATCH', path: '/forum/threads/:id/pin', auth: 'admin', fields: ['pinned'] },
  { method: 'POST', path: '/forum/threads/:id/posts/1/heart', auth: 'user' },
  { method: 'POST', path: '/forum/media/upload', auth: 'user', fields: ['thread_id', 'post_id'] },
  // The ids, as usernames.
  { method: 'GET', path: '/users/:id' },
  { method: 'PUT', path: '/auth/me/avatar', auth: 'user', fields: ['file'] },
  {
    method: 'PUT',
    path: '/auth/me/preferences',
    auth: 'user',
    fields: ['email_digest', 'show_reading_stats'],
  },
];

describe('hostile input on every route', () => {
  let server: TestServer;
  let seriesId: number;
  let tokens: Record<'user' | 'admin', string>;
  const failures: string[] = [];
  let probes = 0;

  beforeAll(async () => {
    // Hundreds of hostile writes by one admin: the write limits are tested in write-rate-limits.test.ts.
    server = await startTestServer({
      ...AUTH_TEST_ENV,
      ADMIN_RATE_LIMIT_MAX: '100000',
      WRITE_RATE_LIMIT_MAX: '100000',
    });
    [seriesId] = (await insertSeries(server, [{ title: 'Target', voters: 1, score: 6 }])) as [number];
    tokens = {
      user: (await createUserWithToken(server)).token,
      admin: (await createUserWithToken(server, { role: 'ADMIN' })).token,
    };
  });
  afterAll(() => server.close());

  /** Sends one request and records it unless it is a non-5xx with the contract's error shape. */
  async function probe(label: string, path: string, init: RequestInit & { token?: string; json?: unknown }) {
    probes += 1;
    let response: Response;
    try {
      response = await server.request(path, init);
    } catch (error) {
      failures.push(`${label}: ${init.method ?? 'GET'} ${path}: no answer (${(error as Error).message})`);
      return;
    }
    const text = await response.text();
    const where = `${label}: ${init.method ?? 'GET'} ${path.slice(0, 120)} -> ${response.status}`;
    if (response.status >= 500) {
      failures.push(`${where} ${text.slice(0, 200)}`);
      return;
    }
    const json = /json/.test(response.headers.get('content-type') ?? '');
    if (response.status >= 400 && init.method !== 'HEAD') {
      if (!json) return void failures.push(`${where}: error without a JSON body`);
      const body = JSON.parse(text) as { detail?: unknown; errors?: unknown };
      if (typeof body.detail !== 'string') failures.push(`${where}: detail is not a string: ${text}`);
      if (response.status === 422 && !Array.isArray(body.errors)) {
        failures.push(`${where}: 422 without an errors list: ${text}`);
      }
    }
  }

  const pathFor = (route: Route, id: string) => route.path.replace(':id', id);
  const tokenFor = (route: Route) => (route.auth ? tokens[route.auth] : undefined);
  /** DELETE is only tried on ids that cannot name the target series, so the other probes keep it. */
  const idsFor = (route: Route) => [...(route.method === 'DELETE' ? [] : [String(seriesId)]), ...HOSTILE_IDS];

  it('never answers 5xx to odd ids, bodies, query strings, trailing slashes or HEAD', async () => {
    for (const route of ROUTES) {
      const token = tokenFor(route);
      const method = route.method;
      for (const id of route.path.includes(':id') ? idsFor(route) : ['']) {
        const path = pathFor(route, id);
        await probe('id', path, { method, token });
        await probe('trailing slash', `${path}/`, { method, token });
        if (method === 'GET') await probe('HEAD', path, { method: 'HEAD', token });
        await probe('unknown query parameters', `${path}?zzz=1&page[]=2&__proto__=x`, { method, token });
      }
      const target = pathFor(route, String(route.method === 'DELETE' ? 987_654 : seriesId));
      for (const name of route.query ?? []) {
        for (const value of [
          '',
          '%00',
          'a%00b',
          '-1',
          '0',
          '1e400',
          '2147483648',
          '99999999999999999999',
          'NaN',
          '%E0%A4%A',
        ]) {
          await probe(`query ${name}`, `${target}?${name}=${value}`, { method, token });
        }
        await probe(`repeated ${name}`, `${target}?${name}=1&${name}=2`, { method, token });
      }
      if (method === 'GET' || method === 'DELETE') continue;
      for (const raw of RAW_BODIES) {
        const headers: Record<string, string> = raw.contentType ? { 'content-type': raw.contentType } : {};
        await probe(raw.label, target, { method, token, headers, body: raw.body });
      }
      for (const field of route.fields ?? []) {
        for (const value of HOSTILE_VALUES) {
          await probe(`${field}=${JSON.stringify(value)?.slice(0, 20)}`, target, {
            method,
            token,
            json: { [field]: value },
          });
        }
        await probe(`multipart ${field} with NUL`, target, {
          method,
          token,
          body: multipartForm({ [field]: NUL }),
        });
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(900);
  }, 240_000);

  it('refuses text with a NUL character as 422 naming the field, wherever it arrives', async () => {
    const [seriesId] = (await insertSeries(server, [{ title: 'Untouched' }])) as [number];
    const expectNulRefused = async (response: Response, field: string) => {
      expect(response.status, field).toBe(422);
      expect(await response.json()).toEqual({
        detail: `${field}: must not contain NUL characters`,
        code: 'VALIDATION_FAILED',
        errors: [{ field, message: 'must not contain NUL characters' }],
      });
    };
    // JSON bodies (login and resend compare it with stored accounts; admin fields would be stored).
    await expectNulRefused(
      await server.request('/auth/login', {
        method: 'POST',
        json: { username: NUL, password: 'long enough' },
      }),
      'username',
    );
    await expectNulRefused(
      await server.request('/auth/resend-verification', {
        method: 'POST',
        json: { email: `${NUL}@gmail.com` },
      }),
      'email',
    );
    await expectNulRefused(
      await server.request(`/series/${seriesId}`, {
        method: 'PUT',
        token: tokens.admin,
        json: { title: NUL },
      }),
      'title',
    );
    // Form-encoded bodies and query strings.
    await expectNulRefused(
      await server.request('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=a%00b&password=long+enough',
      }),
      'username',
    );
    await expectNulRefused(await server.request('/series/search?query=a%00b'), 'query');
    // Multipart fields, read by the admin routes themselves.
    await expectNulRefused(
      await server.request(`/series/${seriesId}`, {
        method: 'PUT',
        token: tokens.admin,
        body: multipartForm({ author: NUL }),
      }),
      'author',
    );
    await expectNulRefused(
      await server.request('/series-details', {
        method: 'POST',
        token: tokens.admin,
        body: multipartForm({ series_id: String(seriesId), synopsis: `Once ${NUL}` }),
      }),
      'synopsis',
    );
    // Nothing was changed by the refused writes.
    const detail = await (await server.request(`/series-details/${seriesId}`)).json();
    expect(detail).toMatchObject({ title: 'Untouched', author: '', synopsis: '' });
  });

  it("answers a URL it cannot decode with 400 and the contract's {detail}", async () => {
    for (const path of ['/series/summary/%', '/series-details/%E0%A4%A', '/series/%ZZ']) {
      const response = await server.request(path, { method: path === '/series/%ZZ' ? 'PUT' : 'GET' });
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ detail: 'Malformed URL', code: expect.any(String) });
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('answers a multipart add with two covers, or a cover and a stray file, without a 5xx', async () => {
    const cover = await solidImage(200, 300);
    const form = multipartForm({ title: 'Twice', genre: 'Action', type: 'MANGA' });
    form.append('cover', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'one.png');
    form.append('cover', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'two.png');
    // A repeated field arrives as a list, which the schema refuses: one cover per series.
    const twice = await server.request('/series', { method: 'POST', token: tokens.admin, body: form });
    expect(twice.status).toBe(422);
    expect(await twice.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const stray = multipartForm({
      title: 'Stray',
      genre: 'Action',
      type: 'MANGA',
      cover: { bytes: cover, filename: 'c.png' },
      extra: { bytes: cover, filename: 'x.png' },
    });
    expect(
      (await server.request('/series', { method: 'POST', token: tokens.admin, body: stray })).status,
    ).toBe(201);
    const three = multipartForm({ title: 'Thrice', genre: 'Action', type: 'MANGA' });
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      three.append('cover', new Blob([new Uint8Array(cover)], { type: 'image/png' }), `${name}.png`);
    }
    const refused = await server.request('/series', { method: 'POST', token: tokens.admin, body: three });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({
      detail: 'Too many fields or files in the form',
      code: expect.any(String),
    });
  });
});
