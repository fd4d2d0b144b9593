import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadDetail } from '../../contract/forum';
import { createUserWithToken } from './auth-helpers';
import { createdPost, createdThread, forumCalls } from './forum-helpers';
import { startSecondInstance, startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

/**
 * Two API instances on one database: the second app is built on the first's database (the same embedded
 * engine, or the same PostgreSQL database), so writes reach the other's cache through LISTEN/NOTIFY. The TTL
 * is an hour: nothing but the notification can make the change show.
 */
describe('instances sharing a database', () => {
  let first: TestServer;
  let second: FastifyInstance;
  let secondUrl: string;

  beforeAll(async () => {
    first = await startTestServer({
      CACHE_TTL_MS: '3600000',
      // Every instance must accept the others' tokens.
      JWT_SECRET: 'instances-test-secret-of-at-least-32-characters',
    });
    ({ app: second, url: secondUrl } = await startSecondInstance(first));
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const rankingOn = async (base: string) =>
    (await (await fetch(`${base}/series/rankings?page=1&page_size=10`)).json()) as {
      id: number;
      vote_count: number;
      rank: number | null;
    }[];

  it("shows a vote cast on one instance in the other's rankings within a second", async () => {
    const [quiet, popular] = await insertSeries(first, [
      { title: 'Quiet', score: 6, voters: 1 },
      { title: 'Popular', score: 5, voters: 1 },
    ]);
    second.catalogue.invalidate();
    expect((await rankingOn(secondUrl)).map((s) => s.id)).toEqual([quiet, popular]);

    const voter = await createUserWithToken(first);
    for (const category of ['Story', 'Characters', 'World Building', 'Art', 'Drama / Fighting']) {
      const vote = await first.request(`/series-details/${popular}/vote`, {
        method: 'POST',
        token: voter.token,
        json: { category, score: 10 },
      });
      expect(vote.status).toBe(200);
    }
    const started = Date.now();
    await expect
      .poll(async () => (await rankingOn(secondUrl)).map((s) => s.id), { timeout: 1000, interval: 20 })
      .toEqual([popular, quiet]);
    expect(Date.now() - started).toBeLessThan(1000);

    const health = await (await fetch(`${secondUrl}/health`)).json();
    expect(health.instance.notifications.received).toBeGreaterThan(0);
    expect(health.instance.notifications.last_received_at).toEqual(expect.any(String));
    expect(health.instance.id).not.toBe((await (await first.request('/health')).json()).instance.id);
  });

  it("clears the other instance's tracker answers when a report is filed", async () => {
    const list = async () =>
      (await (await fetch(`${secondUrl}/issues?page=1&page_size=50`)).json()) as unknown[];
    const before = (await list()).length;
    const filed = await first.request('/issues/report', {
      method: 'POST',
      json: { type: 'BUG', title: 'Seen elsewhere', description: 'Filed on the first instance.' },
    });
    expect(filed.status).toBe(201);
    await expect.poll(async () => (await list()).length, { timeout: 1000, interval: 20 }).toBe(before + 1);
  });

  it("shows another instance's forum writes at once: threads, replies, likes, moderation, deletions", async () => {
    const author = await createUserWithToken(first);
    const admin = await createUserWithToken(first, { role: 'ADMIN' });
    const calls = forumCalls(first);
    const threadOn = async (base: string, token?: string) =>
      (await (
        await fetch(`${base}/forum/threads/${thread.id}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        })
      ).json()) as ThreadDetail;
    const titlesOn = async (base: string) =>
      ((await (await fetch(`${base}/forum/threads?page=1&page_size=50`)).json()) as { title: string }[]).map(
        (listed) => listed.title,
      );
    const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 1000, interval: 20 });

    // The second instance's caches hold the list and the thread before each write.
    expect(await titlesOn(secondUrl)).not.toContain('Seen on both');
    const { thread } = await createdThread(first, author.token, { title: 'Seen on both' });
    await poll(() => titlesOn(secondUrl)).toContain('Seen on both');
    expect((await threadOn(secondUrl)).posts).toHaveLength(1);

    const reply = await createdPost(first, author.token, thread.id, { content_markdown: 'From the first.' });
    await poll(async () => (await threadOn(secondUrl)).posts.map((post) => post.content_markdown)).toEqual([
      expect.any(String),
      'From the first.',
    ]);

    expect((await calls.like(author.token, thread.id, reply.id)).status).toBe(200);
    await poll(async () => (await threadOn(secondUrl)).posts[1]!.heart_count).toBe(1);
    await poll(async () => (await threadOn(secondUrl, author.token)).posts[1]!.viewer_has_hearted).toBe(true);

    expect(
      (await calls.editPost(author.token, thread.id, reply.id, { content_markdown: 'Edited.' })).status,
    ).toBe(200);
    await poll(async () => (await threadOn(secondUrl)).posts[1]!.content_markdown).toBe('Edited.');

    expect((await calls.lock(admin.token, thread.id, true)).status).toBe(200);
    await poll(async () => (await threadOn(secondUrl)).thread.locked).toBe(true);

    expect((await calls.update(admin.token, thread.id, { title: 'Renamed on the first' })).status).toBe(200);
    await poll(() => titlesOn(secondUrl)).toContain('Renamed on the first');

    expect((await calls.remove(admin.token, thread.id)).status).toBe(204);
    await poll(async () => (await fetch(`${secondUrl}/forum/threads/${thread.id}`)).status).toBe(404);
    // The thread itself was no longer cached there, so its 404 can come before the change notice that
    // drops the second instance's cached list: the list follows within the same bound.
    await poll(() => titlesOn(secondUrl)).not.toContain('Renamed on the first');
  });
});
