import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedRateLimitCounters } from '../../api/plugins/rate-limit-store';
import { TOO_MANY_REQUESTS } from '../../contract/http';
import { createUserWithToken } from './auth-helpers';
import { createdPost, createdThread, forumCalls } from './forum-helpers';
import { startSecondInstance, startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

const CATEGORIES = ['Story', 'Characters', 'World Building', 'Art', 'Drama / Fighting'];

async function vote(base: string, token: string, seriesId: number, category: string): Promise<Response> {
  return fetch(`${base}/series-details/${seriesId}/vote`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ category, score: 7 }),
  });
}

describe('write rate limits', () => {
  let server: TestServer;
  let seriesIds: number[];

  beforeAll(async () => {
    server = await startTestServer({
      VOTE_RATE_LIMIT_MAX: '4',
      VOTE_RATE_LIMIT_WINDOW: '10m',
      ADMIN_RATE_LIMIT_MAX: '2',
      ADMIN_RATE_LIMIT_WINDOW: '10m',
      WRITE_RATE_LIMIT_MAX: '3',
      WRITE_RATE_LIMIT_WINDOW: '10m',
      // Every instance must accept the others' tokens.
      JWT_SECRET: 'write-rate-limits-test-secret-of-at-least-32-chars',
    });
    seriesIds = await insertSeries(server, [{ title: 'One' }, { title: 'Two' }]);
  });
  afterAll(() => server.close());

  it('answers 429 with Retry-After once a user has cast VOTE_RATE_LIMIT_MAX votes, and counts per user', async () => {
    const voter = await createUserWithToken(server);
    for (const category of CATEGORIES.slice(0, 4)) {
      expect((await vote(server.url, voter.token, seriesIds[0]!, category)).status).toBe(200);
    }
    const limited = await vote(server.url, voter.token, seriesIds[0]!, CATEGORIES[4]!);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ detail: TOO_MANY_REQUESTS, code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The refused vote was not stored, and another user is not affected.
    const detail = await (await server.request(`/series-details/${seriesIds[0]}`)).json();
    expect(detail.vote_counts['Drama / Fighting']).toBe(0);
    const other = await createUserWithToken(server);
    expect((await vote(server.url, other.token, seriesIds[0]!, CATEGORIES[4]!)).status).toBe(200);
  });

  it('shares the counts between instances on one database, and keeps them across a restart', async () => {
    const voter = await createUserWithToken(server);
    const second = await startSecondInstance(server);
    try {
      expect((await vote(server.url, voter.token, seriesIds[1]!, CATEGORIES[0]!)).status).toBe(200);
      expect((await vote(second.url, voter.token, seriesIds[1]!, CATEGORIES[1]!)).status).toBe(200);
      expect((await vote(server.url, voter.token, seriesIds[1]!, CATEGORIES[2]!)).status).toBe(200);
      expect((await vote(second.url, voter.token, seriesIds[1]!, CATEGORIES[3]!)).status).toBe(200);
      expect((await vote(second.url, voter.token, seriesIds[1]!, CATEGORIES[4]!)).status).toBe(429);
    } finally {
      await second.close();
    }
    // A fresh instance (a restart) on the same database still refuses.
    const restarted = await startSecondInstance(server);
    try {
      expect((await vote(restarted.url, voter.token, seriesIds[1]!, CATEGORIES[4]!)).status).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it("limits reading-list writes per user with the feature's one-line hook, never its reads", async () => {
    const reader = await createUserWithToken(server);
    const create = (name: string) =>
      server.request('/reading-lists', { method: 'POST', token: reader.token, json: { name } });
    expect((await create('First')).status).toBe(201);
    expect((await create('Second')).status).toBe(201);
    expect((await create('Third')).status).toBe(400); // the two-list cap, still counted
    const limited = await create('Fourth');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await server.request('/reading-lists/me', { token: reader.token })).status).toBe(200);
    const other = await createUserWithToken(server);
    expect(
      (await server.request('/reading-lists', { method: 'POST', token: other.token, json: { name: 'Mine' } }))
        .status,
    ).toBe(201);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "keeps the embedded engine's in-memory counts across a restart (written back to the table)",
    async () => {
      const counters = new EmbeddedRateLimitCounters(server.database.db);
      for (let n = 1; n <= 3; n += 1)
        expect((await counters.increment('restart-test', 600_000)).current).toBe(n);
      await counters.flush();
      const afterRestart = new EmbeddedRateLimitCounters(server.database.db);
      const next = await afterRestart.increment('restart-test', 600_000);
      expect(next.current).toBe(4);
      expect(next.ttl).toBeGreaterThan(590_000);
    },
  );

  it('limits admin writes (cover uploads included) per admin, across catalogue and tracker', async () => {
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    const edit = (title: string) =>
      server.request(`/series/${seriesIds[1]}`, { method: 'PUT', token: admin.token, json: { title } });
    expect((await edit('Two, renamed')).status).toBe(200);
    expect((await server.request('/issues/999999', { method: 'DELETE', token: admin.token })).status).toBe(
      404,
    );
    const limited = await edit('Two, again');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Reads are never limited.
    expect((await server.request('/series/rankings', { token: admin.token })).status).toBe(200);
  });
});

describe('forum edit, delete and moderation limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      WRITE_RATE_LIMIT_MAX: '3',
      WRITE_RATE_LIMIT_WINDOW: '10m',
      FORUM_THREAD_RATE_LIMIT_MAX: '2',
      FORUM_THREAD_RATE_LIMIT_WINDOW: '10m',
      FORUM_POST_RATE_LIMIT_MAX: '5',
      FORUM_LIKE_RATE_LIMIT_MAX: '1000',
    });
  });
  afterAll(() => server.close());

  async function expectLimited(response: Response): Promise<void> {
    expect(response.status, await response.clone().text()).toBe(429);
    expect(await response.json()).toEqual({ detail: TOO_MANY_REQUESTS, code: 'RATE_LIMITED' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(500);
  }

  it("counts a member's edits and deletes with the feature's write limit, apart from new threads and replies", async () => {
    const calls = forumCalls(server);
    const author = await createUserWithToken(server);
    const { thread } = await createdThread(server, author.token);
    const first = await createdPost(server, author.token, thread.id);
    const second = await createdPost(server, author.token, thread.id);
    expect((await calls.update(author.token, thread.id, { title: 'Edited once' })).status).toBe(200);
    expect(
      (await calls.editPost(author.token, thread.id, first.id, { content_markdown: 'Edited' })).status,
    ).toBe(200);
    expect((await calls.deleteMine(author.token, thread.id, first.id)).status).toBe(204);
    await expectLimited(await calls.deleteMine(author.token, thread.id, second.id));
    await expectLimited(await calls.editPost(author.token, thread.id, second.id, { content_markdown: 'No' }));
    await expectLimited(await calls.remove(author.token, thread.id));
    // The refused writes did nothing; new threads, replies and likes keep their own limits; reads are free.
    const detail = await (await calls.get(thread.id)).json();
    expect(detail.posts.map((post: { id: number }) => post.id)).toContain(second.id);
    await createdPost(server, author.token, thread.id);
    await createdThread(server, author.token);
    expect((await calls.create(author.token, { title: 'Third', first_post_markdown: 'Body' })).status).toBe(
      429,
    );
    expect((await calls.like(author.token, thread.id, second.id)).status).toBe(200);
    // Another member is not affected.
    const other = await createUserWithToken(server);
    const { thread: theirs } = await createdThread(server, other.token);
    expect((await calls.update(other.token, theirs.id, { title: 'Mine to edit' })).status).toBe(200);
  });

  it("counts an admin's lock, ordering, pin and post deletions the same way", async () => {
    const calls = forumCalls(server);
    const author = await createUserWithToken(server);
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    const { thread } = await createdThread(server, author.token);
    const post = await createdPost(server, author.token, thread.id);
    expect((await calls.lock(admin.token, thread.id, true)).status).toBe(200);
    expect((await calls.settings(admin.token, thread.id, true)).status).toBe(200);
    expect((await calls.pin(admin.token, thread.id, true)).status).toBe(200);
    await expectLimited(await calls.adminDeletePost(admin.token, thread.id, post.id));
    await expectLimited(await calls.lock(admin.token, thread.id, false));
    expect((await (await calls.get(thread.id)).json()).thread.locked).toBe(true);
  });
});

/** Only where a Redis server answers (REDIS_URL, default localhost:6379); skipped otherwise. */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(300);
  socket.on('connect', () => (socket.destroy(), resolve(true)));
  socket.on('error', () => resolve(false));
  socket.on('timeout', () => (socket.destroy(), resolve(false)));
});

describe.skipIf(!redisAnswers)('write rate limits in Redis (REDIS_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      REDIS_URL: redisUrl,
      VOTE_RATE_LIMIT_MAX: '1',
      VOTE_RATE_LIMIT_WINDOW: '10m',
    });
  });
  afterAll(() => server.close());

  it('counts in Redis', async () => {
    const [id] = await insertSeries(server, [{ title: 'Redis' }]);
    const voter = await createUserWithToken(server);
    expect((await vote(server.url, voter.token, id!, CATEGORIES[0]!)).status).toBe(200);
    expect((await vote(server.url, voter.token, id!, CATEGORIES[1]!)).status).toBe(429);
  });
});
