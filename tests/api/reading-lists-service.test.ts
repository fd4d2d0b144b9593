import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListItemsPage, PublicReadingList } from '../../contract/reading-lists';
import type { CatalogueSnapshot } from '../../api/catalogue/catalogue-snapshot';
import { readingLists } from '../../api/db/schema';
import type { CachedJson } from '../../api/http-cache';
import { LISTS_TOPIC, ReadingListsService } from '../../api/reading-lists/service';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdList, listCalls } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/**
 * The answers the reading-lists service keeps in memory, on a real database: a list renamed by hand (a
 * change nobody announced) shows only once the TTL ends, a new catalogue snapshot, a write to that list or
 * another instance's announcement of one.
 */
describe('reading lists service: answers kept in memory', () => {
  let server: TestServer;
  let ownerId: number;
  let first: { id: number; token: string };
  let second: { id: number; token: string };

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await createUserWithToken(server);
    ownerId = owner.id;
    const calls = listCalls(server);
    const [seriesId] = await insertSeries(server, [{ title: 'Kept', voters: 1, score: 8 }]);
    const shared = async (name: string) => {
      const list = await createdList(server, owner.token, name);
      expect((await calls.addItem(owner.token, list.id, seriesId)).status).toBe(200);
      const body = (await (await calls.share(owner.token, list.id)).json()) as { share_token: string };
      return { id: list.id, token: body.share_token };
    };
    first = await shared('First');
    second = await shared('Second');
  });
  afterAll(() => server.close());

  /** A service of its own over the server's database, with a clock, a snapshot and a change feed to drive. */
  async function setUp(ttlMs = 5000) {
    let now = 1000;
    let snapshot = await server.app.catalogue.snapshot();
    const handlers = new Map<string, (change: { ids: number[] | null }) => void>();
    const published: [string, number[] | null][] = [];
    const service = new ReadingListsService({
      db: server.database.db,
      media: server.app.media,
      changeFeed: {
        subscribe: (topic, handler) => void handlers.set(topic, handler),
        publish: async (topic, ids = null) => void published.push([topic, ids]),
      },
      catalogue: { snapshot: async () => snapshot, servableSnapshot: () => snapshot },
      ttlMs,
      minVoters: server.config.RANKING_MIN_VOTERS,
      maxItems: server.config.READING_LIST_MAX_ITEMS,
      siteUrl: server.config.SITE_URL,
      now: () => now,
    });
    return {
      service,
      published,
      advance: (ms: number) => (now += ms),
      /** Another snapshot of the same catalogue, as a vote or an edit installs. */
      replaceSnapshot: () => (snapshot = Object.create(snapshot) as CatalogueSnapshot),
      announce: (ids: number[] | null) => handlers.get(LISTS_TOPIC)!({ ids }),
    };
  }

  const renameByHand = (listId: number, name: string) =>
    server.database.db.update(readingLists).set({ name }).where(eq(readingLists.id, listId));
  const sharedName = async (service: ReadingListsService, token: string) =>
    (JSON.parse((await service.sharedList(token, 'default_asc'))!.body) as PublicReadingList).name;

  it('serves a shared list from memory while its snapshot is current and it is younger than the TTL', async () => {
    const { service, advance, replaceSnapshot } = await setUp();
    await renameByHand(first.id, 'First');
    expect(await sharedName(service, first.token)).toBe('First');
    await renameByHand(first.id, 'Renamed');
    advance(4999);
    expect(await sharedName(service, first.token)).toBe('First');
    advance(2);
    expect(await sharedName(service, first.token)).toBe('Renamed');

    await renameByHand(first.id, 'First');
    replaceSnapshot();
    expect(await sharedName(service, first.token)).toBe('First');
  });

  it("forgets a list's answers after a write to it, here and when another instance announces one", async () => {
    const { service, published, announce } = await setUp();
    await Promise.all([renameByHand(first.id, 'First'), renameByHand(second.id, 'Second')]);
    expect(await sharedName(service, first.token)).toBe('First');
    expect(await sharedName(service, second.token)).toBe('Second');
    await Promise.all([renameByHand(first.id, 'First again'), renameByHand(second.id, 'Second again')]);

    expect(await service.setShared(ownerId, first.id, true)).toBeDefined();
    expect(published).toEqual([[LISTS_TOPIC, [first.id]]]);
    expect(await sharedName(service, first.token)).toBe('First again');
    expect(await sharedName(service, second.token)).toBe('Second');

    announce([second.id]);
    expect(await sharedName(service, second.token)).toBe('Second again');

    await service.changed(null);
    expect(published.at(-1)).toEqual([LISTS_TOPIC, null]);
  });

  it("answers the owner's repeated page from memory, for that owner only, until the list changes", async () => {
    const { service, replaceSnapshot } = await setUp();
    const url = `/reading-lists/${first.id}/items/paged?sort=title_asc`;
    const query = { page: 1, page_size: 20, sort: 'title_asc' } as const;
    expect(service.cachedPage(ownerId, url)).toBeUndefined();
    const made = (await service.itemsPage(ownerId, first.id, url, query)) as CachedJson;
    expect((JSON.parse(made.body) as ListItemsPage).items.map((item) => item.title)).toEqual(['Kept']);
    expect(service.cachedPage(ownerId, url)).toBe(made);
    expect(service.cachedPage(ownerId + 1, url)).toBeUndefined();
    expect(await service.itemsPage(ownerId + 1, first.id, url, query)).toBeUndefined();

    replaceSnapshot();
    expect(service.cachedPage(ownerId, url)).toBeUndefined();
    await service.itemsPage(ownerId, first.id, url, query);
    expect(service.cachedPage(ownerId, url)).toBeDefined();
    expect(await service.removeItem(ownerId, first.id, 2_000_000_000)).toBe('not-in-list');
    expect(service.cachedPage(ownerId, url)).toBeDefined();
    expect(await service.delete(ownerId, 2_000_000_000)).toBe(false);
    await service.setShared(ownerId, first.id, true);
    expect(service.cachedPage(ownerId, url)).toBeUndefined();
  });

  it('keeps nothing with a TTL of 0', async () => {
    const { service } = await setUp(0);
    const url = `/reading-lists/${first.id}/items/paged`;
    await service.itemsPage(ownerId, first.id, url, { page: 1, page_size: 20, sort: 'default_asc' });
    expect(service.cachedPage(ownerId, url)).toBeUndefined();
    await renameByHand(first.id, 'First');
    expect(await sharedName(service, first.token)).toBe('First');
    await renameByHand(first.id, 'Read again');
    expect(await sharedName(service, first.token)).toBe('Read again');
  });
});
