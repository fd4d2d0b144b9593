import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_NOT_FOUND,
  listItemSchema,
  listItemsPageSchema,
  SERIES_NOT_IN_LIST,
  type ListItem,
  type ListItemsPage,
  type ReadingList,
} from '../../contract/reading-lists';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdList, expectError, listCalls } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/* Reading status and chapters per list item: PATCH, the status filter and counts, the CSV columns. */

describe('reading progress of list items', () => {
  let server: TestServer;
  let calls: ReturnType<typeof listCalls>;
  let owner: { token: string };
  let list: ReadingList;
  let ids: number[];

  const patch = (
    token: string | undefined,
    listId: number | string,
    seriesId: number | string,
    json: unknown,
  ) => server.request(`/reading-lists/${listId}/items/${seriesId}`, { method: 'PATCH', token, json });

  beforeAll(async () => {
    server = await startTestServer({ WRITE_RATE_LIMIT_MAX: '1000' });
    calls = listCalls(server);
    ids = await insertSeries(server, [
      { title: 'One' },
      { title: 'Two' },
      { title: 'Three' },
      { title: 'Four' },
    ]);
    owner = await createUserWithToken(server);
    list = await createdList(server, owner.token, 'Progress');
    for (const id of ids.slice(0, 3))
      expect((await calls.addItem(owner.token, list.id, id)).status).toBe(200);
  });
  afterAll(() => server.close());

  async function itemsPage(query = ''): Promise<ListItemsPage> {
    const response = await calls.items(owner.token, list.id, query);
    expect(response.status, await response.clone().text()).toBe(200);
    return listItemsPageSchema.parse(await response.json());
  }

  it('starts every added series as Plan to Read with 0 chapters', async () => {
    const page = await itemsPage();
    expect(page.items.map((item) => [item.reading_status, item.chapters_read])).toEqual([
      ['PLAN_TO_READ', 0],
      ['PLAN_TO_READ', 0],
      ['PLAN_TO_READ', 0],
    ]);
    expect(page.status_counts).toEqual({ READING: 0, COMPLETED: 0, ON_HOLD: 0, DROPPED: 0, PLAN_TO_READ: 3 });
  });

  it('sets the status and the chapters, together or one at a time, and answers the item', async () => {
    const both = await patch(owner.token, list.id, ids[0]!, { reading_status: 'READING', chapters_read: 12 });
    expect(both.status, await both.clone().text()).toBe(200);
    const item = listItemSchema.parse(await both.json());
    expect(item).toMatchObject({
      series_id: ids[0],
      title: 'One',
      reading_status: 'READING',
      chapters_read: 12,
    });

    const chaptersOnly = (await (
      await patch(owner.token, list.id, ids[0]!, { chapters_read: 13 })
    ).json()) as ListItem;
    expect([chaptersOnly.reading_status, chaptersOnly.chapters_read]).toEqual(['READING', 13]);
    const statusOnly = (await (
      await patch(owner.token, list.id, ids[0]!, { reading_status: 'ON_HOLD' })
    ).json()) as ListItem;
    expect([statusOnly.reading_status, statusOnly.chapters_read]).toEqual(['ON_HOLD', 13]);
    const limits = (await (
      await patch(owner.token, list.id, ids[1]!, { reading_status: 'COMPLETED', chapters_read: 100000 })
    ).json()) as ListItem;
    expect(limits.chapters_read).toBe(100000);
  });

  it('answers 404 for a list that is not the caller’s and for a series not in the list', async () => {
    await expectError(await patch(owner.token, 999999, ids[0]!, { chapters_read: 1 }), 404, LIST_NOT_FOUND);
    await expectError(
      await patch(owner.token, list.id, ids[3]!, { chapters_read: 1 }),
      404,
      SERIES_NOT_IN_LIST,
    );
    await expectError(
      await patch(owner.token, list.id, 999999, { chapters_read: 1 }),
      404,
      SERIES_NOT_IN_LIST,
    );
    const stranger = await createUserWithToken(server);
    await expectError(
      await patch(stranger.token, list.id, ids[0]!, { chapters_read: 1 }),
      404,
      LIST_NOT_FOUND,
    );
    expect((await patch(undefined, list.id, ids[0]!, { chapters_read: 1 })).status).toBe(401);
  });

  it('refuses an unknown status and chapters outside 0-100000 with 422, changing nothing', async () => {
    for (const body of [
      { reading_status: 'FINISHED' },
      { reading_status: 'reading' },
      { chapters_read: -1 },
      { chapters_read: 100001 },
      { chapters_read: 1.5 },
      { chapters_read: '7' },
    ]) {
      const response = await patch(owner.token, list.id, ids[2]!, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const third = (await itemsPage()).items.find((item) => item.series_id === ids[2]);
    expect([third?.reading_status, third?.chapters_read]).toEqual(['PLAN_TO_READ', 0]);
  });

  it('filters by reading status and counts every status over the whole list, shown at once after a change', async () => {
    await patch(owner.token, list.id, ids[2]!, { reading_status: 'READING', chapters_read: 4 });
    const reading = await itemsPage('?reading_status=reading');
    expect(reading.items.map((item) => item.title)).toEqual(['Three']);
    expect(reading.total).toBe(1);
    expect(reading.item_count).toBe(3);
    expect(reading.status_counts).toEqual({
      READING: 1,
      COMPLETED: 1,
      ON_HOLD: 1,
      DROPPED: 0,
      PLAN_TO_READ: 0,
    });
    expect((await itemsPage('?reading_status=ALL')).total).toBe(3);
    expect((await itemsPage('?reading_status=DROPPED')).items).toEqual([]);
    expect((await calls.items(owner.token, list.id, '?reading_status=FINISHED')).status).toBe(422);

    // The same URL again after a write: the kept answer went with the write.
    await patch(owner.token, list.id, ids[2]!, { reading_status: 'DROPPED' });
    expect((await itemsPage('?reading_status=reading')).items).toEqual([]);
    expect((await itemsPage('?reading_status=DROPPED')).items.map((item) => item.title)).toEqual(['Three']);
  });

  it('shows status and chapters on the shared list and in both CSV exports', async () => {
    const shared = (await (await calls.share(owner.token, list.id)).json()) as ReadingList;
    const sharedList = (await (await calls.shared(shared.share_token!)).json()) as { items: ListItem[] };
    expect(sharedList.items.map((item) => [item.title, item.reading_status, item.chapters_read])).toEqual([
      ['One', 'ON_HOLD', 13],
      ['Two', 'COMPLETED', 100000],
      ['Three', 'DROPPED', 4],
    ]);
    for (const response of [
      await calls.exportCsv(owner.token, list.id),
      await calls.sharedCsv(shared.share_token!),
    ]) {
      const rows = parse(await response.text()) as string[][];
      expect(rows[0]!.slice(-3, -1)).toEqual(['reading_status', 'chapters_read']);
      expect(rows.slice(1).map((row) => [row[0], ...row.slice(-3, -1)])).toEqual([
        ['One', 'ON_HOLD', '13'],
        ['Two', 'COMPLETED', '100000'],
        ['Three', 'DROPPED', '4'],
      ]);
    }
    await calls.unshare(owner.token, list.id);
  });
});
