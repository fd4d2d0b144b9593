import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, AUTH_TEXTS } from '../../contract/accounts';
import { SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE } from '../../contract/catalogue';
import { FORUM_API_TEXTS, FORUM_ERROR_CODES } from '../../contract/forum';
import { MAX_ID } from '../../contract/http';
import { ISSUE_ERROR_CODES, ISSUE_TEXTS } from '../../contract/issues';
import { REVIEW_ERROR_CODES, REVIEW_TEXTS } from '../../contract/reviews';
import { LIST_NOT_FOUND, READING_LIST_ERROR_CODES, SERIES_NOT_IN_LIST } from '../../contract/reading-lists';
import { AUTH_TEST_ENV, createUserWithToken } from './auth-helpers';
import { createdThread, FORUM_TEST_ENV } from './forum-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdList } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/**
 * Every 404 condition answers one code, the contract's, on every route where it occurs: a client branches on
 * `code` ("Series not found" is SERIES_NOT_FOUND in the catalogue, in voting and in reading lists alike).
 * `detail` keeps the contract's text, which older clients show.
 */

interface NotFoundCase {
  name: string;
  detail: string;
  code: string;
  send(): Promise<Response>;
}

describe('404 codes', () => {
  let server: TestServer;
  let user: { token: string };
  let admin: { token: string };
  let seriesId: number;
  let listId: number;
  let threadId: number;
  let postId: number;
  const cases: NotFoundCase[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      ...AUTH_TEST_ENV,
      ...FORUM_TEST_ENV,
      WRITE_RATE_LIMIT_MAX: '100000',
      ADMIN_RATE_LIMIT_MAX: '100000',
    });
    [seriesId] = (await insertSeries(server, [{ title: 'Present', voters: 1, score: 6 }])) as [number];
    user = await createUserWithToken(server);
    admin = await createUserWithToken(server, { role: 'ADMIN' });
    listId = (await createdList(server, user.token, 'Mine')).id;
    const { thread, originalPost } = await createdThread(server, user.token);
    threadId = thread.id;
    postId = originalPost.id;
  });
  afterAll(() => server.close());

  const send = (method: string, path: string, token?: string, json?: unknown) =>
    server.request(path, { method, token, ...(json !== undefined ? { json } : {}) });
  const add = (name: string, answer: { detail: string; code: string }, call: () => Promise<Response>) =>
    void cases.push({ name, ...answer, send: call });

  // An id no row has, and one past the id range (which the path's schema answers the same way).
  for (const missing of [String(MAX_ID), String(MAX_ID + 1)]) {
    const series = { detail: SERIES_NOT_FOUND, code: SERIES_NOT_FOUND_CODE };
    add(`GET /series/summary/${missing}`, series, () => send('GET', `/series/summary/${missing}`));
    add(`GET /series-details/${missing}`, series, () => send('GET', `/series-details/${missing}`));
    add(`PUT /series/${missing}`, series, () =>
      send('PUT', `/series/${missing}`, admin.token, { title: 'Renamed' }),
    );
    add(`DELETE /series/${missing}`, series, () => send('DELETE', `/series/${missing}`, admin.token));
    add(`POST /series-details/${missing}/vote`, series, () =>
      send('POST', `/series-details/${missing}/vote`, user.token, { category: 'Story', score: 5 }),
    );
    add(`POST /series-details/${missing}/votes`, series, () =>
      send('POST', `/series-details/${missing}/votes`, user.token, { scores: { story: 5 } }),
    );
    add(`POST /series-details series_id ${missing}`, series, () => {
      const form = new FormData();
      form.append('series_id', missing);
      form.append('synopsis', 'A synopsis.');
      return server.request('/series-details', { method: 'POST', token: admin.token, body: form });
    });
    add(`POST /reading-lists/{id}/items series_id ${missing}`, series, () =>
      send('POST', `/reading-lists/${listId}/items`, user.token, { series_id: Number(missing) }),
    );

    const list = { detail: LIST_NOT_FOUND, code: READING_LIST_ERROR_CODES.notFound };
    add(`DELETE /reading-lists/${missing}`, list, () =>
      send('DELETE', `/reading-lists/${missing}`, user.token),
    );
    add(`GET /reading-lists/${missing}/items/paged`, list, () =>
      send('GET', `/reading-lists/${missing}/items/paged`, user.token),
    );
    add(`POST /reading-lists/${missing}/items`, list, () =>
      send('POST', `/reading-lists/${missing}/items`, user.token, { series_id: seriesId }),
    );
    add(
      `DELETE /reading-lists/{id}/items/${missing}`,
      { detail: SERIES_NOT_IN_LIST, code: READING_LIST_ERROR_CODES.notInList },
      () => send('DELETE', `/reading-lists/${listId}/items/${missing}`, user.token),
    );

    const thread = { detail: FORUM_API_TEXTS.threadNotFound, code: FORUM_ERROR_CODES.threadNotFound };
    const post = { detail: FORUM_API_TEXTS.postNotFound, code: FORUM_ERROR_CODES.postNotFound };
    add(`GET /forum/threads/${missing}`, thread, () => send('GET', `/forum/threads/${missing}`));
    add(`POST /forum/threads/${missing}/posts`, thread, () =>
      send('POST', `/forum/threads/${missing}/posts`, user.token, { content_markdown: 'A reply.' }),
    );
    add(`PATCH /forum/threads/${missing}/lock`, thread, () =>
      send('PATCH', `/forum/threads/${missing}/lock`, admin.token, { locked: true }),
    );
    add(`PATCH /forum/threads/{id}/posts/${missing}`, post, () =>
      send('PATCH', `/forum/threads/${threadId}/posts/${missing}`, user.token, {
        content_markdown: 'Edited.',
      }),
    );
    add(`POST /forum/threads/{id}/posts/${missing}/heart`, post, () =>
      send('POST', `/forum/threads/${threadId}/posts/${missing}/heart`, user.token),
    );
    add(`POST /forum/threads/${missing}/posts/{postId}/heart`, post, () =>
      send('POST', `/forum/threads/${missing}/posts/${postId}/heart`, user.token),
    );
    add(
      `POST /forum/threads/{id}/posts parent_id ${missing}`,
      { detail: FORUM_API_TEXTS.parentNotFound, code: FORUM_ERROR_CODES.parentNotFound },
      () =>
        send('POST', `/forum/threads/${threadId}/posts`, user.token, {
          content_markdown: 'A reply.',
          parent_id: Number(missing),
        }),
    );

    add(`GET /series/${missing}/reviews`, series, () => send('GET', `/series/${missing}/reviews`));
    add(`POST /series/${missing}/reviews`, series, () =>
      send('POST', `/series/${missing}/reviews`, user.token, { body_markdown: 'A review. '.repeat(12) }),
    );
    const review = { detail: REVIEW_TEXTS.notFound, code: REVIEW_ERROR_CODES.notFound };
    add(`PATCH /reviews/${missing}`, review, () =>
      send('PATCH', `/reviews/${missing}`, user.token, { spoiler: true }),
    );
    add(`DELETE /reviews/${missing}`, review, () => send('DELETE', `/reviews/${missing}`, admin.token));
    add(`POST /reviews/${missing}/helpful`, review, () =>
      send('POST', `/reviews/${missing}/helpful`, user.token),
    );
    add(`DELETE /reviews/${missing}/helpful`, review, () =>
      send('DELETE', `/reviews/${missing}/helpful`, user.token),
    );

    const issue = { detail: ISSUE_TEXTS.notFound, code: ISSUE_ERROR_CODES.notFound };
    add(`DELETE /issues/${missing}`, issue, () => send('DELETE', `/issues/${missing}`, admin.token));
    add(`PATCH /issues/${missing}/status`, issue, () =>
      send('PATCH', `/issues/${missing}/status`, admin.token, { status: 'FIXED' }),
    );
  }

  add(
    'GET /reading-lists/public/{unknown token}',
    { detail: LIST_NOT_FOUND, code: READING_LIST_ERROR_CODES.notFound },
    () => send('GET', '/reading-lists/public/no-such-token'),
  );
  add(
    'POST /auth/google-oauth without Google sign-in configured',
    { detail: AUTH_TEXTS.googleNotConfigured, code: AUTH_ERROR_CODES.googleNotConfigured },
    () => send('POST', '/auth/google-oauth', undefined, { token: 'an-id-token' }),
  );
  add(
    'GET /auth/captcha/challenge without ALTCHA',
    { detail: AUTH_TEXTS.altchaNotEnabled, code: AUTH_ERROR_CODES.altchaNotEnabled },
    () => send('GET', '/auth/captcha/challenge'),
  );
  add('GET an unknown route', { detail: 'Not found: GET /no/such/route', code: 'NOT_FOUND' }, () =>
    send('GET', '/no/such/route'),
  );

  it('answers each condition with its contract text and code', async () => {
    const wrong: string[] = [];
    for (const notFound of cases) {
      const response = await notFound.send();
      const body = (await response.json()) as unknown;
      const expected = { detail: notFound.detail, code: notFound.code };
      if (response.status !== 404 || JSON.stringify(body) !== JSON.stringify(expected)) {
        wrong.push(`${notFound.name}: ${response.status} ${JSON.stringify(body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
