import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from './auth-helpers';
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
    first = await startTestServer({ CACHE_TTL_MS: '3600000' });
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
    second.catalogueCache.invalidate();
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
});
