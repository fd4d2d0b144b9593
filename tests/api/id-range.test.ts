import { createHmac, hkdfSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { DIGEST_API_TEXTS, DIGEST_ERROR_CODES } from '../../contract/digest';
import { MAX_ID, VALUE_OUT_OF_RANGE, VALUE_OUT_OF_RANGE_CODE } from '../../contract/http';
import { AUTH_TEST_ENV, createUserWithToken } from './auth-helpers';
import { createdThread, FORUM_TEST_ENV } from './forum-helpers';
import { startTestServer, type TestServer } from './harness';
import { solidImage } from './image-fixtures';
import { report } from './issue-fixtures';
import { createdList } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/**
 * Every integer a client can put in front of SQL (path ids, query cursors and filters, body ids, ids inside
 * signed tokens and uploaded files) is checked against the range of PostgreSQL's `integer` columns before it
 * reaches a query: one past it is answered as the route answers anything that names nothing (404, 422, an
 * ignored id, an invalid link), never with a 500 and never by the database's refusal.
 */

const JWT_SECRET = 'id-range-test-secret-id-range-test-secret-0123';

/** Well spelled, past the `integer` range (and still safe JavaScript integers, so JSON carries them exactly). */
const BEYOND = ['2147483648', '4294967296', '99999999999', '9007199254740991'];
/** Everything else a hostile client sends where an integer goes. */
const HOSTILE = [
  '-1',
  '0',
  '-2147483649',
  '1.5',
  '1e3',
  'abc',
  '0x10',
  '9223372036854775807',
  '9223372036854775808',
  '99999999999999999999',
  '9'.repeat(400),
];

/** A numeric-looking value as a JSON number (as a careless client sends it), anything else as a string. */
function asJson(value: string): unknown {
  return /^-?\d+(\.\d+)?(e\d+)?$/.test(value) && value.length < 30 ? Number(value) : value;
}

/** The token of a digest's unsubscribe link, built here the way the link is built: id.expiry.HMAC. */
function unsubscribeToken(userId: string, secret: string, expires = Math.floor(Date.now() / 1000) + 3600) {
  const key = Buffer.from(
    hkdfSync('sha256', secret, Buffer.alloc(0), 'panelrank email-digest unsubscribe v1', 32),
  );
  const signature = createHmac('sha256', key).update(`${userId}.${expires}`).digest('base64url');
  return `${userId}.${expires}.${signature}`;
}

interface IdCase {
  name: string;
  /** The status of a well-spelled id past the range. */
  beyond: number;
  /** The error code of that answer, where the route has its own. */
  code?: string;
  /** A path id: past the range it answers exactly what an id no row has (MAX_ID) answers. */
  likeMissing?: boolean;
  send(value: string): Promise<Response>;
}

describe('integers from the client reach SQL only within the column range', () => {
  let server: TestServer;
  let user: { id: number; token: string };
  let admin: { token: string };
  let seriesId: number;
  let listId: number;
  let threadId: number;
  let postId: number;
  let png: Buffer;
  const cases: IdCase[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      JWT_SECRET,
      ...AUTH_TEST_ENV,
      ...FORUM_TEST_ENV,
      WRITE_RATE_LIMIT_MAX: '100000',
      ADMIN_RATE_LIMIT_MAX: '100000',
      ISSUE_RATE_LIMIT_MAX: '100000',
    });
    [seriesId] = (await insertSeries(server, [{ title: 'Range Target', voters: 1, score: 6 }])) as [number];
    user = await createUserWithToken(server);
    admin = await createUserWithToken(server, { role: 'ADMIN' });
    listId = (await createdList(server, user.token, 'Range list')).id;
    const { thread, originalPost } = await createdThread(server, user.token);
    threadId = thread.id;
    postId = originalPost.id;
    await report(server);
    png = await solidImage(40, 40);
  });
  afterAll(() => server.close());

  const request = (method: string, path: string, token?: string, json?: unknown) =>
    server.request(path, { method, token, ...(json !== undefined ? { json } : {}) });
  const form = (fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (file) body.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), 'file');
    return body;
  };
  const malExport = (malId: string, chapters: string) =>
    Buffer.from(
      '<?xml version="1.0"?><myanimelist><myinfo><user_export_type>2</user_export_type></myinfo>' +
        `<manga><manga_mangadb_id>${malId}</manga_mangadb_id><manga_title>Range Target</manga_title>` +
        `<my_read_chapters>${chapters}</my_read_chapters><my_status>Reading</my_status></manga></myanimelist>`,
    );
  const path = (method: string, template: string, auth: 'user' | 'admin', json?: unknown) =>
    void cases.push({
      name: `${method} ${template}`,
      beyond: 404,
      likeMissing: true,
      send: (value) =>
        request(
          method,
          template
            .replace(':id', value)
            .replace(':series', String(seriesId))
            .replace(':list', String(listId))
            .replace(':thread', String(threadId))
            .replace(':post', String(postId)),
          (auth === 'admin' ? admin : user).token,
          json,
        ),
    });

  // Path ids: each position of each route that takes one.
  path('GET', '/series/summary/:id', 'user');
  path('GET', '/series-details/:id', 'user');
  path('PUT', '/series/:id', 'admin', { title: 'Renamed' });
  path('DELETE', '/series/:id', 'admin');
  path('POST', '/series-details/:id/vote', 'user', { category: 'Story', score: 5 });
  path('POST', '/series-details/:id/votes', 'user', { scores: { story: 5 } });
  path('DELETE', '/reading-lists/:id', 'user');
  path('POST', '/reading-lists/:id/items', 'user', { series_id: 1 });
  path('DELETE', '/reading-lists/:id/items/:series', 'user');
  path('DELETE', '/reading-lists/:list/items/:id', 'user');
  path('PATCH', '/reading-lists/:id/items/:series', 'user', { chapters_read: 1 });
  path('PATCH', '/reading-lists/:list/items/:id', 'user', { chapters_read: 1 });
  path('GET', '/reading-lists/:id/items/paged', 'user');
  path('GET', '/reading-lists/:id/export.csv', 'user');
  path('GET', '/reading-lists/:id/export.xml', 'user');
  path('POST', '/reading-lists/:id/share', 'user');
  path('DELETE', '/reading-lists/:id/share', 'user');
  path('PATCH', '/issues/:id/status', 'admin', { status: 'FIXED' });
  path('DELETE', '/issues/:id', 'admin');
  path('GET', '/forum/threads/:id', 'user');
  path('PATCH', '/forum/threads/:id', 'user', { title: 'Renamed thread' });
  path('DELETE', '/forum/threads/:id', 'user');
  path('POST', '/forum/threads/:id/posts', 'user', { content_markdown: 'A reply.' });
  path('POST', '/forum/threads/:id/follow', 'user');
  path('DELETE', '/forum/threads/:id/follow', 'user');
  path('PATCH', '/forum/threads/:id/lock', 'admin', { locked: true });
  path('PATCH', '/forum/threads/:id/pin', 'admin', { pinned: true });
  path('PATCH', '/forum/threads/:id/settings', 'admin', { latest_first: true });
  path('PATCH', '/forum/threads/:id/posts/:post', 'admin', { content_markdown: 'Edited.' });
  path('PATCH', '/forum/threads/:thread/posts/:id', 'admin', { content_markdown: 'Edited.' });
  path('DELETE', '/forum/threads/:id/posts/:post', 'admin');
  path('DELETE', '/forum/threads/:thread/posts/:id', 'admin');
  path('DELETE', '/forum/threads/:id/posts/:post/mine', 'user');
  path('DELETE', '/forum/threads/:thread/posts/:id/mine', 'user');
  path('POST', '/forum/threads/:id/posts/:post/heart', 'user');
  path('POST', '/forum/threads/:thread/posts/:id/heart', 'user');
  path('GET', '/forum/threads/:id/posts/:post/revisions', 'admin');
  path('GET', '/forum/threads/:thread/posts/:id/revisions', 'admin');

  cases.push({
    name: 'POST /reading-lists/:id/import',
    beyond: 404,
    likeMissing: true,
    send: (value) =>
      server.request(`/reading-lists/${value}/import?dry_run=true`, {
        method: 'POST',
        token: user.token,
        body: form({}, { name: 'file', bytes: malExport('1', '1'), type: 'text/xml' }),
      }),
  });

  // Query strings: cursors and filters compared with id and count columns; pages past the end are empty.
  cases.push(
    {
      name: 'GET /series/catalogue?after_id',
      beyond: 422,
      code: 'VALIDATION_FAILED',
      send: (value) => request('GET', `/series/catalogue?after_id=${value}`),
    },
    {
      name: 'GET /forum/catalogue?after_id',
      beyond: 422,
      code: 'VALIDATION_FAILED',
      send: (value) => request('GET', `/forum/catalogue?after_id=${value}`),
    },
    {
      name: 'GET /reading-lists/{id}/items/paged?min_votes',
      beyond: 422,
      code: 'VALIDATION_FAILED',
      send: (value) => request('GET', `/reading-lists/${listId}/items/paged?min_votes=${value}`, user.token),
    },
    ...[
      '/series/rankings',
      '/series/catalogue',
      '/forum/threads',
      '/issues',
      '/notifications',
      '/reading-lists/me/paged',
      '/reading-lists/:list/items/paged',
    ].map((route): IdCase => ({
      name: `GET ${route}?page`,
      beyond: 200,
      send: (value) => request('GET', `${route.replace(':list', String(listId))}?page=${value}`, user.token),
    })),
  );

  // Body ids and integers stored in integer columns.
  cases.push(
    {
      name: 'POST /reading-lists/{id}/items series_id',
      beyond: 404,
      send: (value) =>
        request('POST', `/reading-lists/${listId}/items`, user.token, { series_id: asJson(value) }),
    },
    {
      name: 'PATCH /reading-lists/{id}/items/{seriesId} chapters_read',
      beyond: 422,
      send: async (value) => {
        await request('POST', `/reading-lists/${listId}/items`, user.token, { series_id: seriesId });
        return request('PATCH', `/reading-lists/${listId}/items/${seriesId}`, user.token, {
          chapters_read: asJson(value),
        });
      },
    },
    {
      name: 'POST /series-details/{id}/vote score',
      beyond: 400,
      send: (value) =>
        request('POST', `/series-details/${seriesId}/vote`, user.token, {
          category: 'Story',
          score: asJson(value),
        }),
    },
    {
      name: 'POST /forum/threads/{id}/posts parent_id',
      beyond: 404,
      send: (value) =>
        request('POST', `/forum/threads/${threadId}/posts`, user.token, {
          content_markdown: 'A reply.',
          parent_id: asJson(value),
        }),
    },
    {
      name: 'POST /forum/threads series_ids (an unknown series is ignored)',
      beyond: 201,
      send: (value) =>
        request('POST', '/forum/threads', user.token, {
          title: 'Range thread',
          first_post_markdown: 'Naming a series.',
          series_ids: [asJson(value)],
        }),
    },
    {
      name: 'PATCH /forum/threads/{id} series_ids (ignored)',
      beyond: 200,
      send: (value) =>
        request('PATCH', `/forum/threads/${threadId}`, user.token, { series_ids: [asJson(value)] }),
    },
    {
      name: 'POST /forum/media/upload thread_id',
      beyond: 404,
      send: (value) =>
        server.request('/forum/media/upload', {
          method: 'POST',
          token: user.token,
          body: form({ thread_id: value }, { name: 'file', bytes: png, type: 'image/png' }),
        }),
    },
    {
      name: 'POST /forum/media/upload post_id',
      beyond: 404,
      send: (value) =>
        server.request('/forum/media/upload', {
          method: 'POST',
          token: user.token,
          body: form(
            { thread_id: String(threadId), post_id: value },
            { name: 'file', bytes: png, type: 'image/png' },
          ),
        }),
    },
    {
      name: 'POST /series-details series_id',
      beyond: 404,
      send: (value) =>
        server.request('/series-details', {
          method: 'POST',
          token: admin.token,
          body: form({ series_id: value, synopsis: 'A synopsis.' }),
        }),
    },
    {
      name: 'POST /notifications/read ids (not the caller’s: ignored)',
      beyond: 200,
      send: (value) => request('POST', '/notifications/read', user.token, { ids: [asJson(value)] }),
    },
    ...['mal_id', 'anilist_id'].map((field): IdCase => ({
      name: `PUT /series/{id} ${field}`,
      beyond: 422,
      send: (value) => request('PUT', `/series/${seriesId}`, admin.token, { [field]: asJson(value) }),
    })),
    {
      name: 'POST /reading-lists/{id}/import with a MyAnimeList id and chapters past the range',
      beyond: 200,
      send: (value) =>
        server.request(`/reading-lists/${listId}/import?dry_run=true`, {
          method: 'POST',
          token: user.token,
          body: form({}, { name: 'file', bytes: malExport(value, value), type: 'text/xml' }),
        }),
    },
    {
      name: 'POST /reading-lists/{id}/import choices',
      beyond: 400,
      send: (value) =>
        server.request(`/reading-lists/${listId}/import?dry_run=true`, {
          method: 'POST',
          token: user.token,
          body: form(
            { choices: JSON.stringify([{ source_index: asJson(value), series_id: asJson(value) }]) },
            { name: 'file', bytes: malExport('1', '1'), type: 'text/xml' },
          ),
        }),
    },
  );

  // Ids inside signed tokens: a genuine signature over an id no row can have.
  const key = new TextEncoder().encode(JWT_SECRET);
  for (const method of ['GET', 'POST'])
    cases.push({
      name: `${method} /notifications/unsubscribe with a validly signed token`,
      beyond: 400,
      code: DIGEST_ERROR_CODES.invalidUnsubscribeLink,
      send: (value) =>
        request(
          method,
          `/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(value, JWT_SECRET))}`,
        ),
    });
  cases.push({
    name: 'GET /auth/me with a validly signed access token',
    beyond: 401,
    send: async (value) =>
      request(
        'GET',
        '/auth/me',
        await new SignJWT({ username: 'nobody', role: 'USER', ver: 0 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(value)
          .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
          .sign(key),
      ),
  });

  /** What is wrong with an answer to a hostile integer: a 5xx, or an error outside the contract's shape. */
  async function problem(response: Response): Promise<string | undefined> {
    const text = await response.text();
    if (response.status >= 500) return `${response.status} ${text.slice(0, 200)}`;
    if (response.status < 400) return undefined;
    let body: { detail?: unknown; code?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return `${response.status} without a JSON body: ${text.slice(0, 100)}`;
    }
    if (typeof body.detail !== 'string' || typeof body.code !== 'string') return `${response.status} ${text}`;
    // The database's refusal is a safety net; a value must be checked before it gets there.
    if (body.code === VALUE_OUT_OF_RANGE_CODE) return `refused by the database, not checked first: ${text}`;
    return undefined;
  }

  it('answers an id or count past 2^31-1 as the route answers what names nothing', async () => {
    const problems: string[] = [];
    for (const idCase of cases) {
      for (const value of BEYOND) {
        const response = await idCase.send(value);
        const text = await response.clone().text();
        const wrong = await problem(response);
        if (wrong) problems.push(`${idCase.name} = ${value}: ${wrong}`);
        else if (response.status !== idCase.beyond) {
          problems.push(
            `${idCase.name} = ${value}: ${response.status}, not ${idCase.beyond}: ${text.slice(0, 160)}`,
          );
        } else if (idCase.code && !text.includes(`"code":"${idCase.code}"`)) {
          problems.push(`${idCase.name} = ${value}: not ${idCase.code}: ${text.slice(0, 160)}`);
        } else if (idCase.likeMissing) {
          const missing = await (await idCase.send(String(MAX_ID))).text();
          if (text !== missing)
            problems.push(`${idCase.name} = ${value}: ${text}, not as missing: ${missing}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('answers negative, fractional, non-numeric and huge integers with a 4xx, never a 5xx', async () => {
    const problems: string[] = [];
    for (const idCase of cases) {
      for (const value of HOSTILE) {
        const wrong = await problem(await idCase.send(value));
        if (wrong) problems.push(`${idCase.name} = ${value.slice(0, 24)}: ${wrong}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('still takes the largest id, and an unsubscribe link signed the same way for a real account', async () => {
    expect((await request('GET', `/series-details/${MAX_ID}`)).status).toBe(404);
    expect((await request('GET', `/series/catalogue?after_id=${MAX_ID}`)).status).toBe(200);
    expect((await request('GET', `/forum/catalogue?after_id=${MAX_ID}`)).status).toBe(200);
    // The token construction above is the real one: the same token for an account that exists works.
    const own = await request(
      'POST',
      `/notifications/unsubscribe?token=${unsubscribeToken(String(user.id), JWT_SECRET)}`,
    );
    expect(own.status, await own.clone().text()).toBe(200);
    for (const method of ['GET', 'POST']) {
      const beyond = await request(
        method,
        `/notifications/unsubscribe?token=${unsubscribeToken(String(MAX_ID + 1), JWT_SECRET)}`,
      );
      expect(beyond.status).toBe(400);
      expect(await beyond.json()).toEqual({
        detail: DIGEST_API_TEXTS.invalidUnsubscribeLink,
        code: DIGEST_ERROR_CODES.invalidUnsubscribeLink,
      });
    }
  });
});

describe('a value the database refuses', () => {
  it('answers 400 VALUE_OUT_OF_RANGE, not 500, should a route ever pass one unchecked', async () => {
    // A probe route that sends what it is given straight to SQL, as a route missing its check would.
    const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-id-range-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'silent',
    });
    const database = await openDatabase(config.database);
    await migrateDatabase(database);
    const app = await buildApp({ config, database, logger: false });
    app.get('/probe/unchecked/:value', async (request) => {
      const { value } = request.params as { value: string };
      await database.db.execute(sql`select ${value}::integer as id`);
      return { ok: true };
    });
    app.get('/probe/division', async () => {
      await database.db.execute(sql`select 1 / (select count(*) from users where false) as n`);
      return { ok: true };
    });
    try {
      for (const value of ['2147483648', '-2147483649', 'abc']) {
        const response = await app.inject({ url: `/probe/unchecked/${value}` });
        expect(response.statusCode, value).toBe(400);
        expect(response.json()).toEqual({ detail: VALUE_OUT_OF_RANGE, code: VALUE_OUT_OF_RANGE_CODE });
      }
      expect((await app.inject({ url: `/probe/unchecked/${MAX_ID}` })).statusCode).toBe(200);
      // Nothing a client sent causes a division by zero: that stays a server error.
      expect((await app.inject({ url: '/probe/division' })).statusCode).toBe(500);
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
