import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListItemsPage } from '../../contract/reading-lists';
import { createUserWithToken, newCredentials } from './auth-helpers';
import { startSecondInstance, startTestServer, type SecondInstance, type TestServer } from './harness';
import { createdList, listCalls } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/**
 * The lists' answers kept in memory (the owner's item pages, shared lists) with a TTL of an hour: only the
 * announcements of writes and a new catalogue snapshot can make a change show, and each must, at once.
 */
describe('reading-list answers kept in memory', () => {
  let server: TestServer;
  let second: SecondInstance;
  let calls: ReturnType<typeof listCalls>;

  beforeAll(async () => {
    server = await startTestServer({
      CACHE_TTL_MS: '3600000',
      JWT_SECRET: 'reading-lists-cache-test-secret-of-32-chars',
      VOTE_RATE_LIMIT_MAX: '1000',
    });
    second = await startSecondInstance(server);
    calls = listCalls(server);
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  const QUERY = '?sort=stars_desc&type=MANHWA&min_votes=1';
  async function page(token: string, listId: number, base = server.url): Promise<ListItemsPage> {
    const response = await fetch(`${base}/reading-lists/${listId}/items/paged${QUERY}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ListItemsPage;
  }
  const titles = (answer: ListItemsPage) => answer.items.map((item) => item.title);

  it("shows the owner's writes, votes and deleted series at once", async () => {
    const [low, high, manga, later] = await insertSeries(server, [
      { title: 'Low', type: 'MANHWA', voters: 1, score: 4 },
      { title: 'High', type: 'MANHWA', voters: 1, score: 7 },
      { title: 'Manga', type: 'MANGA', voters: 1, score: 9 },
      { title: 'Later', type: 'MANHWA', voters: 1, score: 5 },
    ]);
    await server.app.catalogue.changed(null);
    const owner = await createUserWithToken(server);
    const list = await createdList(server, owner.token, 'Cached');
    for (const id of [low, high, manga])
      expect((await calls.addItem(owner.token, list.id, id)).status).toBe(200);
    expect(titles(await page(owner.token, list.id))).toEqual(['High', 'Low']);
    expect(titles(await page(owner.token, list.id, second.url))).toEqual(['High', 'Low']);

    // Another user gets 404 for the list, however its owner's answer is kept.
    const stranger = await createUserWithToken(server);
    expect((await calls.items(stranger.token, list.id, QUERY)).status).toBe(404);

    expect((await calls.addItem(owner.token, list.id, later)).status).toBe(200);
    expect(titles(await page(owner.token, list.id))).toEqual(['High', 'Later', 'Low']);
    await expect
      .poll(async () => titles(await page(owner.token, list.id, second.url)), { timeout: 1000, interval: 20 })
      .toEqual(['High', 'Later', 'Low']);

    expect((await calls.removeItem(owner.token, list.id, high!)).status).toBe(200);
    expect(titles(await page(owner.token, list.id))).toEqual(['Later', 'Low']);

    // Votes move Low above Later: its score and the order change at once, here and on the other instance.
    const voter = await createUserWithToken(server);
    for (const category of ['Story', 'Characters', 'World Building', 'Art', 'Drama / Fighting']) {
      const vote = await server.request(`/series-details/${low}/vote`, {
        method: 'POST',
        token: voter.token,
        json: { category, score: 10 },
      });
      expect(vote.status).toBe(200);
    }
    const voted = await page(owner.token, list.id);
    expect(titles(voted)).toEqual(['Low', 'Later']);
    expect(voted.items[0]!.vote_count).toBe(2);
    await expect
      .poll(async () => titles(await page(owner.token, list.id, second.url)), { timeout: 1000, interval: 20 })
      .toEqual(['Low', 'Later']);

    // An admin deletes a series: it leaves the list's answer.
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    expect((await server.request(`/series/${later}`, { method: 'DELETE', token: admin.token })).status).toBe(
      204,
    );
    expect(titles(await page(owner.token, list.id))).toEqual(['Low']);
    expect((await page(owner.token, list.id)).item_count).toBe(2);
  });

  it("drops a deleted account's shared lists and kept pages at once", async () => {
    const [series] = await insertSeries(server, [{ title: 'Kept', type: 'MANHWA' }]);
    const credentials = newCredentials('sharer');
    const sharer = await createUserWithToken(server, { credentials });
    const list = await createdList(server, sharer.token, 'Shared');
    expect((await calls.addItem(sharer.token, list.id, series)).status).toBe(200);
    const shareToken = ((await (await calls.share(sharer.token, list.id)).json()) as { share_token: string })
      .share_token;
    const shared = (base: string) => fetch(`${base}/reading-lists/public/${shareToken}`);
    expect((await shared(server.url)).status).toBe(200);
    expect((await shared(second.url)).status).toBe(200);
    // The owner's page is kept by URL and answered before validation: never before authentication.
    const ownPage = (base: string) =>
      fetch(`${base}/reading-lists/${list.id}/items/paged${QUERY}`, {
        headers: { authorization: `Bearer ${sharer.token}` },
      });
    for (const base of [server.url, second.url]) {
      expect((await ownPage(base)).status).toBe(200);
      expect((await ownPage(base)).status).toBe(200);
    }

    const deleted = await server.request('/auth/me', {
      method: 'DELETE',
      token: sharer.token,
      json: { password: credentials.password },
    });
    expect(deleted.status).toBe(204);
    expect((await shared(server.url)).status).toBe(404);
    await expect
      .poll(async () => (await shared(second.url)).status, { timeout: 1000, interval: 20 })
      .toBe(404);
    expect((await ownPage(server.url)).status).toBe(401);
    await expect
      .poll(async () => (await ownPage(second.url)).status, { timeout: 1000, interval: 20 })
      .toBe(401);
  });
});
