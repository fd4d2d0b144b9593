import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { series } from '../../api/db/schema';
import type { LibraryEntry, LibraryPage, PersonalToken } from '../../contract/apps';
import { MAX_APPS_PER_USER, MAX_PERSONAL_TOKENS_PER_USER } from '../../contract/apps';
import type { ReadingList, SeriesTracking } from '../../contract/reading-lists';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { APPS_TEST_ENV, createPersonalToken, registerApp, v1 } from './apps-helpers';
import { createdList, listCalls } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

const ALL = ['library.read', 'library.write', 'profile'] as const;

/**
 * The library API (/v1) with personal access tokens, and what the site shows of it; the apps' and personal
 * tokens' limits; CORS; the per-token rate limit; and that a token never reaches the logs.
 */
describe('library API and personal tokens', () => {
  let server: TestServer;
  let ids: number[];

  beforeAll(async () => {
    server = await startTestServer({
      ...APPS_TEST_ENV,
      READING_LIST_MAX_ITEMS: '3',
      V1_RATE_LIMIT_MAX: '40',
    });
    ids = await insertSeries(server, [
      { title: 'Solo Leveling' },
      { title: 'Tower of God' },
      { title: 'Omniscient Reader' },
      { title: 'The Breaker' },
    ]);
    await server.database.db
      .update(series)
      .set({ malId: 121496, mangaupdatesId: 'abc12' })
      .where(eq(series.id, ids[0]!));
    server.app.catalogue.invalidate();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function readerWithToken(scopes: readonly (typeof ALL)[number][] = ALL) {
    const reader = await createUserWithToken(server);
    const personal = await createPersonalToken(server, reader.token, [...scopes]);
    return { ...reader, api: personal.token, personal };
  }

  const put = (token: string, seriesId: number | string, json: unknown) =>
    v1(server, token, `/library/${seriesId}`, { method: 'PUT', json });

  it('creates, lists, uses and revokes personal tokens, shown once', async () => {
    const reader = await createUserWithToken(server);
    const created = await createPersonalToken(
      server,
      reader.token,
      ['profile', 'library.read'],
      'My sync script',
    );
    expect(created.token).toMatch(/^prk_pat_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'My sync script',
      scopes: ['library.read', 'profile'],
      last_used_at: null,
    });
    expect(created.token_hint).toBe(created.token.slice(-4));

    const me = await v1(server, created.token, '/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ id: reader.id, username: reader.username, avatar_url: null });
    let listed: PersonalToken[] = [];
    // The use is recorded without holding the call: wait for it.
    for (let attempt = 0; attempt < 50; attempt++) {
      listed = (await (
        await server.request('/personal-tokens', { token: reader.token })
      ).json()) as PersonalToken[];
      if (listed[0]?.last_used_at) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('token');
    expect(listed[0]!.last_used_at).not.toBeNull();

    const other = await createUserWithToken(server);
    expect(
      (await server.request(`/personal-tokens/${created.id}`, { method: 'DELETE', token: other.token }))
        .status,
    ).toBe(404);
    expect(
      (await server.request(`/personal-tokens/${created.id}`, { method: 'DELETE', token: reader.token }))
        .status,
    ).toBe(204);
    expect((await v1(server, created.token, '/me')).status).toBe(401);
    expect(
      (await server.request(`/personal-tokens/${created.id}`, { method: 'DELETE', token: reader.token }))
        .status,
    ).toBe(404);
  });

  it('refuses bad token requests and caps the tokens per reader', async () => {
    const reader = await createUserWithToken(server);
    const create = (json: unknown) =>
      server.request('/personal-tokens', { method: 'POST', token: reader.token, json });
    expect((await create({ name: 'x', scopes: [] })).status).toBe(422);
    expect((await create({ name: 'x', scopes: ['admin'] })).status).toBe(422);
    expect((await create({ name: '  ', scopes: ['profile'] })).status).toBe(422);
    expect((await create({ name: 'x'.repeat(61), scopes: ['profile'] })).status).toBe(422);
    expect(
      (await server.request('/personal-tokens', { method: 'POST', json: { name: 'x', scopes: ['profile'] } }))
        .status,
    ).toBe(401);
    for (let i = 0; i < MAX_PERSONAL_TOKENS_PER_USER; i++)
      await createPersonalToken(server, reader.token, ['profile'], `t${i}`);
    const over = await create({ name: 'one more', scopes: ['profile'] });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({
      code: 'TOKEN_LIMIT_REACHED',
      detail: expect.stringContaining('20'),
    });
  });

  it('checks redirect URIs and caps the apps per reader', async () => {
    const reader = await createUserWithToken(server);
    const create = (redirect_uris: unknown, extra: object = {}) =>
      server.request('/oauth/apps', {
        method: 'POST',
        token: reader.token,
        json: { name: 'App', redirect_uris, client_type: 'public', ...extra },
      });
    for (const bad of [
      ['javascript:alert(1)'],
      ['data:text/html,hi'],
      ['http://example.com/cb'],
      ['https://example.com/cb#frag'],
      ['/relative/cb'],
      ['com.example.app:/cb#x'],
      ['noscheme'],
      ['https://user:pass@example.com/cb'],
      [],
      Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`),
    ]) {
      expect((await create(bad)).status, JSON.stringify(bad)).toBe(422);
    }
    expect((await create(['https://example.com/cb'], { name: '' })).status).toBe(422);
    expect((await create(['https://example.com/cb'], { client_type: 'secret' })).status).toBe(422);
    for (const good of [
      ['https://example.com/cb?x=1'],
      ['http://127.0.0.1:8080/cb', 'http://[::1]/cb', 'http://localhost:3000/cb'],
      ['com.example.app:/oauth2redirect'],
    ]) {
      expect((await create(good)).status, JSON.stringify(good)).toBe(201);
    }
    for (let i = 3; i < MAX_APPS_PER_USER; i++) await registerApp(server, reader.token);
    const over = await create(['https://example.com/cb']);
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: 'APP_LIMIT_REACHED' });
    const apps = (await (await server.request('/oauth/apps', { token: reader.token })).json()) as {
      client_id: string;
    }[];
    expect(apps).toHaveLength(MAX_APPS_PER_USER);
    expect(apps[0]).not.toHaveProperty('client_secret');
    const other = await createUserWithToken(server);
    expect(
      (await server.request(`/oauth/apps/${apps[0]!.client_id}`, { method: 'DELETE', token: other.token }))
        .status,
    ).toBe(404);
    await expect((await server.request('/oauth/apps', { token: other.token })).json()).resolves.toEqual([]);
  });

  it('adds a series to a list made for a reader who has none, and the site shows it at once', async () => {
    const reader = await readerWithToken();
    const added = await put(reader.api, ids[0]!, {
      status: 'READING',
      chapters_read: 12,
      started_on: '2024-03-01',
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const entry = (await added.json()) as LibraryEntry;
    expect(entry).toMatchObject({
      series_id: ids[0],
      title: 'Solo Leveling',
      status: 'READING',
      chapters_read: 12,
      score: null,
      started_on: '2024-03-01',
      finished_on: null,
    });
    const lists = (await (await listCalls(server).mine(reader.token)).json()) as ReadingList[];
    expect(lists).toEqual([
      expect.objectContaining({ id: entry.list_id, name: 'My Library', items: [{ series_id: ids[0] }] }),
    ]);

    // The Track panel's answer is kept in memory; a change through /v1 drops it.
    const tracking = () =>
      server
        .request(`/reading-lists/me/series/${ids[0]}`, { token: reader.token })
        .then((r) => r.json() as Promise<SeriesTracking>);
    expect((await tracking())[0]).toMatchObject({ reading_status: 'READING', chapters_read: 12 });
    const updated = await put(reader.api, ids[0]!, {
      status: 'COMPLETED',
      chapters_read: 200,
      score: 9,
      finished_on: '2024-05-02',
    });
    expect(await updated.json()).toMatchObject({
      status: 'COMPLETED',
      score: 9,
      started_on: '2024-03-01',
      finished_on: '2024-05-02',
    });
    expect((await tracking())[0]).toMatchObject({
      reading_status: 'COMPLETED',
      chapters_read: 200,
      score: 9,
    });
    const page = (await (await listCalls(server).items(reader.token, entry.list_id)).json()) as {
      items: { reading_status: string }[];
    };
    expect(page.items[0]!.reading_status).toBe('COMPLETED');

    // A null clears; a field left out stays.
    const cleared = (await (
      await put(reader.api, ids[0]!, { score: null, started_on: null })
    ).json()) as LibraryEntry;
    expect(cleared).toMatchObject({
      score: null,
      started_on: null,
      finished_on: '2024-05-02',
      chapters_read: 200,
    });
    expect(Date.parse(cleared.updated_at)).toBeGreaterThanOrEqual(Date.parse(entry.updated_at));

    const got = await v1(server, reader.api, `/library/${ids[0]}`);
    expect(await got.json()).toEqual(cleared);
    expect((await v1(server, reader.api, `/library/${ids[1]}`)).status).toBe(404);
    expect((await v1(server, reader.api, '/library/99999999')).status).toBe(404);
  });

  it('pages and filters the library; a series in two lists is the first list’s entry', async () => {
    const reader = await readerWithToken();
    const first = await createdList(server, reader.token, 'First');
    const second = await createdList(server, reader.token, 'Second');
    expect((await put(reader.api, ids[1]!, { list_id: second.id, status: 'DROPPED' })).status).toBe(200);
    expect((await put(reader.api, ids[1]!, { list_id: first.id, status: 'ON_HOLD' })).status).toBe(200);
    expect((await put(reader.api, ids[0]!, {})).status).toBe(200);
    const library = (await (await v1(server, reader.api, '/library')).json()) as LibraryPage;
    expect(library).toEqual({
      items: [
        expect.objectContaining({ series_id: ids[0], list_id: first.id, status: 'PLAN_TO_READ' }),
        expect.objectContaining({ series_id: ids[1], list_id: first.id, status: 'ON_HOLD' }),
      ],
      page: 1,
      has_more: false,
    });
    // With a list_id holding the series, that list's item is the one set.
    const inSecond = (await (
      await put(reader.api, ids[1]!, { list_id: second.id, chapters_read: 7 })
    ).json()) as LibraryEntry;
    expect(inSecond).toMatchObject({ list_id: second.id, status: 'DROPPED', chapters_read: 7 });
    expect(await (await v1(server, reader.api, `/library/${ids[1]}`)).json()).toMatchObject({
      list_id: first.id,
      chapters_read: 0,
    });
    const onHold = (await (await v1(server, reader.api, '/library?status=on_hold')).json()) as LibraryPage;
    expect(onHold.items.map((item) => item.series_id)).toEqual([ids[1]]);
    expect(((await (await v1(server, reader.api, '/library?page=2')).json()) as LibraryPage).items).toEqual(
      [],
    );
    expect((await v1(server, reader.api, '/library?status=SOMETIMES')).status).toBe(422);

    // Removing takes the series out of every list.
    expect((await v1(server, reader.api, `/library/${ids[1]}`, { method: 'DELETE' })).status).toBe(204);
    const lists = (await (await listCalls(server).mine(reader.token)).json()) as ReadingList[];
    expect(lists.flatMap((list) => list.items.map((item) => item.series_id))).toEqual([ids[0]]);
    expect((await v1(server, reader.api, `/library/${ids[1]}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses bad values, unknown series, foreign lists and full lists', async () => {
    const reader = await readerWithToken();
    for (const body of [
      { status: 'SOMETIMES' },
      { chapters_read: -1 },
      { chapters_read: 100_001 },
      { chapters_read: 1.5 },
      { score: 11 },
      { score: 0 },
      { started_on: '2024-02-30' },
      { started_on: 'yesterday' },
      { started_on: '2024-05-02', finished_on: '2024-05-01' },
      { list_id: 'x' },
    ]) {
      const answer = await put(reader.api, ids[0]!, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(await answer.json()).toMatchObject({ detail: expect.any(String), errors: expect.any(Array) });
    }
    // Dates checked against what is stored too.
    expect((await put(reader.api, ids[0]!, { finished_on: '2024-05-01' })).status).toBe(200);
    expect((await put(reader.api, ids[0]!, { started_on: '2024-06-01' })).status).toBe(422);

    const unknown = await put(reader.api, 99_999_999, {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ detail: 'Series not found' });
    const other = await readerWithToken();
    const foreign = await createdList(server, other.token, 'Theirs');
    expect((await put(reader.api, ids[1]!, { list_id: foreign.id })).status).toBe(404);

    for (const id of ids.slice(1, 3)) expect((await put(reader.api, id, {})).status).toBe(200);
    const full = await put(reader.api, ids[3]!, {});
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ detail: 'List is full.' });
  });

  it("never shows one reader another's library", async () => {
    const alice = await readerWithToken();
    const bob = await readerWithToken();
    expect((await put(alice.api, ids[0]!, { status: 'READING' })).status).toBe(200);
    expect(((await (await v1(server, bob.api, '/library')).json()) as LibraryPage).items).toEqual([]);
    expect((await v1(server, bob.api, `/library/${ids[0]}`)).status).toBe(404);
    expect((await v1(server, bob.api, `/library/${ids[0]}`, { method: 'DELETE' })).status).toBe(404);
    expect((await v1(server, alice.api, `/library/${ids[0]}`)).status).toBe(200);
  });

  it('needs library.write to write and library.read to read', async () => {
    const reader = await readerWithToken(['library.read']);
    const denied = await put(reader.api, ids[0]!, {});
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: 'insufficient_scope', scope: 'library.write' });
    expect((await v1(server, reader.api, `/library/${ids[0]}`, { method: 'DELETE' })).status).toBe(403);
    expect((await v1(server, reader.api, '/me')).status).toBe(403);
    const writer = await readerWithToken(['library.write']);
    expect((await v1(server, writer.api, '/library')).status).toBe(403);
  });

  it('looks series up by search, id and other sites’ ids, with any scope', async () => {
    const reader = await readerWithToken(['profile']);
    const found = (await (await v1(server, reader.api, '/series/search?q=solo')).json()) as { id: number }[];
    expect(found[0]).toMatchObject({ id: ids[0], title: 'Solo Leveling', mal_id: 121496, alt_titles: [] });
    expect((await v1(server, reader.api, '/series/search?q=s')).status).toBe(422);
    expect(await (await v1(server, reader.api, `/series/${ids[1]}`)).json()).toMatchObject({
      id: ids[1],
      title: 'Tower of God',
    });
    expect((await v1(server, reader.api, '/series/99999999')).status).toBe(404);
    expect(await (await v1(server, reader.api, '/series/by/myanimelist/121496')).json()).toMatchObject({
      id: ids[0],
    });
    expect(await (await v1(server, reader.api, '/series/by/mangaupdates/abc12')).json()).toMatchObject({
      id: ids[0],
    });
    for (const path of [
      '/series/by/anilist/1',
      '/series/by/myanimelist/0',
      '/series/by/myanimelist/99999999999',
      '/series/by/mangaupdates/ABC',
    ]) {
      expect((await v1(server, reader.api, path)).status, path).toBe(404);
    }
    expect((await v1(server, reader.api, '/series/by/kitsu/1')).status).toBe(422);
  });

  it('opens CORS to any origin on /v1 and the protocol endpoints only', async () => {
    const reader = await readerWithToken();
    const origin = 'https://some-reader-app.example';
    const call = await server.request('/v1/me', { token: reader.api, headers: { origin } });
    expect(call.headers.get('access-control-allow-origin')).toBe('*');
    expect(call.headers.get('access-control-allow-credentials')).toBeNull();
    const unauthorized = await server.request('/v1/me', { headers: { origin } });
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('*');
    expect(unauthorized.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/i);
    const preflight = await fetch(`${server.url}/v1/library/1`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    for (const path of ['/.well-known/oauth-authorization-server']) {
      expect(
        (await fetch(`${server.url}${path}`, { headers: { origin } })).headers.get(
          'access-control-allow-origin',
        ),
      ).toBe('*');
    }
    const token = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token',
    });
    expect(token.headers.get('access-control-allow-origin')).toBe('*');
    // Everywhere else, as before: the site's origin only.
    for (const path of ['/oauth/apps', '/personal-tokens', '/reading-lists/me', '/series/rankings', '/v1x']) {
      const answer = await server.request(path, { token: reader.token, headers: { origin } });
      expect(answer.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const site = await server.request('/oauth/apps', {
      token: reader.token,
      headers: { origin: 'https://panelrank.test' },
    });
    expect(site.headers.get('access-control-allow-origin')).toBe('https://panelrank.test');
  });

  it('limits calls per token with 429 and Retry-After', async () => {
    const reader = await readerWithToken(['profile']);
    const other = await readerWithToken(['profile']);
    for (let i = 0; i < 40; i++) expect((await v1(server, reader.api, '/me')).status).toBe(200);
    const limited = await v1(server, reader.api, '/me');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await v1(server, other.api, '/me')).status).toBe(200);
  });

  it('never writes a token to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logged = await buildApp({
      config: server.config,
      database: server.database,
      logger: { level: 'trace', stream },
    });
    try {
      const reader = await createUserWithToken(server);
      // Created on the main instance: the logged one reads the same database.
      const { token } = await createPersonalToken(server, reader.token, ['profile'], 'logged');
      expect(
        (await logged.inject({ url: '/v1/me', headers: { authorization: `Bearer ${token}` } })).statusCode,
      ).toBe(200);
      expect(
        (await logged.inject({ url: '/v1/me', headers: { authorization: `Bearer ${token}x` } })).statusCode,
      ).toBe(401);
      await logged.inject({ url: `/v1/me?access_token=${token}` });
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).not.toContain(token.slice(8));
        expect(line).not.toContain(reader.token);
      }
    } finally {
      await logged.close();
    }
  });
});
