import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_API_TEXTS as TEXTS } from '../../contract/forum';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdThread, forumCalls } from './forum-helpers';
import { multipartForm, solidImage } from './image-fixtures';

describe('forum rate limits', () => {
  let server: TestServer;
  let calls: ReturnType<typeof forumCalls>;

  beforeAll(async () => {
    server = await startTestServer({
      FORUM_THREAD_RATE_LIMIT_MAX: '2',
      FORUM_THREAD_RATE_LIMIT_WINDOW: '10m',
      FORUM_POST_RATE_LIMIT_MAX: '3',
      FORUM_POST_RATE_LIMIT_WINDOW: '60',
      FORUM_UPLOAD_RATE_LIMIT_MAX: '2',
      FORUM_LIKE_RATE_LIMIT_MAX: '3',
    });
    calls = forumCalls(server);
  });
  afterAll(() => server.close());

  async function expectTooFast(response: Response, detail: string, windowSeconds: number): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBe(429);
    expect(JSON.parse(text)).toMatchObject({ detail, code: 'RATE_LIMITED' });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  }

  it('counts only threads actually created; deleting them gives nothing back', async () => {
    const user = await createUserWithToken(server);
    const first = await createdThread(server, user.token);
    // Refused attempts do not count.
    for (let i = 0; i < 4; i++) {
      expect((await calls.create(user.token, { title: 'No body' })).status).toBe(422);
      expect((await calls.create(user.token, { title: 'f.u.c.k', first_post_markdown: 'x' })).status).toBe(
        400,
      );
    }
    const second = await createdThread(server, user.token);
    await calls.remove(user.token, first.thread.id);
    await calls.remove(user.token, second.thread.id);
    await expectTooFast(
      await calls.create(user.token, { title: 'Third', first_post_markdown: 'Body' }),
      TEXTS.creatingTooFast,
      600,
    );
    // Another user is not affected.
    const other = await createUserWithToken(server);
    expect((await calls.create(other.token, { title: 'Mine', first_post_markdown: 'Body' })).status).toBe(
      201,
    );
  });

  it('limits replies per user, under concurrency too', async () => {
    const owner = await createUserWithToken(server);
    const { thread } = await createdThread(server, owner.token);
    const writer = await createUserWithToken(server);
    expect((await calls.reply(writer.token, thread.id, { content_markdown: ' ' })).status).toBe(422);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        calls.reply(writer.token, thread.id, { content_markdown: `Reply ${i}` }),
      ),
    );
    expect(answers.filter((response) => response.status === 201)).toHaveLength(3);
    const refused = answers.filter((response) => response.status === 429);
    expect(refused).toHaveLength(3);
    await expectTooFast(refused[0]!, TEXTS.postingTooFast, 60);
    // The owner's own replies are counted apart.
    expect((await calls.reply(owner.token, thread.id, { content_markdown: 'Owner' })).status).toBe(201);
  });

  it('limits uploads and like toggles per user with Retry-After', async () => {
    const user = await createUserWithToken(server);
    const { thread, originalPost } = await createdThread(server, user.token);
    const png = await solidImage(10, 10);
    const form = () =>
      multipartForm({ thread_id: String(thread.id), file: { bytes: png, filename: 'a.png' } });
    expect((await calls.upload(user.token, form())).status).toBe(201);
    expect((await calls.upload(user.token, form())).status).toBe(201);
    const third = await calls.upload(user.token, form());
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // An upload for a thread being written (no thread_id) counts against the same limit.
    const threadless = multipartForm({ file: { bytes: png, filename: 'a.png' } });
    expect((await calls.upload(user.token, threadless)).status).toBe(429);
    for (let i = 0; i < 3; i++)
      expect((await calls.like(user.token, thread.id, originalPost.id)).status).toBe(200);
    expect((await calls.like(user.token, thread.id, originalPost.id)).status).toBe(429);
  });
});
