import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_API_TEXTS as TEXTS } from '../../contract/forum';
import { ADMIN_REQUIRED, INVALID_CREDENTIALS_TOKEN, NOT_AUTHENTICATED } from '../../contract/http';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdPost, createdThread, FORUM_TEST_ENV, forumCalls } from './forum-helpers';
import { multipartForm, NOT_AN_IMAGE, solidImage } from './image-fixtures';
import { expectError } from './reading-lists-helpers';

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

/**
 * The order of the checks, where it shows: which refusal a call gets when several apply. A reply, a post's
 * edit and an upload check the lock before the post and its author; a thread's edit and delete check the
 * author before the lock; the owner's delete checks the post, its author and the original post before the
 * lock. Permissions come before the body's checks, and an upload's form before everything.
 */
describe('forum permissions: the order of the checks', () => {
  let server: TestServer;
  let calls: ReturnType<typeof forumCalls>;
  let other: string;
  let adminToken: string;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer(FORUM_TEST_ENV);
    calls = forumCalls(server);
    other = (await createUserWithToken(server)).token;
    adminToken = (await createUserWithToken(server, { role: 'ADMIN' })).token;
    png = await solidImage(40, 30, 'png');
  });
  afterAll(() => server.close());

  /** A locked thread by a fresh owner, with a reply by them. */
  async function lockedThread() {
    const owner = await createUserWithToken(server);
    const { thread, originalPost } = await createdThread(server, owner.token);
    const post = await createdPost(server, owner.token, thread.id);
    expect((await calls.lock(adminToken, thread.id, true)).status).toBe(200);
    return { threadId: thread.id, originalId: originalPost.id, postId: post.id, owner: owner.token };
  }

  const upload = (token: string, fields: Record<string, string>, file: Buffer | null = png) =>
    calls.upload(
      token,
      multipartForm({ ...fields, ...(file ? { file: { bytes: file, filename: 'a.png' } } : {}) }),
    );

  it('a reply, a post edit and an upload: the lock before the post, its author and the body', async () => {
    const { threadId, postId } = await lockedThread();
    await expectError(await calls.reply(other, threadId, { content_markdown: '' }), 423, TEXTS.locked);
    await expectError(
      await calls.editPost(other, threadId, postId, { content_markdown: '' }),
      423,
      TEXTS.locked,
    );
    await expectError(
      await calls.editPost(other, threadId, 999_999, { content_markdown: 'x' }),
      423,
      TEXTS.locked,
    );
    // An id no post can have is refused by the path's schema, before the lock is read: not found.
    await expectError(
      await calls.editPost(other, threadId, 2 ** 31, { content_markdown: 'x' }),
      404,
      TEXTS.postNotFound,
    );
    await expectError(
      await upload(other, { thread_id: String(threadId), post_id: String(postId) }),
      423,
      TEXTS.locked,
    );
    await expectError(
      await upload(other, { thread_id: String(threadId), post_id: '999999' }),
      423,
      TEXTS.locked,
    );
    // As in a path: a post_id no post can have is not found before the lock is read.
    await expectError(
      await upload(other, { thread_id: String(threadId), post_id: String(2 ** 31) }),
      404,
      TEXTS.postNotFound,
    );
    await expectError(await upload(other, { thread_id: String(threadId) }, NOT_AN_IMAGE), 423, TEXTS.locked);
  });

  it('a thread edit and delete: the author before the lock, both before the body', async () => {
    const { threadId, owner } = await lockedThread();
    await expectError(await calls.update(other, threadId, { title: '' }), 403, TEXTS.notYourThread);
    await expectError(await calls.remove(other, threadId), 403, TEXTS.notYourThread);
    await expectError(await calls.update(owner, threadId, { title: '' }), 423, TEXTS.locked);
  });

  it("the owner's delete: the post, its author and the original post before the lock", async () => {
    const { threadId, postId, originalId, owner } = await lockedThread();
    await expectError(await calls.deleteMine(other, threadId, 999_999), 404, TEXTS.postNotFound);
    await expectError(await calls.deleteMine(other, threadId, postId), 403, TEXTS.notYourPostDelete);
    await expectError(await calls.deleteMine(adminToken, threadId, postId), 403, TEXTS.notYourPostDelete);
    await expectError(await calls.deleteMine(owner, threadId, originalId), 400, TEXTS.originalPostDelete);
    await expectError(await calls.deleteMine(owner, threadId, postId), 423, TEXTS.locked);
  });

  it('a post edit in an open thread: the post, then its author, then the body', async () => {
    const owner = await createUserWithToken(server);
    const { thread } = await createdThread(server, owner.token);
    const post = await createdPost(server, owner.token, thread.id);
    await expectError(
      await calls.editPost(other, thread.id, 999_999, { content_markdown: '' }),
      404,
      TEXTS.postNotFound,
    );
    await expectError(
      await calls.editPost(other, thread.id, post.id, { content_markdown: '' }),
      403,
      TEXTS.notYourPost,
    );
    await expectError(
      await calls.editPost(owner.token, thread.id, post.id, { content_markdown: '' }),
      422,
      TEXTS.contentEmpty,
    );
    await expectError(
      await upload(other, { thread_id: String(thread.id), post_id: String(post.id) }, NOT_AN_IMAGE),
      403,
      TEXTS.notYourPost,
    );
  });

  it("an upload: the form before the thread; the image's check after the permissions", async () => {
    const { threadId } = await lockedThread();
    const noThread = await upload(other, { post_id: '1' });
    expect(noThread.status).toBe(422);
    expect((await noThread.json()).detail).toBe(TEXTS.postNeedsThread);
    const noFile = await upload(other, { thread_id: String(threadId) }, null);
    expect(noFile.status).toBe(422);
    expect((await noFile.json()).detail).toBe(TEXTS.fileRequired);
    const missing = await upload(other, { thread_id: '999999' }, NOT_AN_IMAGE);
    await expectError(missing, 404, TEXTS.threadNotFound);
    await expectError(
      await upload(adminToken, { thread_id: String(threadId) }, NOT_AN_IMAGE),
      400,
      TEXTS.unsupportedImage,
      'UNSUPPORTED_IMAGE',
    );
  });

  it('the history: the post, then its reader, whatever the lock', async () => {
    const { threadId, postId, owner } = await lockedThread();
    const history = (token: string, id: number) =>
      server.request(`/forum/threads/${threadId}/posts/${id}/revisions`, { token });
    await expectError(await history(other, 999_999), 404, TEXTS.postNotFound);
    await expectError(await history(other, postId), 403, TEXTS.notYourPostHistory);
    expect((await history(owner, postId)).status).toBe(200);
  });
});
