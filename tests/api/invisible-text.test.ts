import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../contract/accounts';
import { QUERY_REQUIRED } from '../../contract/catalogue';
import { FORUM_API_TEXTS, type Post, type Thread } from '../../contract/forum';
import { ISSUE_TEXTS } from '../../contract/issues';
import { LIST_NAME_REQUIRED } from '../../contract/reading-lists';
import { AUTH_TEST_ENV, createUserWithToken } from './auth-helpers';
import { createdPost, createdThread, FORUM_TEST_ENV } from './forum-helpers';
import { startTestServer, type TestServer } from './harness';
import { reportFields } from './issue-fixtures';
import { insertSeries } from './series-fixtures';

/**
 * Text made only of characters that show nothing (zero-width characters, bidirectional controls), with or
 * without spaces around them, is empty text: every required field answers it with its own "required" text.
 */

const INVISIBLE: Record<string, string> = {
  'zero width space': '\u200B',
  'zero width non-joiner and joiner': '\u200C\u200D',
  'word joiner': '\u2060',
  'byte order mark': '\uFEFF',
  'left-to-right and right-to-left marks': '\u200E\u200F',
  'embeddings and overrides': '\u202A\u202B\u202C\u202D\u202E',
  isolates: '\u2066\u2067\u2068\u2069',
  'Arabic letter mark': '\u061C',
  'a mix with spaces': ' \u200B \u202E\t\u2069 ',
};

interface RequiredField {
  name: string;
  field: string;
  send: (text: string) => Promise<Response>;
  status: 400 | 422;
  /** The field's own "required" text, as the answer's detail. */
  detail: string;
  /** The entry of `errors` (422), when the detail is not `${field}: ${message}` alone. */
  message?: string;
}

describe('invisible text in required fields', () => {
  let server: TestServer;
  let user: { token: string };
  let admin: { token: string };
  let seriesId: number;
  let thread: Thread;
  let post: Post;

  beforeAll(async () => {
    server = await startTestServer({
      ...AUTH_TEST_ENV,
      ...FORUM_TEST_ENV,
      AUTH_RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_ACCOUNT_MAX: '100000',
      ISSUE_REPORT_RATE_LIMIT_MAX: '100000',
      WRITE_RATE_LIMIT_MAX: '100000',
      ADMIN_RATE_LIMIT_MAX: '100000',
    });
    [seriesId] = (await insertSeries(server, [{ title: 'Visible', synopsis: 'Kept.' }])) as [number];
    user = await createUserWithToken(server);
    admin = await createUserWithToken(server, { role: 'ADMIN' });
    ({ thread } = await createdThread(server, user.token, { title: 'Kept title' }));
    post = await createdPost(server, user.token, thread.id, { content_markdown: 'Kept reply.' });
  });
  afterAll(() => server.close());

  const json = (method: string, path: string, token: string | undefined, body: unknown) => () =>
    server.request(path, { method, token, json: body });
  const TEXTS = FORUM_API_TEXTS;

  const FIELDS: RequiredField[] = [
    {
      name: 'reading list name',
      field: 'name',
      send: (name) => json('POST', '/reading-lists', user.token, { name })(),
      status: 422,
      detail: LIST_NAME_REQUIRED,
    },
    {
      name: 'new thread title',
      field: 'title',
      send: (title) => json('POST', '/forum/threads', user.token, { title, first_post_markdown: 'Body' })(),
      status: 422,
      detail: TEXTS.titleAndContentRequired,
    },
    {
      name: 'new thread title after its heading marker',
      field: 'title',
      send: (title) =>
        json('POST', '/forum/threads', user.token, { title: `## ${title}`, first_post_markdown: 'Body' })(),
      status: 422,
      detail: TEXTS.titleAndContentRequired,
    },
    {
      name: 'new thread post',
      field: 'first_post_markdown',
      send: (text) =>
        json('POST', '/forum/threads', user.token, { title: 'Title', first_post_markdown: text })(),
      status: 422,
      detail: TEXTS.titleAndContentRequired,
    },
    {
      name: 'edited thread title',
      field: 'title',
      send: (title) => json('PATCH', `/forum/threads/${thread.id}`, user.token, { title })(),
      status: 422,
      detail: TEXTS.titleAndContentRequired,
    },
    {
      name: 'edited thread post',
      field: 'first_post_markdown',
      send: (text) =>
        json('PATCH', `/forum/threads/${thread.id}`, user.token, { first_post_markdown: text })(),
      status: 422,
      detail: TEXTS.titleAndContentRequired,
    },
    {
      name: 'reply',
      field: 'content_markdown',
      send: (text) =>
        json('POST', `/forum/threads/${thread.id}/posts`, user.token, { content_markdown: text })(),
      status: 422,
      detail: TEXTS.replyEmpty,
    },
    {
      name: 'edited reply',
      field: 'content_markdown',
      send: (text) =>
        json('PATCH', `/forum/threads/${thread.id}/posts/${post.id}`, user.token, {
          content_markdown: text,
        })(),
      status: 422,
      detail: TEXTS.contentEmpty,
    },
    {
      name: 'issue report title',
      field: 'title',
      send: (title) => json('POST', '/issues/report', undefined, reportFields({ title }))(),
      status: 422,
      detail: `title: ${ISSUE_TEXTS.titleRequired}`,
      message: ISSUE_TEXTS.titleRequired,
    },
    {
      name: 'issue report description',
      field: 'description',
      send: (description) => json('POST', '/issues/report', undefined, reportFields({ description }))(),
      status: 422,
      detail: `description: ${ISSUE_TEXTS.descriptionRequired}`,
      message: ISSUE_TEXTS.descriptionRequired,
    },
    {
      name: 'series title (admin)',
      field: 'title',
      send: (title) => json('PUT', `/series/${seriesId}`, admin.token, { title })(),
      status: 422,
      detail: 'Title is required',
    },
    {
      name: 'series genre (admin)',
      field: 'genre',
      send: (genre) => json('PUT', `/series/${seriesId}`, admin.token, { genre })(),
      status: 422,
      detail: 'Genre is required',
    },
    {
      name: 'series synopsis (admin)',
      field: 'synopsis',
      send: (synopsis) => json('POST', '/series-details', admin.token, { series_id: seriesId, synopsis })(),
      status: 422,
      detail: 'Synopsis is required',
    },
    {
      name: 'series search',
      field: 'query',
      send: (query) => server.request(`/series/search?query=${encodeURIComponent(query)}`),
      status: 422,
      detail: QUERY_REQUIRED,
    },
    {
      name: 'mention search',
      field: 'q',
      send: (q) => server.request(`/forum/series-search?q=${encodeURIComponent(q)}`),
      status: 422,
      detail: `q: ${QUERY_REQUIRED}`,
      message: QUERY_REQUIRED,
    },
    {
      name: 'login username',
      field: 'username',
      send: (username) => json('POST', '/auth/login', undefined, { username, password: 'long enough' })(),
      status: 400,
      detail: AUTH_TEXTS.credentialsRequired,
    },
    {
      name: 'resend-verification username',
      field: 'username',
      send: (username) => json('POST', '/auth/resend-verification', undefined, { username })(),
      status: 400,
      detail: AUTH_TEXTS.resendNeedsAccount,
    },
  ];

  for (const required of FIELDS) {
    it(`${required.name}: invisible text is answered as missing`, async () => {
      const problems: string[] = [];
      for (const [label, text] of Object.entries(INVISIBLE)) {
        const response = await required.send(text);
        const body = (await response.json()) as { detail: unknown; errors?: unknown };
        const expected =
          required.status === 422
            ? {
                detail: required.detail,
                code: 'VALIDATION_FAILED',
                errors: [{ field: required.field, message: required.message ?? required.detail }],
              }
            : { detail: required.detail, code: expect.any(String) };
        try {
          expect(response.status).toBe(required.status);
          expect(body).toEqual(expected);
        } catch {
          problems.push(`${label}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('changed nothing, and keeps visible text that carries invisible characters as sent', async () => {
    const detail = (await (await server.request(`/forum/threads/${thread.id}`)).json()) as {
      thread: Thread;
      posts: Post[];
    };
    expect(detail.thread.title).toBe('Kept title');
    expect(detail.posts.find((each) => each.id === post.id)!.content_markdown).toBe('Kept reply.');
    expect(await (await server.request(`/series-details/${seriesId}`)).json()).toMatchObject({
      title: 'Visible',
      genre: 'Action',
      synopsis: 'Kept.',
    });
    expect(
      ((await (await server.request('/reading-lists/me', { token: user.token })).json()) as []).length,
    ).toBe(0);

    const list = await json('POST', '/reading-lists', user.token, { name: 'Reads\u200B' })();
    expect(list.status).toBe(201);
    expect(await list.json()).toMatchObject({ name: 'Reads\u200B' });
    const created = await json('POST', '/forum/threads', user.token, {
      title: '\u2066Hello\u2069',
      first_post_markdown: '\u200BBody',
    })();
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ title: '\u2066Hello\u2069' });
  });
});
