import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, Thread } from '../../contract/forum';
import { BODY_ID_MESSAGE } from '../../contract/http';
import type { ReadingList } from '../../contract/reading-lists';
import { AUTH_TEST_ENV, createUserWithToken } from './auth-helpers';
import { createdPost, createdThread, FORUM_TEST_ENV } from './forum-helpers';
import { startTestServer, type TestServer } from './harness';
import { solidImage } from './image-fixtures';
import { createdList } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/**
 * Ids in bodies follow the rule of path ids: a positive integer, sent as a JSON number or, in a form, as
 * canonical decimal digits. Every other spelling is a 422 naming the field, on every route that takes an
 * id in its body, in every encoding the route accepts; a good id still works in each.
 */

type Encoding = 'json' | 'urlencoded' | 'multipart';
type FieldValue = unknown;

/** Spellings that are not an id in JSON (a list field gets each as one of its items). */
const BAD_JSON: FieldValue[] = [
  true,
  false,
  '0x10',
  ' 1 ',
  '1e1',
  '01',
  '+1',
  'abc',
  1.5,
  0,
  -1,
  '',
  null,
  {},
  [1],
];
/** Spellings that are not an id in a url-encoded or multipart field (all text there). */
const BAD_FORM = ['true', '0x10', ' 1 ', '1e1', '1.5', '01', '+1', '-1', '0', '', 'abc', '１'];

interface BodyIdRoute {
  name: string;
  method: 'POST' | 'PATCH';
  path: () => string;
  token: () => string;
  field: string;
  /** A list of ids (`series_ids`) rather than one. */
  list?: boolean;
  /** Values the contract reads as "no id" for an optional field: not bad spellings there. */
  none?: FieldValue[];
  /** The other fields of a body that succeeds. */
  rest: () => Record<string, string>;
  /** The route needs a file to succeed, so a good id is tried in multipart only. */
  withFile?: boolean;
  /** An id the call succeeds with, and what the answer shows of it. */
  good: () => number;
  success: number;
  shows: (answer: unknown, id: number) => void;
  /** Undoes a success, when successes would add up to a limit. */
  undo?: (answer: unknown) => Promise<void>;
}

describe('ids in request bodies', () => {
  let server: TestServer;
  let seriesIds: number[];
  let user: { token: string };
  let admin: { token: string };
  let list: ReadingList;
  let thread: Thread;
  let post: Post;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer({
      ...AUTH_TEST_ENV,
      ...FORUM_TEST_ENV,
      FORUM_UPLOAD_RATE_LIMIT_MAX: '100000',
      WRITE_RATE_LIMIT_MAX: '100000',
      ADMIN_RATE_LIMIT_MAX: '100000',
    });
    // Series 1 to 16 exist, so an id read loosely ("0x10", true) would name one and succeed.
    seriesIds = await insertSeries(
      server,
      Array.from({ length: 16 }, (_, index) => ({ title: `Series ${index + 1}` })),
    );
    expect(seriesIds).toContain(1);
    expect(seriesIds).toContain(16);
    user = await createUserWithToken(server);
    admin = await createUserWithToken(server, { role: 'ADMIN' });
    list = await createdList(server, user.token, 'Ids');
    ({ thread } = await createdThread(server, user.token));
    post = await createdPost(server, user.token, thread.id);
    png = await solidImage(20, 20);
  });
  afterAll(() => server.close());

  const seriesRefs = (answer: unknown) =>
    (answer as { series_refs: { series_id: number }[] }).series_refs.map((ref) => ref.series_id);

  const ROUTES: BodyIdRoute[] = [
    {
      name: 'add to a reading list',
      method: 'POST',
      path: () => `/reading-lists/${list.id}/items`,
      token: () => user.token,
      field: 'series_id',
      rest: () => ({}),
      good: () => seriesIds[4]!,
      success: 200,
      shows: (answer, id) => expect((answer as ReadingList).items).toContainEqual({ series_id: id }),
    },
    {
      name: 'save a series detail (admin)',
      method: 'POST',
      path: () => '/series-details',
      token: () => admin.token,
      field: 'series_id',
      rest: () => ({ synopsis: 'A synopsis.' }),
      good: () => seriesIds[5]!,
      success: 200,
      shows: (answer, id) => expect(answer).toMatchObject({ series_id: id, synopsis: 'A synopsis.' }),
    },
    {
      name: 'create a thread',
      method: 'POST',
      path: () => '/forum/threads',
      token: () => user.token,
      field: 'series_ids',
      list: true,
      rest: () => ({ title: 'Ids', first_post_markdown: 'Body' }),
      good: () => seriesIds[6]!,
      success: 201,
      shows: (answer, id) => expect(seriesRefs(answer)).toEqual([id]),
      undo: async (answer) => {
        const id = (answer as Thread).id;
        const removed = await server.request(`/forum/threads/${id}`, { method: 'DELETE', token: user.token });
        expect(removed.status).toBe(204);
      },
    },
    {
      name: 'edit a thread',
      method: 'PATCH',
      path: () => `/forum/threads/${thread.id}`,
      token: () => user.token,
      field: 'series_ids',
      list: true,
      rest: () => ({}),
      good: () => seriesIds[7]!,
      success: 200,
      shows: (answer, id) => expect(seriesRefs(answer)).toEqual([id]),
    },
    {
      name: 'reply to a post',
      method: 'POST',
      path: () => `/forum/threads/${thread.id}/posts`,
      token: () => user.token,
      field: 'parent_id',
      none: [0, '0', '', null],
      rest: () => ({ content_markdown: 'A reply.' }),
      good: () => post.id,
      success: 201,
      shows: (answer, id) => expect((answer as Post).parent_id).toBe(id),
    },
    {
      name: 'reply mentioning series',
      method: 'POST',
      path: () => `/forum/threads/${thread.id}/posts`,
      token: () => user.token,
      field: 'series_ids',
      list: true,
      rest: () => ({ content_markdown: 'A reply.' }),
      good: () => seriesIds[8]!,
      success: 201,
      shows: (answer, id) => expect(seriesRefs(answer)).toEqual([id]),
    },
    {
      name: 'edit a post',
      method: 'PATCH',
      path: () => `/forum/threads/${thread.id}/posts/${post.id}`,
      token: () => user.token,
      field: 'series_ids',
      list: true,
      rest: () => ({ content_markdown: 'An edited reply.' }),
      good: () => seriesIds[9]!,
      success: 200,
      shows: (answer, id) => expect(seriesRefs(answer)).toEqual([id]),
    },
    {
      name: 'upload an image to a thread',
      method: 'POST',
      path: () => '/forum/media/upload',
      token: () => user.token,
      field: 'thread_id',
      // Optional: without it the image is for a thread being written.
      none: ['', null],
      rest: () => ({}),
      withFile: true,
      good: () => thread.id,
      success: 201,
      shows: (answer) => expect(answer).toMatchObject({ width: 20, height: 20 }),
    },
    {
      name: 'upload an image to a post',
      method: 'POST',
      path: () => '/forum/media/upload',
      token: () => user.token,
      field: 'post_id',
      none: ['', null],
      rest: () => ({ thread_id: String(thread.id) }),
      withFile: true,
      good: () => post.id,
      success: 201,
      shows: (answer) => expect(answer).toMatchObject({ width: 20, height: 20 }),
    },
  ];

  /** The request for `fields` in one encoding; a list value becomes a JSON array or repeated form fields. */
  function send(route: BodyIdRoute, encoding: Encoding, fields: Record<string, unknown>, file = false) {
    const init = { method: route.method, token: route.token() };
    if (encoding === 'json') return server.request(route.path(), { ...init, json: fields });
    const pairs = Object.entries(fields).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => [name, String(item)] as [string, string]),
    );
    if (encoding === 'urlencoded') {
      return server.request(route.path(), {
        ...init,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(pairs).toString(),
      });
    }
    const form = new FormData();
    for (const [name, value] of pairs) form.append(name, value);
    if (file) form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
    return server.request(route.path(), { ...init, body: form });
  }

  /** Each bad spelling of the route's field, as sent in `encoding`, with the field the 422 must name. */
  function badBodies(route: BodyIdRoute, encoding: Encoding): [string, Record<string, unknown>, string][] {
    const bad = (encoding === 'json' ? BAD_JSON : BAD_FORM).filter(
      (value) => route.list || !(route.none ?? []).includes(value),
    );
    const good = route.good();
    return bad.flatMap((value): [string, Record<string, unknown>, string][] => {
      const label = JSON.stringify(value);
      if (!route.list) return [[label, { ...route.rest(), [route.field]: value }, route.field]];
      const item = `${route.field}.1`;
      const cases: [string, Record<string, unknown>, string][] = [
        [`[${good}, ${label}]`, { ...route.rest(), [route.field]: [good, value] }, item],
      ];
      // In a form, one field may carry the whole list, comma-separated.
      if (encoding !== 'json')
        cases.push([
          `"${good},${String(value)}"`,
          { ...route.rest(), [route.field]: `${good},${value}` },
          item,
        ]);
      return cases;
    });
  }

  for (const route of ROUTES) {
    for (const encoding of ['json', 'urlencoded', 'multipart'] as const) {
      it(`${route.name}: refuses every other spelling of ${route.field} (${encoding}) with a 422 naming it`, async () => {
        const problems: string[] = [];
        for (const [label, fields, field] of badBodies(route, encoding)) {
          const response = await send(route, encoding, fields);
          const text = await response.text();
          const expected = {
            detail: `${field}: ${BODY_ID_MESSAGE}`,
            code: 'VALIDATION_FAILED',
            errors: [{ field, message: BODY_ID_MESSAGE }],
          };
          if (response.status !== 422 || JSON.stringify(JSON.parse(text)) !== JSON.stringify(expected)) {
            problems.push(`${route.field}=${label}: ${response.status} ${text.slice(0, 160)}`);
          }
        }
        expect(problems).toEqual([]);
      });

      if (route.withFile && encoding !== 'multipart') continue;
      it(`${route.name}: takes a good ${route.field} (${encoding})`, async () => {
        const id = route.good();
        // Forms carry the id as its decimal digits; JSON as a number.
        const value = route.list ? [id] : encoding === 'json' ? id : String(id);
        const response = await send(
          route,
          encoding,
          { ...route.rest(), [route.field]: value },
          route.withFile,
        );
        const text = await response.text();
        expect(response.status, text).toBe(route.success);
        const answer: unknown = JSON.parse(text);
        route.shows(answer, id);
        await route.undo?.(answer);
      });
    }
  }

  it('adds nothing to the list for true, "0x10" or " 1 " (series 1 and 16 exist)', async () => {
    const before = (await (
      await server.request('/reading-lists/me', { token: user.token })
    ).json()) as ReadingList[];
    for (const value of [true, '0x10', ' 1 ', '1e1', 16.5]) {
      const response = await server.request(`/reading-lists/${list.id}/items`, {
        method: 'POST',
        token: user.token,
        json: { series_id: value },
      });
      expect(response.status, JSON.stringify(value)).toBe(422);
    }
    const after = (await (
      await server.request('/reading-lists/me', { token: user.token })
    ).json()) as ReadingList[];
    expect(after).toEqual(before);
    expect(after.find((mine) => mine.id === list.id)!.items).not.toContainEqual({ series_id: 1 });
    expect(after.find((mine) => mine.id === list.id)!.items).not.toContainEqual({ series_id: 16 });
  });

  it('answers a missing required id as required, and an id past the integer range as not found', async () => {
    const missing = await server.request(`/reading-lists/${list.id}/items`, {
      method: 'POST',
      token: user.token,
      json: {},
    });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      detail: 'series_id: is required',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'series_id', message: 'is required' }],
    });
    // Well spelled, naming nothing: not found, as the same id in a path is.
    const beyond = 2_147_483_648;
    const cases: [string, Promise<Response>, number][] = [
      [
        'series_id',
        server.request(`/reading-lists/${list.id}/items`, {
          method: 'POST',
          token: user.token,
          json: { series_id: beyond },
        }),
        404,
      ],
      [
        'parent_id',
        server.request(`/forum/threads/${thread.id}/posts`, {
          method: 'POST',
          token: user.token,
          json: { content_markdown: 'Hi', parent_id: beyond },
        }),
        404,
      ],
      [
        'series_ids (ignored, as any unknown series)',
        server.request(`/forum/threads/${thread.id}/posts`, {
          method: 'POST',
          token: user.token,
          json: { content_markdown: 'Hi', series_ids: [beyond] },
        }),
        201,
      ],
    ];
    for (const [label, pending, status] of cases) {
      const response = await pending;
      expect(response.status, `${label}: ${await response.clone().text()}`).toBe(status);
    }
    const form = new FormData();
    form.append('thread_id', String(thread.id));
    form.append('post_id', String(beyond));
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
    const upload = await server.request('/forum/media/upload', {
      method: 'POST',
      token: user.token,
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(404);
  });
});
