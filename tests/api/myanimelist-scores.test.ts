import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMalExport } from '../../api/reading-lists/myanimelist/read-export';
import {
  importReportSchema,
  listItemsPageSchema,
  type ImportReport,
  type ListItem,
} from '../../contract/reading-lists';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdList, listCalls } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/* The personal score through a MyAnimeList import (`my_score`) and export, over HTTP. */

function malExport(entries: string[]): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8" ?>
<myanimelist>
  <myinfo><user_id>1</user_id><user_name>reader</user_name><user_export_type>2</user_export_type></myinfo>
${entries.join('\n')}
</myanimelist>`);
}

function manga(malId: number, title: string, chapters: number, status: string, score?: string): string {
  const scoreField = score === undefined ? '' : `<my_score>${score}</my_score>`;
  return `  <manga><manga_mangadb_id>${malId}</manga_mangadb_id><manga_title><![CDATA[${title}]]></manga_title>
    <my_read_chapters>${chapters}</my_read_chapters>${scoreField}<my_status>${status}</my_status></manga>`;
}

describe('personal scores through MyAnimeList files', () => {
  let server: TestServer;
  let calls: ReturnType<typeof listCalls>;
  let owner: { token: string };
  /** Series id by MyAnimeList id. */
  const byMalId = new Map<number, number>();

  function upload(listId: number, file: Buffer, dryRun = false): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'mangalist.xml');
    return server.request(`/reading-lists/${listId}/import${dryRun ? '?dry_run=true' : ''}`, {
      method: 'POST',
      token: owner.token,
      body: form,
    });
  }

  async function report(response: Response): Promise<ImportReport> {
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return importReportSchema.strict().parse(JSON.parse(text));
  }

  async function items(listId: number): Promise<ListItem[]> {
    const response = await calls.items(owner.token, listId, '?page_size=100');
    return listItemsPageSchema.parse(await response.json()).items;
  }

  beforeAll(async () => {
    server = await startTestServer({ WRITE_RATE_LIMIT_MAX: '1000' });
    calls = listCalls(server);
    const titles = ['Berserk', 'Vagabond', 'Monster', 'Pluto', 'Blame', 'Homunculus', 'Dorohedoro', 'Akira'];
    const ids = await insertSeries(
      server,
      titles.map((title) => ({ title, type: 'MANGA' as const })),
    );
    for (const [index, id] of ids.entries()) {
      const malId = 100 + index;
      await server.database.db.execute(sql`update series set mal_id = ${malId} where id = ${id}`);
      byMalId.set(malId, id);
    }
    owner = await createUserWithToken(server);
  });
  afterAll(() => server.close());

  it('imports into an empty list and exports again the same series, statuses, chapters and scores', async () => {
    const original = malExport([
      manga(100, 'Berserk', 364, 'Reading', '9'),
      manga(101, 'Vagabond', 327, 'On-Hold', '8'),
      manga(102, 'Monster', 162, 'Completed', '10'),
      manga(103, 'Pluto', 20, 'Dropped', '6'),
      manga(104, 'Blame', 0, 'Plan to Read', '4'),
      manga(105, 'Homunculus', 12, '1', '0'),
    ]);
    const list = await createdList(server, owner.token, 'Round trip');
    const imported = await report(await upload(list.id, original));
    expect(imported.added).toBe(6);
    expect(imported.matched.map((entry) => entry.score)).toEqual([9, 8, 10, 6, 4, null]);
    expect(imported.scores_ignored).toEqual([]);
    expect((await items(list.id)).map((item) => [item.title, item.score])).toEqual([
      ['Berserk', 9],
      ['Vagabond', 8],
      ['Monster', 10],
      ['Pluto', 6],
      ['Blame', 4],
      ['Homunculus', null],
    ]);

    const exported = await server.request(`/reading-lists/${list.id}/export.xml`, { token: owner.token });
    expect(exported.status).toBe(200);
    const xml = await exported.text();
    expect(xml).toContain('<my_score>9</my_score>');
    // No score is written as MyAnimeList writes it.
    expect(xml).toContain('<my_score>0</my_score>');
    const fields = (entry: Awaited<ReturnType<typeof readMalExport>>[number]) => [
      entry.malId,
      entry.readingStatus,
      entry.chaptersRead,
      entry.score,
    ];
    expect((await readMalExport(Buffer.from(xml))).map(fields)).toEqual(
      (await readMalExport(original)).map(fields),
    );
  });

  it('imports an entry whose my_score is no score without it, and lists it with the value as given', async () => {
    const list = await createdList(server, owner.token, 'Odd scores');
    const file = malExport([
      manga(100, 'Berserk', 1, 'Reading', '11'),
      manga(101, 'Vagabond', 2, 'Reading', '-1'),
      manga(102, 'Monster', 3, 'Reading', '7.5'),
      manga(103, 'Pluto', 4, 'Reading', 'abc'),
      manga(104, 'Blame', 5, 'Reading', ''),
      manga(105, 'Homunculus', 6, 'Reading'),
      manga(106, 'Dorohedoro', 7, 'Reading', '7'),
    ]);
    const preview = await report(await upload(list.id, file, true));
    const ignored = [
      { source_index: 0, source_title: 'Berserk', my_score: '11' },
      { source_index: 1, source_title: 'Vagabond', my_score: '-1' },
      { source_index: 2, source_title: 'Monster', my_score: '7.5' },
      { source_index: 3, source_title: 'Pluto', my_score: 'abc' },
    ];
    expect(preview.scores_ignored).toEqual(ignored);
    expect(preview.not_shown.scores_ignored).toBe(0);

    const done = await report(await upload(list.id, file));
    expect(done.added).toBe(7);
    expect(done.scores_ignored).toEqual(ignored);
    expect((await items(list.id)).map((item) => [item.title, item.chapters_read, item.score])).toEqual([
      ['Berserk', 1, null],
      ['Vagabond', 2, null],
      ['Monster', 3, null],
      ['Pluto', 4, null],
      ['Blame', 5, null],
      ['Homunculus', 6, null],
      ['Dorohedoro', 7, 7],
    ]);
  });

  it("fills an empty score only, never the reader's own, and the larger chapter count wins", async () => {
    // Two lists per user: a reader of their own.
    owner = await createUserWithToken(server);
    const list = await createdList(server, owner.token, 'Merged');
    for (const malId of [100, 101, 102]) {
      expect((await calls.addItem(owner.token, list.id, byMalId.get(malId))).status).toBe(200);
    }
    const patch = (malId: number, json: unknown) =>
      server.request(`/reading-lists/${list.id}/items/${byMalId.get(malId)}`, {
        method: 'PATCH',
        token: owner.token,
        json,
      });
    expect((await patch(100, { score: 3, chapters_read: 50 })).status).toBe(200);
    expect((await patch(101, { chapters_read: 50 })).status).toBe(200);
    expect((await patch(102, { score: 5, chapters_read: 10 })).status).toBe(200);

    const file = malExport([
      // The reader's 3 stays; the file's smaller count does not lower 50.
      manga(100, 'Berserk', 20, 'Completed', '9'),
      // An empty score is filled; the count stays 50.
      manga(101, 'Vagabond', 40, 'Completed', '8'),
      // The reader's 5 stays; the larger count wins.
      manga(102, 'Monster', 99, 'Completed', '10'),
    ]);
    const done = await report(await upload(list.id, file));
    expect([done.added, done.updated, done.already_present]).toEqual([0, 2, 1]);
    expect(
      (await items(list.id)).map((item) => [item.title, item.reading_status, item.chapters_read, item.score]),
    ).toEqual([
      ['Berserk', 'PLAN_TO_READ', 50, 3],
      ['Vagabond', 'PLAN_TO_READ', 50, 8],
      ['Monster', 'PLAN_TO_READ', 99, 5],
    ]);
    // The same file again changes nothing.
    const again = await report(await upload(list.id, file));
    expect([again.added, again.updated, again.already_present]).toEqual([0, 0, 3]);
  });
});
