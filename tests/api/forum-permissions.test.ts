import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REQUIRED, INVALID_CREDENTIALS_TOKEN, NOT_AUTHENTICATED } from '../../contract/http';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdPost, createdThread, FORUM_TEST_ENV, forumCalls } from './forum-helpers';
import { multipartForm, solidImage } from './image-fixtures';

type Role = 'visitor' | 'user' | 'owner' | 'admin';
const ROLES: Role[] = ['visitor', 'user', 'owner', 'admin'];

/**
 * The permission matrix of every forum route (docs/api.md, Forum): the status each kind of caller
 * gets. "owner" is the author of the thread and post the call names; "user" is anyone else signed in.
 * Every call gets a fresh thread and post, so a delete never changes the next caller's answer.
 */
describe('forum permission matrix', () => {
  let server: TestServer;
  let calls: ReturnType<typeof forumCalls>;
  const tokens: Partial<Record<'user' | 'admin', string>> = {};
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer(FORUM_TEST_ENV);
    calls = forumCalls(server);
    tokens.user = (await createUserWithToken(server)).token;
    tokens.admin = (await createUserWithToken(server, { role: 'ADMIN' })).token;
    png = await solidImage(40, 30, 'png');
  });
  afterAll(() => server.close());

  /** A thread by a fresh owner with a reply by them (so no one reaches the thread cap): what each call acts on. */
  async function fixture() {
    const owner = await createUserWithToken(server);
    const { thread } = await createdThread(server, owner.token);
    const post = await createdPost(server, owner.token, thread.id);
    return { threadId: thread.id, postId: post.id, ownerToken: owner.token };
  }

  const routes: Array<{
    name: string;
    expected: Record<Role, number>;
    call: (token: string | undefined, ids: { threadId: number; postId: number }) => Promise<Response>;
  }> = [
    {
      name: 'GET /forum/threads',
      expected: { visitor: 200, user: 200, owner: 200, admin: 200 },
      call: (t) => calls.list('', t),
    },
    {
      name: 'GET /forum/threads/{id}',
      expected: { visitor: 200, user: 200, owner: 200, admin: 200 },
      call: (t, ids) => calls.get(ids.threadId, t),
    },
    {
      name: 'GET /forum/series-search',
      expected: { visitor: 200, user: 200, owner: 200, admin: 200 },
      call: () => calls.mentions('?q=a'),
    },
    {
      name: 'GET /forum/feed.xml',
      expected: { visitor: 200, user: 200, owner: 200, admin: 200 },
      call: (t) => server.request('/forum/feed.xml', { token: t }),
    },
    {
      name: 'POST /forum/threads',
      expected: { visitor: 401, user: 201, owner: 201, admin: 201 },
      call: (t) => calls.create(t, { title: 'Matrix', first_post_markdown: 'Body' }),
    },
    {
      name: 'PATCH /forum/threads/{id}',
      expected: { visitor: 401, user: 403, owner: 200, admin: 200 },
      call: (t, ids) => calls.update(t, ids.threadId, { title: 'Changed' }),
    },
    {
      name: 'DELETE /forum/threads/{id}',
      expected: { visitor: 401, user: 403, owner: 204, admin: 204 },
      call: (t, ids) => calls.remove(t, ids.threadId),
    },
    {
      name: 'POST /forum/threads/{id}/posts',
      expected: { visitor: 401, user: 201, owner: 201, admin: 201 },
      call: (t, ids) => calls.reply(t, ids.threadId, { content_markdown: 'Reply', parent_id: ids.postId }),
    },
    {
      name: 'PATCH /forum/threads/{id}/posts/{postId}',
      expected: { visitor: 401, user: 403, owner: 200, admin: 200 },
      call: (t, ids) => calls.editPost(t, ids.threadId, ids.postId, { content_markdown: 'Edited' }),
    },
    {
      name: 'DELETE /forum/threads/{id}/posts/{postId}',
      expected: { visitor: 401, user: 403, owner: 403, admin: 204 },
      call: (t, ids) => calls.adminDeletePost(t, ids.threadId, ids.postId),
    },
    {
      name: 'DELETE /forum/threads/{id}/posts/{postId}/mine',
      expected: { visitor: 401, user: 403, owner: 204, admin: 403 },
      call: (t, ids) => calls.deleteMine(t, ids.threadId, ids.postId),
    },
    {
      name: 'PATCH /forum/threads/{id}/lock',
      expected: { visitor: 401, user: 403, owner: 403, admin: 200 },
      call: (t, ids) => calls.lock(t, ids.threadId, true),
    },
    {
      name: 'PATCH /forum/threads/{id}/settings',
      expected: { visitor: 401, user: 403, owner: 403, admin: 200 },
      call: (t, ids) => calls.settings(t, ids.threadId, true),
    },
    {
      name: 'PATCH /forum/threads/{id}/pin',
      expected: { visitor: 401, user: 403, owner: 403, admin: 200 },
      call: (t, ids) => calls.pin(t, ids.threadId, true),
    },
    {
      name: 'POST /forum/threads/{id}/posts/{postId}/heart',
      expected: { visitor: 401, user: 200, owner: 200, admin: 200 },
      call: (t, ids) => calls.like(t, ids.threadId, ids.postId),
    },
    {
      name: 'POST /forum/media/upload (thread)',
      expected: { visitor: 401, user: 201, owner: 201, admin: 201 },
      call: (t, ids) =>
        calls.upload(
          t,
          multipartForm({ thread_id: String(ids.threadId), file: { bytes: png, filename: 'a.png' } }),
        ),
    },
    {
      name: 'POST /forum/media/upload (post)',
      expected: { visitor: 401, user: 403, owner: 201, admin: 201 },
      call: (t, ids) =>
        calls.upload(
          t,
          multipartForm({
            thread_id: String(ids.threadId),
            post_id: String(ids.postId),
            file: { bytes: png, filename: 'a.png' },
          }),
        ),
    },
  ];

  describe.each(routes)('$name', ({ expected, call }) => {
    it.each(ROLES)('as %s', async (role) => {
      const ids = await fixture();
      const response = await call(
        role === 'owner' ? ids.ownerToken : role === 'visitor' ? undefined : tokens[role],
        ids,
      );
      const text = await response.text();
      expect(response.status, text).toBe(expected[role]);
      if (response.status === 401) expect(JSON.parse(text).detail).toBe(NOT_AUTHENTICATED);
      if (response.status === 403 && role !== 'admin' && expected.admin !== 403 && expected.owner === 403) {
        expect(JSON.parse(text).detail).toBe(ADMIN_REQUIRED);
      }
    });
  });

  it('refuses a bad token on every write before reading the body, and ignores it on reads', async () => {
    const { threadId, postId } = await fixture();
    const bad = 'not-a-token';
    for (const response of [
      await calls.create(bad, { title: 'x', first_post_markdown: 'y' }),
      await calls.reply(bad, threadId, { content_markdown: 'x' }),
      await calls.like(bad, threadId, postId),
      await calls.lock(bad, threadId, true),
      await calls.upload(
        bad,
        multipartForm({ thread_id: String(threadId), file: { bytes: png, filename: 'a.png' } }),
      ),
    ]) {
      expect(response.status).toBe(401);
      expect((await response.json()).detail).toBe(INVALID_CREDENTIALS_TOKEN);
    }
    expect((await calls.get(threadId, bad)).status).toBe(200);
    expect((await calls.list('', bad)).status).toBe(200);
  });
});
