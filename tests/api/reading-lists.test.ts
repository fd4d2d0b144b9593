import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_FULL,
  LIST_LIMIT_API,
  LIST_NAME_REQUIRED,
  LIST_NAME_TAKEN,
  LIST_NAME_TOO_LONG,
  LIST_NOT_FOUND,
  listItemSchema,
  publicReadingListSchema,
  readingListSchema,
  readingListsPageSchema,
  SERIES_NOT_IN_LIST,
  type PublicReadingList,
  type ReadingList,
} from '../../contract/reading-lists';
import { SERIES_NOT_FOUND } from '../../contract/catalogue';
import { readingListItems, readingLists } from '../../api/db/schema';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdList, expectError, listCalls } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

const MAX_ITEMS = 3;

describe('reading lists', () => {
  let server: TestServer;
  let calls: ReturnType<typeof listCalls>;
  let seriesIds: number[];

  beforeAll(async () => {
    server = await startTestServer({ READING_LIST_MAX_ITEMS: String(MAX_ITEMS) });
    calls = listCalls(server);
    seriesIds = await insertSeries(
      server,
      Array.from({ length: 8 }, (_, i) => ({ title: `Series ${i + 1}`, voters: i, score: 7 })),
    );
  });
  afterAll(() => server.close());

  async function listCount(userId: number): Promise<number> {
    const [row] = await server.database.db
      .select({ n: count() })
      .from(readingLists)
      .where(eq(readingLists.userId, userId));
    return row!.n;
  }

  describe('creating lists', () => {
    it('creates a private, empty list with a trimmed name, from JSON or a form', async () => {
      const user = await createUserWithToken(server);
      const response = await calls.create(user.token, '  Weekend reads  ');
      expect(response.status).toBe(201);
      const list = readingListSchema.parse(await response.json());
      expect(list).toEqual({
        id: expect.any(Number),
        name: 'Weekend reads',
        is_public: false,
        share_token: null,
        item_count: 0,
        items: [],
      });

      const form = await server.request('/reading-lists', {
        method: 'POST',
        token: user.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=From+a+form',
      });
      expect(form.status).toBe(201);
      expect(((await form.json()) as ReadingList).name).toBe('From a form');
      const multipart = new FormData();
      multipart.append('name', 'From multipart');
      const multipartResponse = await server.request('/reading-lists', {
        method: 'POST',
        token: (await createUserWithToken(server)).token,
        body: multipart,
      });
      expect(multipartResponse.status).toBe(201);
      expect(((await multipartResponse.json()) as ReadingList).name).toBe('From multipart');
    });

    it('refuses a blank or too long name with 422, and a name the user already has with 409', async () => {
      const user = await createUserWithToken(server);
      for (const name of ['', '   ', undefined]) {
        const response = await calls.create(user.token, name);
        const body = (await response.clone().json()) as { errors: { field: string }[] };
        await expectError(response, 422, LIST_NAME_REQUIRED, 'VALIDATION_FAILED');
        expect(body.errors).toEqual([{ field: 'name', message: LIST_NAME_REQUIRED }]);
      }
      await expectError(await calls.create(user.token, 'x'.repeat(51)), 422, LIST_NAME_TOO_LONG);
      expect(await listCount(user.id)).toBe(0);

      await createdList(server, user.token, 'y'.repeat(50));
      await expectError(
        await calls.create(user.token, 'Y'.repeat(50)),
        409,
        LIST_NAME_TAKEN,
        'LIST_NAME_TAKEN',
      );
      // Another user may use the same name.
      const other = await createUserWithToken(server);
      await createdList(server, other.token, 'y'.repeat(50));
    });

    it('allows 2 lists per user; a third is refused with 400, and deleting one frees its place', async () => {
      const user = await createUserWithToken(server);
      const first = await createdList(server, user.token, 'One');
      await createdList(server, user.token, 'Two');
      await expectError(await calls.create(user.token, 'Three'), 400, LIST_LIMIT_API, 'LIST_LIMIT_REACHED');
      // The cap is checked before the name: a duplicate name at the cap is still the cap.
      await expectError(await calls.create(user.token, 'One'), 400, LIST_LIMIT_API);

      expect((await calls.remove(user.token, first.id)).status).toBe(204);
      await createdList(server, user.token, 'Three');
      expect(await listCount(user.id)).toBe(2);
    });

    it('keeps the cap under 8 simultaneous creates: exactly 2 lists, the rest get the 400 text', async () => {
      for (let round = 0; round < 3; round++) {
        const user = await createUserWithToken(server);
        const responses = await Promise.all(
          Array.from({ length: 8 }, (_, i) => calls.create(user.token, `Race ${round}.${i}`)),
        );
        const statuses = responses.map((response) => response.status).sort();
        expect(statuses).toEqual([201, 201, 400, 400, 400, 400, 400, 400]);
        for (const response of responses.filter((r) => r.status === 400)) {
          expect(((await response.json()) as { detail: string }).detail).toBe(LIST_LIMIT_API);
        }
        expect(await listCount(user.id)).toBe(2);
      }
    });

    it('refuses a third list in the database itself, whatever the code path', async () => {
      const user = await createUserWithToken(server);
      const db = server.database.db;
      await db.insert(readingLists).values([
        { userId: user.id, name: 'a', slot: 1 },
        { userId: user.id, name: 'b', slot: 2 },
      ]);
      await expect(db.insert(readingLists).values({ userId: user.id, name: 'c', slot: 3 })).rejects.toThrow();
      await expect(db.insert(readingLists).values({ userId: user.id, name: 'c', slot: 1 })).rejects.toThrow();
      await expect(
        db.insert(readingLists).values({ userId: user.id, name: 'x'.repeat(51), slot: 1 }),
      ).rejects.toThrow();
      expect(await listCount(user.id)).toBe(2);
    });
  });

  describe("reading one's lists", () => {
    it('GET /reading-lists/me gives every list with its series ids in the order added', async () => {
      const user = await createUserWithToken(server);
      const a = await createdList(server, user.token, 'A');
      const b = await createdList(server, user.token, 'B');
      for (const id of [seriesIds[2], seriesIds[0], seriesIds[1]]) {
        expect((await calls.addItem(user.token, a.id, id)).status).toBe(200);
      }
      const response = await calls.mine(user.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const lists = (await response.json()) as ReadingList[];
      expect(lists).toEqual([
        {
          id: a.id,
          name: 'A',
          is_public: false,
          share_token: null,
          item_count: 3,
          items: [{ series_id: seriesIds[2] }, { series_id: seriesIds[0] }, { series_id: seriesIds[1] }],
        },
        { id: b.id, name: 'B', is_public: false, share_token: null, item_count: 0, items: [] },
      ]);
    });

    it('GET /reading-lists/me/paged pages the lists with their item counts', async () => {
      const user = await createUserWithToken(server);
      const a = await createdList(server, user.token, 'A');
      const b = await createdList(server, user.token, 'B');
      await calls.addItem(user.token, b.id, seriesIds[0]);

      const all = readingListsPageSchema.parse(await (await calls.minePaged(user.token)).json());
      expect(all).toEqual({
        items: [
          { id: a.id, name: 'A', is_public: false, share_token: null, item_count: 0 },
          { id: b.id, name: 'B', is_public: false, share_token: null, item_count: 1 },
        ],
        page: 1,
        page_size: 10,
        total: 2,
        has_more: false,
      });
      const first = readingListsPageSchema.parse(
        await (await calls.minePaged(user.token, '?page=1&page_size=1')).json(),
      );
      expect(first.items.map((list) => list.id)).toEqual([a.id]);
      expect(first.has_more).toBe(true);
      const second = readingListsPageSchema.parse(
        await (await calls.minePaged(user.token, '?page=2&page_size=1')).json(),
      );
      expect(second.items.map((list) => list.id)).toEqual([b.id]);
      expect(second.has_more).toBe(false);
      const past = readingListsPageSchema.parse(await (await calls.minePaged(user.token, '?page=3')).json());
      expect(past.items).toEqual([]);
      expect((await calls.minePaged(user.token, '?page=0')).status).toBe(422);
      expect((await calls.minePaged(user.token, '?page_size=51')).status).toBe(422);
    });
  });

  describe('items', () => {
    it('adds (a present series is a no-op) and removes series, with the contract errors', async () => {
      const user = await createUserWithToken(server);
      const list = await createdList(server, user.token, 'Items');
      const added = await calls.addItem(user.token, list.id, seriesIds[0]);
      expect(added.status).toBe(200);
      expect(readingListSchema.parse(await added.json()).items).toEqual([{ series_id: seriesIds[0] }]);
      const again = readingListSchema.parse(
        await (await calls.addItem(user.token, list.id, seriesIds[0])).json(),
      );
      expect(again.item_count).toBe(1);
      // A form sends the id as text.
      const form = await server.request(`/reading-lists/${list.id}/items`, {
        method: 'POST',
        token: user.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `series_id=${seriesIds[1]}`,
      });
      expect(readingListSchema.parse(await form.json()).item_count).toBe(2);

      await expectError(await calls.addItem(user.token, list.id, 999_999), 404, SERIES_NOT_FOUND);
      await expectError(await calls.addItem(user.token, list.id, 2 ** 40), 404, SERIES_NOT_FOUND);
      await expectError(await calls.addItem(user.token, 999_999, seriesIds[0]), 404, LIST_NOT_FOUND);
      for (const bad of ['abc', -1, 1.5, null]) {
        expect((await calls.addItem(user.token, list.id, bad)).status).toBe(422);
      }

      const removed = await calls.removeItem(user.token, list.id, seriesIds[0]!);
      expect(readingListSchema.parse(await removed.json()).items).toEqual([{ series_id: seriesIds[1] }]);
      await expectError(
        await calls.removeItem(user.token, list.id, seriesIds[0]!),
        404,
        SERIES_NOT_IN_LIST,
        'SERIES_NOT_IN_LIST',
      );
      await expectError(await calls.removeItem(user.token, 999_999, seriesIds[1]!), 404, LIST_NOT_FOUND);
      expect((await calls.removeItem(user.token, list.id, '0x1')).status).toBe(422);
    });

    it('refuses an item past the configured cap, also under simultaneous adds', async () => {
      const user = await createUserWithToken(server);
      const list = await createdList(server, user.token, 'Capped');
      const responses = await Promise.all(seriesIds.map((id) => calls.addItem(user.token, list.id, id)));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_ITEMS);
      for (const response of responses.filter((r) => r.status !== 200)) {
        await expectError(response, 400, LIST_FULL, 'LIST_FULL');
      }
      const [stored] = await server.database.db
        .select({ n: count() })
        .from(readingListItems)
        .where(eq(readingListItems.listId, list.id));
      expect(stored!.n).toBe(MAX_ITEMS);
      // Adding a series already there is still fine at the cap.
      const present = ((await (await calls.mine(user.token)).json()) as ReadingList[])[0]!.items[0]!
        .series_id;
      expect((await calls.addItem(user.token, list.id, present)).status).toBe(200);
    });

    it('a deleted series leaves every list, and the lists show it at once', async () => {
      const admin = await createUserWithToken(server, { role: 'ADMIN' });
      const [doomed, kept] = await insertSeries(server, [
        { title: 'Doomed', voters: 2, score: 9 },
        { title: 'Kept', voters: 1, score: 5 },
      ]);
      const users = [await createUserWithToken(server), await createUserWithToken(server)];
      const lists: ReadingList[] = [];
      for (const user of users) {
        for (const name of ['First', 'Second']) {
          const list = await createdList(server, user.token, name);
          await calls.addItem(user.token, list.id, doomed);
          await calls.addItem(user.token, list.id, kept);
          lists.push(list);
        }
      }
      const shared = readingListSchema.parse(await (await calls.share(users[0]!.token, lists[0]!.id)).json());
      // Read once, so anything cached has seen the series.
      expect(((await (await calls.shared(shared.share_token!)).json()) as PublicReadingList).item_count).toBe(
        2,
      );

      expect(
        (await server.request(`/series/${doomed}`, { method: 'DELETE', token: admin.token })).status,
      ).toBe(204);

      for (const user of users) {
        const mine = (await (await calls.mine(user.token)).json()) as ReadingList[];
        for (const list of mine) expect(list.items).toEqual([{ series_id: kept }]);
        for (const list of mine) {
          const page = (await (await calls.items(user.token, list.id)).json()) as {
            items: { series_id: number }[];
            total: number;
          };
          expect(page.items.map((item) => item.series_id)).toEqual([kept]);
          expect(page.total).toBe(1);
        }
      }
      const publicList = (await (await calls.shared(shared.share_token!)).json()) as PublicReadingList;
      expect(publicList.items.map((item) => item.series_id)).toEqual([kept]);
      expect(publicList.item_count).toBe(1);
      const rows = await server.database.db
        .select()
        .from(readingListItems)
        .where(eq(readingListItems.seriesId, doomed!));
      expect(rows).toEqual([]);
    });

    it('deleting a list deletes its items', async () => {
      const user = await createUserWithToken(server);
      const list = await createdList(server, user.token, 'Gone soon');
      await calls.addItem(user.token, list.id, seriesIds[0]);
      const response = await calls.remove(user.token, list.id);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      await expectError(await calls.remove(user.token, list.id), 404, LIST_NOT_FOUND);
      expect(
        await server.database.db.select().from(readingListItems).where(eq(readingListItems.listId, list.id)),
      ).toEqual([]);
      await expectError(await calls.remove(user.token, 2 ** 40), 404, LIST_NOT_FOUND);
    });
  });

  describe('sharing', () => {
    it('shares with a random URL-safe token, reads it without an account, revokes it and re-shares anew', async () => {
      const owner = await createUserWithToken(server);
      const list = await createdList(server, owner.token, 'Shared picks');
      await calls.addItem(owner.token, list.id, seriesIds[3]);
      await calls.addItem(owner.token, list.id, seriesIds[1]);

      // Private: not readable by id, nor by anything else.
      await expectError(await calls.shared(String(list.id)), 404, LIST_NOT_FOUND, 'LIST_NOT_FOUND');

      const shared = readingListSchema.parse(await (await calls.share(owner.token, list.id)).json());
      expect(shared.is_public).toBe(true);
      const token = shared.share_token!;
      // At least 128 random bits in base64url: 22 or more characters of the URL-safe alphabet.
      expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      // Sharing a shared list keeps its token.
      const again = readingListSchema.parse(await (await calls.share(owner.token, list.id)).json());
      expect(again.share_token).toBe(token);

      const response = await calls.shared(token);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      const text = await response.text();
      const body = publicReadingListSchema.strict().parse(JSON.parse(text));
      expect(body.name).toBe('Shared picks');
      expect(body.item_count).toBe(2);
      expect(body.items.map((item) => item.series_id)).toEqual([seriesIds[3], seriesIds[1]]);
      for (const item of body.items) listItemSchema.strict().parse(item);
      // Nothing about the owner.
      expect(text).not.toContain(owner.email);
      expect(text).not.toContain(owner.username);
      expect(text).not.toMatch(/user|owner|email/i);

      // Served again (from memory) with its ETag, and changes to the list show at once.
      const etag = response.headers.get('etag')!;
      expect(etag).toBeTruthy();
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const revalidated = await server.request(`/reading-lists/public/${token}`, {
        headers: { 'if-none-match': etag },
      });
      expect(revalidated.status).toBe(304);
      await calls.addItem(owner.token, list.id, seriesIds[5]);
      const grown = (await (await calls.shared(token)).json()) as PublicReadingList;
      expect(grown.items.map((item) => item.series_id)).toEqual([seriesIds[3], seriesIds[1], seriesIds[5]]);
      await calls.removeItem(owner.token, list.id, seriesIds[1]!);
      const shrunk = (await (await calls.shared(token)).json()) as PublicReadingList;
      expect(shrunk.items.map((item) => item.series_id)).toEqual([seriesIds[3], seriesIds[5]]);

      const unshared = readingListSchema.parse(await (await calls.unshare(owner.token, list.id)).json());
      expect(unshared).toMatchObject({ is_public: false, share_token: null });
      await expectError(await calls.shared(token), 404, LIST_NOT_FOUND);
      await expectError(await calls.sharedCsv(token), 404, LIST_NOT_FOUND);

      const reshared = readingListSchema.parse(await (await calls.share(owner.token, list.id)).json());
      expect(reshared.share_token).not.toBe(token);
      expect((await calls.shared(reshared.share_token!)).status).toBe(200);
      await expectError(await calls.shared(token), 404, LIST_NOT_FOUND);

      // Deleting the list ends its link too.
      await calls.remove(owner.token, list.id);
      await expectError(await calls.shared(reshared.share_token!), 404, LIST_NOT_FOUND);
    });

    it('answers 404 for tokens that are not tokens', async () => {
      for (const token of ['x', 'a'.repeat(90), "' or 1=1 --", '../me', '\u00e9'.repeat(20)]) {
        await expectError(await calls.shared(token), 404, LIST_NOT_FOUND);
      }
      // A NUL is refused like everywhere else; an overlong path like every other route.
      expect((await calls.shared('\u0000')).status).toBe(422);
      expect((await calls.shared('a'.repeat(300))).status).toBe(414);
    });
  });

  describe('isolation', () => {
    it("another user's list answers 404 on every call and stays as it was", async () => {
      const owner = await createUserWithToken(server);
      const intruder = await createUserWithToken(server);
      const list = await createdList(server, owner.token, 'Not yours');
      await calls.addItem(owner.token, list.id, seriesIds[0]);
      const before = await (await calls.mine(owner.token)).json();

      const attempts: [string, Promise<Response>][] = [
        ['delete', calls.remove(intruder.token, list.id)],
        ['add item', calls.addItem(intruder.token, list.id, seriesIds[1])],
        ['remove item', calls.removeItem(intruder.token, list.id, seriesIds[0]!)],
        ['items', calls.items(intruder.token, list.id)],
        ['share', calls.share(intruder.token, list.id)],
        ['unshare', calls.unshare(intruder.token, list.id)],
        ['export', calls.exportCsv(intruder.token, list.id)],
      ];
      for (const [name, attempt] of attempts) {
        const response = await attempt;
        expect(response.status, name).toBe(404);
        expect(((await response.json()) as { detail: string }).detail, name).toBe(LIST_NOT_FOUND);
      }
      expect(await (await calls.mine(intruder.token)).json()).toEqual([]);
      expect(((await (await calls.minePaged(intruder.token)).json()) as { total: number }).total).toBe(0);
      expect(await (await calls.mine(owner.token)).json()).toEqual(before);
    });

    it('every owner call needs a valid token', async () => {
      const owner = await createUserWithToken(server);
      const list = await createdList(server, owner.token, 'Mine');
      const unauthenticated = [
        calls.mine(undefined),
        calls.minePaged(undefined),
        calls.create(undefined, 'x'),
        calls.remove(undefined, list.id),
        calls.addItem(undefined, list.id, seriesIds[0]),
        calls.removeItem(undefined, list.id, seriesIds[0]!),
        calls.items(undefined, list.id),
        calls.share(undefined, list.id),
        calls.unshare(undefined, list.id),
        calls.exportCsv(undefined, list.id),
      ];
      for (const response of await Promise.all(unauthenticated)) {
        await expectError(response, 401, 'Not authenticated');
      }
      await expectError(await calls.mine('not-a-token'), 401, 'Could not validate credentials');
    });
  });
});
