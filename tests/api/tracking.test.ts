import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE } from '../../contract/catalogue';
import {
  CSV_COLUMNS,
  LIST_NOT_FOUND,
  listItemSchema,
  listItemsPageSchema,
  PERSONAL_SCORE_MESSAGE,
  READING_LIST_ERROR_CODES,
  SERIES_NOT_IN_LIST,
  seriesTrackingSchema,
  type ListItem,
  type PublicReadingList,
  type ReadingList,
  type SeriesTracking,
} from '../../contract/reading-lists';
import { createUserWithToken } from './auth-helpers';
import { startSecondInstance, startTestServer, type SecondInstance, type TestServer } from './harness';
import { createdList, expectError, listCalls } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/*
 * Tracking a series: the personal score of a list item (PATCH, list answers, CSV `my_score`), the series'
 * published chapters on list items, and the per-series lookup `GET /reading-lists/me/series/{seriesId}`
 * with its answers kept in memory (an hour's TTL here: only announced writes may change what it answers).
 */

describe('tracking a series', () => {
  let server: TestServer;
  let second: SecondInstance;
  let calls: ReturnType<typeof listCalls>;
  let owner: { token: string };
  let admin: { token: string };

  const patch = (token: string | undefined, listId: number, seriesId: number | string, json: unknown) =>
    server.request(`/reading-lists/${listId}/items/${seriesId}`, { method: 'PATCH', token, json });

  const lookup = (token: string | undefined, seriesId: number | string, base = server.url) =>
    fetch(`${base}/reading-lists/me/series/${seriesId}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  async function tracking(token: string, seriesId: number, base = server.url): Promise<SeriesTracking> {
    const response = await lookup(token, seriesId, base);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    return seriesTrackingSchema.parse(JSON.parse(text));
  }

  async function item(token: string, listId: number, seriesId: number): Promise<ListItem | undefined> {
    const response = await calls.items(token, listId, '?page_size=100');
    expect(response.status).toBe(200);
    return listItemsPageSchema
      .strict()
      .parse(await response.json())
      .items.find((entry) => entry.series_id === seriesId);
  }

  beforeAll(async () => {
    server = await startTestServer({
      CACHE_TTL_MS: '3600000',
      JWT_SECRET: 'tracking-test-secret-of-at-least-32-chars',
      WRITE_RATE_LIMIT_MAX: '1000',
    });
    second = await startSecondInstance(server);
    calls = listCalls(server);
    owner = await createUserWithToken(server);
    admin = await createUserWithToken(server, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  describe('personal scores', () => {
    let list: ReadingList;
    let ids: number[];

    beforeAll(async () => {
      ids = await insertSeries(server, [{ title: 'Scored' }, { title: 'Unscored' }, { title: 'Outside' }]);
      list = await createdList(server, owner.token, 'Scores');
      for (const id of ids.slice(0, 2))
        expect((await calls.addItem(owner.token, list.id, id)).status).toBe(200);
    });

    it('starts with no score, sets one alone or with the other fields, and a null clears it', async () => {
      expect((await item(owner.token, list.id, ids[0]!))?.score).toBeNull();

      const alone = await patch(owner.token, list.id, ids[0]!, { score: 7 });
      expect(alone.status, await alone.clone().text()).toBe(200);
      expect(listItemSchema.strict().parse(await alone.json())).toMatchObject({
        score: 7,
        reading_status: 'PLAN_TO_READ',
        chapters_read: 0,
      });

      const together = await patch(owner.token, list.id, ids[0]!, {
        score: 10,
        reading_status: 'READING',
        chapters_read: 30,
      });
      expect(await together.json()).toMatchObject({
        score: 10,
        reading_status: 'READING',
        chapters_read: 30,
      });
      // A write without the score keeps it.
      const kept = await patch(owner.token, list.id, ids[0]!, { chapters_read: 31 });
      expect(await kept.json()).toMatchObject({ score: 10, chapters_read: 31 });
      expect(await item(owner.token, list.id, ids[0]!)).toMatchObject({ score: 10, chapters_read: 31 });

      const cleared = await patch(owner.token, list.id, ids[0]!, { score: null });
      expect(await cleared.json()).toMatchObject({ score: null, chapters_read: 31 });
      expect((await item(owner.token, list.id, ids[0]!))?.score).toBeNull();

      expect((await patch(owner.token, list.id, ids[0]!, { score: 1 })).status).toBe(200);
      expect((await item(owner.token, list.id, ids[0]!))?.score).toBe(1);
    });

    it.each([[0], [11], [7.5], ['7'], [true], [-1]])(
      'refuses a score of %j with 422, writing none of the fields sent with it',
      async (score) => {
        expect((await patch(owner.token, list.id, ids[1]!, { score: 4 })).status).toBe(200);
        const refused = await patch(owner.token, list.id, ids[1]!, {
          score,
          reading_status: 'DROPPED',
          chapters_read: 9,
        });
        const text = await refused.text();
        expect(refused.status, text).toBe(422);
        const body = JSON.parse(text) as { detail: string; code: string; errors: { field: string }[] };
        expect(body.detail).toContain(PERSONAL_SCORE_MESSAGE);
        expect(typeof body.code).toBe('string');
        expect(body.errors.map((error) => error.field)).toEqual(['score']);
        expect(await item(owner.token, list.id, ids[1]!)).toMatchObject({
          score: 4,
          reading_status: 'PLAN_TO_READ',
          chapters_read: 0,
        });
      },
    );

    it("answers 404 for another user's list and for a series not in the list", async () => {
      const stranger = await createUserWithToken(server);
      await expectError(
        await patch(stranger.token, list.id, ids[0]!, { score: 5 }),
        404,
        LIST_NOT_FOUND,
        READING_LIST_ERROR_CODES.notFound,
      );
      await expectError(
        await patch(owner.token, list.id, ids[2]!, { score: 5 }),
        404,
        SERIES_NOT_IN_LIST,
        READING_LIST_ERROR_CODES.notInList,
      );
      expect((await patch(undefined, list.id, ids[0]!, { score: 5 })).status).toBe(401);
      expect((await item(owner.token, list.id, ids[0]!))?.score).toBe(1);
    });

    it('shows the score on the shared list and as the last CSV column, my_score, empty for none', async () => {
      expect((await patch(owner.token, list.id, ids[0]!, { score: 9 })).status).toBe(200);
      expect((await patch(owner.token, list.id, ids[1]!, { score: null })).status).toBe(200);
      const shared = (await (await calls.share(owner.token, list.id)).json()) as ReadingList;
      const sharedList = (await (await calls.shared(shared.share_token!)).json()) as PublicReadingList;
      expect(sharedList.items.map((entry) => [entry.title, entry.score])).toEqual([
        ['Scored', 9],
        ['Unscored', null],
      ]);
      for (const response of [
        await calls.exportCsv(owner.token, list.id),
        await calls.sharedCsv(shared.share_token!),
      ]) {
        const rows = parse(await response.text()) as string[][];
        expect(rows[0]).toEqual([...CSV_COLUMNS]);
        // `score` is still the final score (empty without votes); the reader's own is the last column.
        expect(rows[0]!.indexOf('score')).toBe(4);
        expect(rows.slice(1).map((row) => [row[0], row[4], row.at(-1)])).toEqual([
          ['Scored', '', '9'],
          ['Unscored', '', ''],
        ]);
      }
      await calls.unshare(owner.token, list.id);
    });
  });

  describe("the series' published chapters on list items", () => {
    it('shows the count an admin sets, at once, and progress may pass it', async () => {
      const [id] = await insertSeries(server, [{ title: 'Counted' }]);
      const list = await createdList(server, owner.token, 'Counts');
      expect((await calls.addItem(owner.token, list.id, id)).status).toBe(200);
      expect((await item(owner.token, list.id, id!))?.chapters).toBeNull();

      const edited = await server.request(`/series/${id}`, {
        method: 'PUT',
        token: admin.token,
        json: { chapters: 120 },
      });
      expect(edited.status).toBe(200);
      expect((await item(owner.token, list.id, id!))?.chapters).toBe(120);
      // Counts lag behind releases: reading past them is allowed.
      const ahead = await patch(owner.token, list.id, id!, { chapters_read: 125 });
      expect(await ahead.json()).toMatchObject({ chapters_read: 125, chapters: 120 });
      await calls.remove(owner.token, list.id);
    });
  });

  describe('GET /reading-lists/me/series/{seriesId}', () => {
    let reader: { token: string };
    let first: ReadingList;
    let other: ReadingList;
    let watched: number;
    let unlisted: number;

    beforeAll(async () => {
      [watched, unlisted] = (await insertSeries(server, [{ title: 'Watched' }, { title: 'Unlisted' }])) as [
        number,
        number,
      ];
      reader = await createUserWithToken(server);
    });

    it('answers an empty array for a user with no lists, and for a series in none of them', async () => {
      expect(await tracking(reader.token, watched)).toEqual([]);
      first = await createdList(server, reader.token, 'First');
      expect(await tracking(reader.token, watched)).toEqual([]);
      expect((await calls.addItem(reader.token, first.id, unlisted)).status).toBe(200);
      expect(await tracking(reader.token, watched)).toEqual([]);
    });

    it('lists every list holding the series in list order, and follows adds, edits and removals at once', async () => {
      expect(await tracking(reader.token, watched)).toEqual([]);
      expect((await calls.addItem(reader.token, first.id, watched)).status).toBe(200);
      expect(await tracking(reader.token, watched)).toEqual([
        {
          list_id: first.id,
          list_name: 'First',
          reading_status: 'PLAN_TO_READ',
          chapters_read: 0,
          score: null,
        },
      ]);

      // A list created after the answer was kept, then the series added to it.
      other = await createdList(server, reader.token, 'Second');
      expect((await calls.addItem(reader.token, other.id, watched)).status).toBe(200);
      expect((await patch(reader.token, other.id, watched, { score: 8, chapters_read: 3 })).status).toBe(200);
      expect(await tracking(reader.token, watched)).toEqual([
        {
          list_id: first.id,
          list_name: 'First',
          reading_status: 'PLAN_TO_READ',
          chapters_read: 0,
          score: null,
        },
        {
          list_id: other.id,
          list_name: 'Second',
          reading_status: 'PLAN_TO_READ',
          chapters_read: 3,
          score: 8,
        },
      ]);

      expect(
        (await patch(reader.token, first.id, watched, { reading_status: 'COMPLETED', score: 6 })).status,
      ).toBe(200);
      expect((await tracking(reader.token, watched))[0]).toMatchObject({
        reading_status: 'COMPLETED',
        score: 6,
      });

      expect((await calls.removeItem(reader.token, first.id, watched)).status).toBe(200);
      expect((await tracking(reader.token, watched)).map((entry) => entry.list_id)).toEqual([other.id]);
      expect((await calls.remove(reader.token, other.id)).status).toBe(204);
      expect(await tracking(reader.token, watched)).toEqual([]);
    });

    it("never shows another user's entries", async () => {
      const [shared] = await insertSeries(server, [{ title: 'Shared interest' }]);
      const neighbour = await createUserWithToken(server);
      const theirs = await createdList(server, neighbour.token, 'Theirs');
      expect((await calls.addItem(neighbour.token, theirs.id, shared)).status).toBe(200);
      expect((await patch(neighbour.token, theirs.id, shared!, { score: 3 })).status).toBe(200);
      expect(await tracking(neighbour.token, shared!)).toHaveLength(1);
      expect(await tracking(reader.token, shared!)).toEqual([]);
    });

    it('shows what another instance wrote, a new list included', async () => {
      const [series] = await insertSeries(server, [{ title: 'Elsewhere' }]);
      await second.app.catalogue.changed(null);
      const walker = await createUserWithToken(server);
      const lists = await createdList(server, walker.token, 'Here');
      expect(await tracking(walker.token, series!)).toEqual([]);
      expect(await tracking(walker.token, series!, second.url)).toEqual([]);

      // The other instance creates a list and adds the series to it.
      const created = await fetch(`${second.url}/reading-lists`, {
        method: 'POST',
        headers: { authorization: `Bearer ${walker.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'There' }),
      });
      expect(created.status).toBe(201);
      const there = (await created.json()) as ReadingList;
      const added = await fetch(`${second.url}/reading-lists/${there.id}/items`, {
        method: 'POST',
        headers: { authorization: `Bearer ${walker.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ series_id: series }),
      });
      expect(added.status).toBe(200);
      await expect
        .poll(async () => (await tracking(walker.token, series!)).map((entry) => entry.list_id), {
          timeout: 1000,
          interval: 20,
        })
        .toEqual([there.id]);
      expect((await calls.addItem(walker.token, lists.id, series)).status).toBe(200);
      await expect
        .poll(async () => (await tracking(walker.token, series!, second.url)).map((entry) => entry.list_id), {
          timeout: 1000,
          interval: 20,
        })
        .toEqual([lists.id, there.id]);
    });

    it('answers 401 signed out, and 404 for a series that is not or no longer in the catalogue', async () => {
      expect((await lookup(undefined, watched)).status).toBe(401);
      const [doomed] = await insertSeries(server, [{ title: 'Doomed' }]);
      const list = await createdList(server, admin.token, 'Admin list');
      expect((await calls.addItem(admin.token, list.id, doomed)).status).toBe(200);
      expect(await tracking(admin.token, doomed!)).toHaveLength(1);

      const deleted = await server.request(`/series/${doomed}`, { method: 'DELETE', token: admin.token });
      expect(deleted.status).toBe(204);
      for (const id of [doomed!, 99999999, 2147483648, 0]) {
        await expectError(await lookup(admin.token, id), 404, SERIES_NOT_FOUND, SERIES_NOT_FOUND_CODE);
      }
      await expect
        .poll(async () => (await lookup(admin.token, doomed!, second.url)).status, {
          timeout: 1000,
          interval: 20,
        })
        .toBe(404);
      expect((await lookup(admin.token, 'abc')).status).toBe(422);
      expect((await lookup(admin.token, '01')).status).toBe(422);
    });
  });
});
