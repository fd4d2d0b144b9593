import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importReportSchema, listItemsPageSchema, type ReadingList } from '../../contract/reading-lists';
import { generateDemoCatalogue } from '../../scripts/demo/demo-catalogue';
import { SAMPLE_MYANIMELIST_EXPORT, seedDemoReadingProgress } from '../../scripts/demo/demo-reading-progress';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdList, listCalls } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/*
 * The demo's reading progress on the demo catalogue's titles (the default seed): the admin's list with its
 * statuses, and the sample MyAnimeList export matching as it says it does.
 */

describe('demo reading progress and the sample MyAnimeList export', () => {
  let server: TestServer;
  let admin: { username: string; token: string };

  beforeAll(async () => {
    server = await startTestServer({ WRITE_RATE_LIMIT_MAX: '1000' });
    const { series } = generateDemoCatalogue({ voters: 1 });
    await insertSeries(
      server,
      series.map(({ title, type, genre, chapters, volumes }) => ({ title, type, genre, chapters, volumes })),
    );
    admin = await createUserWithToken(server, { role: 'ADMIN' });
    expect(await seedDemoReadingProgress(server.database.db, admin.username)).toEqual({ listed: 7 });
    // Done by the start script before the API runs; here the running API must hear of it.
    server.app.catalogue.invalidate();
  }, 120_000);
  afterAll(() => server.close());

  it('gives the admin one list with statuses and chapters, once', async () => {
    const lists = (await (await listCalls(server).mine(admin.token)).json()) as ReadingList[];
    expect(lists.map((list) => [list.name, list.item_count])).toEqual([['Reading now', 7]]);
    const page = listItemsPageSchema.parse(
      await (await listCalls(server).items(admin.token, lists[0]!.id)).json(),
    );
    expect(page.items[0]).toMatchObject({
      title: 'The Moonlit Labyrinth',
      reading_status: 'READING',
      chapters_read: 42,
    });
    expect(page.status_counts).toEqual({ READING: 2, COMPLETED: 2, ON_HOLD: 1, DROPPED: 1, PLAN_TO_READ: 1 });
    // Personal scores on most items, and completed series read to their published chapter counts.
    expect(page.items.map((item) => item.score)).toEqual([9, 8, null, 4, 10, null, 7]);
    const completed = page.items.filter((item) => item.reading_status === 'COMPLETED');
    expect(completed).toHaveLength(2);
    for (const item of completed) {
      expect(item.chapters).not.toBeNull();
      expect(item.chapters_read).toBe(item.chapters);
    }
    expect(await seedDemoReadingProgress(server.database.db, admin.username)).toEqual({ listed: 0 });
  });

  it('matches the sample export: two by id, three by title, one to choose, one not found', async () => {
    const list = await createdList(server, admin.token, 'From MyAnimeList');
    const form = new FormData();
    form.append('file', new Blob([readFileSync(SAMPLE_MYANIMELIST_EXPORT)]), 'sample-myanimelist-export.xml');
    const response = await server.request(`/reading-lists/${list.id}/import?dry_run=true`, {
      method: 'POST',
      token: admin.token,
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const report = importReportSchema.parse(await response.json());
    expect(report.matched.map((entry) => [entry.title, entry.by])).toEqual([
      ['The Moonlit Labyrinth', 'mal_id'],
      ['Reborn as the Paper Merchant', 'title'],
      ["The Merchant's Confession", 'title'],
      ['Summer Spring', 'title'],
      ['The Silent General', 'mal_id'],
    ]);
    expect(report.ambiguous.map((entry) => entry.candidates.map((candidate) => candidate.type))).toEqual([
      ['MANHUA', 'MANHWA'],
    ]);
    expect(report.unmatched).toEqual([{ source_index: 5, source_title: 'A Series PanelRank Does Not Have' }]);
  });
});
