import { sql } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  importReportSchema,
  LIST_NOT_FOUND,
  listItemsPageSchema,
  MAL_ANIME_EXPORT,
  MAL_CHOICE_NOT_A_CANDIDATE,
  MAL_FILE_TOO_LARGE,
  MAL_NAME_TOO_LONG,
  MAL_NESTED_TOO_DEEP,
  MAL_NOT_AN_EXPORT,
  MAL_REPORT_MAX_ENTRIES,
  MAL_REPORT_MAX_TITLE_CHARS,
  MAL_TEXT_TOO_LONG,
  MAL_TOO_MANY_ATTRIBUTES,
  MAL_TOO_MANY_ELEMENTS,
  MAL_TOO_MANY_ENTRIES,
  MAL_XML_TOO_LARGE,
  type ImportReport,
  type ListItem,
  type ReadingList,
} from '../../contract/reading-lists';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdList, expectError, listCalls } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/* Importing a MyAnimeList manga export into a list, and exporting a list in that format, over HTTP. */

const MAX_ITEMS = 6;

function malExport(entries: string[], exportType = 2): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8" ?>
<myanimelist>
  <myinfo><user_id>1</user_id><user_name>reader</user_name><user_export_type>${exportType}</user_export_type></myinfo>
${entries.join('\n')}
</myanimelist>`);
}

function manga(malId: number, title: string, chapters: number, status: string): string {
  return `  <manga><manga_mangadb_id>${malId}</manga_mangadb_id><manga_title><![CDATA[${title}]]></manga_title>
    <my_read_chapters>${chapters}</my_read_chapters><my_score>8</my_score><my_status>${status}</my_status></manga>`;
}

describe('MyAnimeList import and export', () => {
  let server: TestServer;
  let calls: ReturnType<typeof listCalls>;
  let owner: { token: string };
  const id: Record<string, number> = {};

  /** Posts a file (and choices) to the import, as the page does. */
  function upload(
    token: string | undefined,
    listId: number | string,
    file: Buffer | undefined,
    options: { dryRun?: boolean; choices?: unknown; fileName?: string } = {},
  ): Promise<Response> {
    const form = new FormData();
    if (file) form.append('file', new Blob([new Uint8Array(file)]), options.fileName ?? 'mangalist.xml');
    if (options.choices !== undefined) {
      form.append(
        'choices',
        typeof options.choices === 'string' ? options.choices : JSON.stringify(options.choices),
      );
    }
    return server.request(`/reading-lists/${listId}/import${options.dryRun ? '?dry_run=true' : ''}`, {
      method: 'POST',
      token,
      body: form,
    });
  }

  async function report(response: Response): Promise<ImportReport> {
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return importReportSchema.parse(JSON.parse(text));
  }

  async function items(token: string, listId: number): Promise<ListItem[]> {
    const response = await calls.items(token, listId, '?page_size=100');
    return listItemsPageSchema.parse(await response.json()).items;
  }

  const progress = (list: ListItem[]) =>
    list.map((item) => [item.title, item.reading_status, item.chapters_read]);

  beforeAll(async () => {
    server = await startTestServer({
      WRITE_RATE_LIMIT_MAX: '1000',
      READING_LIST_MAX_ITEMS: String(MAX_ITEMS),
    });
    calls = listCalls(server);
    const fixtures = [
      { name: 'berserk', title: 'Berserk', type: 'MANGA' as const },
      { name: 'solo', title: 'Solo Leveling', type: 'MANHWA' as const },
      { name: 'boxerManhwa', title: 'The Boxer', type: 'MANHWA' as const },
      { name: 'boxerManga', title: 'the boxer!', type: 'MANGA' as const },
      { name: 'tower', title: 'Tower of God', type: 'MANHWA' as const },
      { name: 'orv', title: 'Omniscient Reader', type: 'MANHWA' as const },
      { name: 'cafe', title: 'Café Terrace', type: 'MANGA' as const },
      { name: 'vagabond', title: 'Vagabond', type: 'MANGA' as const },
      { name: 'pluto', title: 'Pluto', type: 'MANGA' as const },
    ];
    const ids = await insertSeries(server, fixtures);
    fixtures.forEach((fixture, index) => (id[fixture.name] = ids[index]!));
    // Berserk is known by its MyAnimeList id (2) under another title than the file's.
    await server.database.db.execute(sql`update series set mal_id = 2 where id = ${id.berserk!}`);
    await server.database.db.execute(sql`update series set mal_id = 656 where id = ${id.vagabond!}`);
    owner = await createUserWithToken(server);
  });
  afterAll(() => server.close());

  const SAMPLE = malExport([
    manga(2, 'Berserk (Deluxe)', 364, 'Reading'),
    manga(0, 'SOLO LEVELING', 179, 'Completed'),
    manga(0, 'The Boxer', 40, 'On-Hold'),
    manga(0, 'A Series Nobody Has', 3, 'Dropped'),
    manga(0, 'cafe terrace', 12, '6'),
  ]);

  describe('preview, choices and import', () => {
    let list: ReadingList;

    beforeAll(async () => {
      list = await createdList(server, owner.token, 'Imported');
    });

    it('previews matches by id and by title, ambiguous titles with candidates and unknown titles, writing nothing', async () => {
      const preview = await report(await upload(owner.token, list.id, SAMPLE, { dryRun: true }));
      expect(preview.total).toBe(5);
      expect(preview.matched).toEqual([
        {
          source_index: 0,
          source_title: 'Berserk (Deluxe)',
          series_id: id.berserk,
          title: 'Berserk',
          reading_status: 'READING',
          chapters_read: 364,
          score: 8,
          by: 'mal_id',
        },
        {
          source_index: 1,
          source_title: 'SOLO LEVELING',
          series_id: id.solo,
          title: 'Solo Leveling',
          reading_status: 'COMPLETED',
          chapters_read: 179,
          score: 8,
          by: 'title',
        },
        {
          source_index: 4,
          source_title: 'cafe terrace',
          series_id: id.cafe,
          title: 'Café Terrace',
          reading_status: 'PLAN_TO_READ',
          chapters_read: 12,
          score: 8,
          by: 'title',
        },
      ]);
      expect(preview.ambiguous).toEqual([
        {
          source_index: 2,
          source_title: 'The Boxer',
          candidates: [
            { series_id: id.boxerManhwa, title: 'The Boxer', type: 'MANHWA', cover_url: null },
            { series_id: id.boxerManga, title: 'the boxer!', type: 'MANGA', cover_url: null },
          ],
        },
      ]);
      expect(preview.unmatched).toEqual([{ source_index: 3, source_title: 'A Series Nobody Has' }]);
      expect(preview).toMatchObject({ full: [], added: 0, updated: 0, already_present: 0 });
      expect(await items(owner.token, list.id)).toEqual([]);
    });

    it('refuses a choice outside the entry’s candidates, or for an entry that is not ambiguous, writing nothing', async () => {
      for (const choices of [
        [{ source_index: 2, series_id: id.tower }],
        [{ source_index: 1, series_id: id.solo }],
        [{ source_index: 99, series_id: id.boxerManga }],
      ]) {
        await expectError(
          await upload(owner.token, list.id, SAMPLE, { choices }),
          400,
          MAL_CHOICE_NOT_A_CANDIDATE,
        );
      }
      for (const choices of ['not json', '{"source_index":2}', '[{"source_index":-1,"series_id":1}]']) {
        expect((await upload(owner.token, list.id, SAMPLE, { choices })).status, choices).toBe(422);
      }
      expect(await items(owner.token, list.id)).toEqual([]);
    });

    it('imports the matched and chosen series with the file’s status and chapters, in file order', async () => {
      const choices = [{ source_index: 2, series_id: id.boxerManga }];
      const imported = await report(await upload(owner.token, list.id, SAMPLE, { choices }));
      expect(imported).toMatchObject({
        total: 5,
        added: 4,
        updated: 0,
        already_present: 0,
        ambiguous: [],
        full: [],
      });
      expect(imported.matched.map((entry) => entry.series_id)).toEqual([
        id.berserk,
        id.solo,
        id.boxerManga,
        id.cafe,
      ]);
      expect(progress(await items(owner.token, list.id))).toEqual([
        ['Berserk', 'READING', 364],
        ['Solo Leveling', 'COMPLETED', 179],
        ['the boxer!', 'ON_HOLD', 40],
        ['Café Terrace', 'PLAN_TO_READ', 12],
      ]);
    });

    it('adds nothing when the same file is imported again', async () => {
      const choices = [{ source_index: 2, series_id: id.boxerManga }];
      const again = await report(await upload(owner.token, list.id, SAMPLE, { choices }));
      expect(again).toMatchObject({ added: 0, updated: 0, already_present: 4 });
      expect((await items(owner.token, list.id)).length).toBe(4);
    });

    it('keeps a listed series’ status and takes the larger chapter count', async () => {
      const file = malExport([
        manga(0, 'Solo Leveling', 200, 'Dropped'),
        manga(0, 'Cafe Terrace', 1, 'Reading'),
      ]);
      const preview = await report(await upload(owner.token, list.id, file, { dryRun: true }));
      expect(preview).toMatchObject({ added: 0, updated: 0, already_present: 1 });
      const imported = await report(await upload(owner.token, list.id, file));
      expect(imported).toMatchObject({ added: 0, updated: 1, already_present: 1 });
      const after = progress(await items(owner.token, list.id));
      expect(after).toContainEqual(['Solo Leveling', 'COMPLETED', 200]);
      expect(after).toContainEqual(['Café Terrace', 'PLAN_TO_READ', 12]);
    });

    it('answers 404 for another user’s list or an unknown one, and 401 without a session', async () => {
      const stranger = await createUserWithToken(server);
      await expectError(await upload(stranger.token, list.id, SAMPLE), 404, LIST_NOT_FOUND);
      await expectError(await upload(owner.token, 999999, SAMPLE, { dryRun: true }), 404, LIST_NOT_FOUND);
      expect((await upload(undefined, list.id, SAMPLE)).status).toBe(401);
      expect((await items(owner.token, list.id)).length).toBe(4);
    });
  });

  describe('the item cap', () => {
    const SEVEN = malExport(
      [
        'Berserk',
        'Solo Leveling',
        'Tower of God',
        'Omniscient Reader',
        'Café Terrace',
        'Vagabond',
        'Pluto',
      ].map((title, index) => manga(0, title, index, 'Reading')),
    );

    it('adds up to the cap and reports the rest as full, keeping what the list held', async () => {
      const user = await createUserWithToken(server);
      const list = await createdList(server, user.token, 'Nearly full');
      expect((await calls.addItem(user.token, list.id, id.pluto)).status).toBe(200);
      const imported = await report(await upload(user.token, list.id, SEVEN));
      // Pluto was listed (its chapter count rises to the file's 6); five of the six others fit.
      expect(imported).toMatchObject({ added: 5, updated: 1, already_present: 0 });
      expect(imported.full).toEqual([{ source_index: 5, source_title: 'Vagabond' }]);
      const listed = await items(user.token, list.id);
      expect(listed.map((item) => item.title)).toEqual([
        'Pluto',
        'Berserk',
        'Solo Leveling',
        'Tower of God',
        'Omniscient Reader',
        'Café Terrace',
      ]);
    });

    // Meaningful on PostgreSQL (TEST_DATABASE_URL), where the two transactions truly overlap: without the
    // list row's lock both plan against the same items and the list passes its cap.
    it('holds under two imports racing into one list: no duplicates, nothing past the cap', async () => {
      const user = await createUserWithToken(server);
      const list = await createdList(server, user.token, 'Raced');
      const other = malExport(
        ['Pluto', 'Vagabond', 'Tower of God', 'Berserk'].map((title) => manga(0, title, 1, 'Completed')),
      );
      const [first, second] = await Promise.all([
        upload(user.token, list.id, SEVEN),
        upload(user.token, list.id, other),
      ]);
      const reports = [await report(first!), await report(second!)];
      const listed = await items(user.token, list.id);
      expect(listed.length).toBe(MAX_ITEMS);
      expect(new Set(listed.map((item) => item.series_id)).size).toBe(MAX_ITEMS);
      expect(reports[0]!.added + reports[1]!.added).toBe(MAX_ITEMS);
    });

    it('adds a file once when the same file is imported twice at the same time', async () => {
      const user = await createUserWithToken(server);
      const list = await createdList(server, user.token, 'Twice');
      const [first, second] = await Promise.all([
        upload(user.token, list.id, SAMPLE),
        upload(user.token, list.id, SAMPLE),
      ]);
      const added = [(await report(first!)).added, (await report(second!)).added].sort();
      expect(added).toEqual([0, 3]);
      expect((await items(user.token, list.id)).length).toBe(3);
    });
  });

  describe('hostile and wrong files', () => {
    let list: ReadingList;

    beforeAll(async () => {
      list = await createdList(server, owner.token, 'Guarded');
    });

    it('refuses a DTD (billion laughs, external entity), what is not XML and another XML document', async () => {
      const laughs = Buffer.from(`<?xml version="1.0"?>
<!DOCTYPE myanimelist [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<myanimelist><myinfo><user_export_type>2</user_export_type></myinfo><manga><manga_title>&lol3;</manga_title></manga></myanimelist>`);
      const external = Buffer.from(`<?xml version="1.0"?>
<!DOCTYPE myanimelist [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<myanimelist><myinfo><user_export_type>2</user_export_type></myinfo><manga><manga_title>&secret;</manga_title></manga></myanimelist>`);
      const undefinedEntity = malExport(['<manga><manga_title>&secret;</manga_title></manga>']);
      for (const [name, file] of [
        ['billion laughs', laughs],
        ['external entity', external],
        ['undefined entity', undefinedEntity],
        ['not XML', Buffer.from('title,chapters\nBerserk,364\n')],
        ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
        ['another XML document', Buffer.from('<?xml version="1.0"?><rss><channel/></rss>')],
        [
          'an export without its type',
          Buffer.from('<myanimelist><manga><manga_title>x</manga_title></manga></myanimelist>'),
        ],
        ['corrupt gzip', Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4])],
      ] as const) {
        const response = await upload(owner.token, list.id, file);
        expect(response.status, name).toBe(400);
        await expectError(response, 400, MAL_NOT_AN_EXPORT, 'NOT_A_MYANIMELIST_EXPORT');
      }
      expect(await items(owner.token, list.id)).toEqual([]);
    });

    it('refuses an anime export with its own text', async () => {
      await expectError(
        await upload(owner.token, list.id, malExport([], 1)),
        400,
        MAL_ANIME_EXPORT,
        'ANIME_EXPORT',
      );
    });

    it('refuses a gzip bomb (60 MB inflated) once it passes 50 MB, and still reads an honest .xml.gz', async () => {
      const bomb = gzipSync(
        Buffer.concat([
          Buffer.from(
            '<?xml version="1.0"?><myanimelist><myinfo><user_export_type>2</user_export_type></myinfo>',
          ),
          Buffer.alloc(60 * 1024 * 1024, ' '),
          Buffer.from('</myanimelist>'),
        ]),
      );
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await expectError(
        await upload(owner.token, list.id, bomb, { fileName: 'bomb.xml.gz' }),
        413,
        MAL_XML_TOO_LARGE,
      );
      const honest = await report(
        await upload(owner.token, list.id, gzipSync(SAMPLE), { dryRun: true, fileName: 'mangalist.xml.gz' }),
      );
      expect(honest.matched.length).toBe(3);
    });

    it('refuses more than 20,000 entries, and a file over 5 MB as uploaded', async () => {
      const entries = Array.from({ length: 20_001 }, () => '<manga><manga_title>x</manga_title></manga>');
      await expectError(
        await upload(owner.token, list.id, malExport(entries)),
        400,
        MAL_TOO_MANY_ENTRIES,
        'TOO_MANY_ENTRIES',
      );
      const large = malExport([manga(0, 'x'.repeat(5 * 1024 * 1024), 1, 'Reading')]);
      await expectError(await upload(owner.token, list.id, large), 413, MAL_FILE_TOO_LARGE, 'FILE_TOO_LARGE');
      expect((await upload(owner.token, list.id, undefined)).status).toBe(422);
      expect(await items(owner.token, list.id)).toEqual([]);
    });
  });

  describe('files no export looks like', () => {
    let list: ReadingList;
    let owner: { token: string };
    const HEAD = '<?xml version="1.0"?><myanimelist><myinfo><user_export_type>2</user_export_type></myinfo>';
    const NOT_AN_EXPORT_CODE = 'NOT_A_MYANIMELIST_EXPORT';

    beforeAll(async () => {
      owner = await createUserWithToken(server);
      list = await createdList(server, owner.token, 'Shapes');
    });

    /** The most the API's heap grew (sampled every millisecond) while `work` ran. */
    async function heapGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed));
      const timer = setInterval(sample, 1);
      try {
        const result = await work();
        sample();
        return { result, growth: peak - baseline };
      } finally {
        clearInterval(timer);
      }
    }

    it('refuses 500,000 nested elements (2 KB gzipped) as soon as they pass 8 levels, the heap hardly growing', async () => {
      // The same file at 16 million levels held 4 GB until the process died; parsed whole it is 500,000
      // entries of the parser's stack.
      const bomb = gzipSync(Buffer.from(`${HEAD}<manga>${'<a>'.repeat(500_000)}`));
      expect(bomb.length).toBeLessThan(16 * 1024);
      await upload(owner.token, list.id, SAMPLE, { dryRun: true }); // everything loaded before measuring
      const { result: response, growth } = await heapGrowth(() =>
        upload(owner.token, list.id, bomb, { fileName: 'deep.xml.gz' }),
      );
      await expectError(response, 400, MAL_NESTED_TOO_DEEP, NOT_AN_EXPORT_CODE);
      expect(growth).toBeLessThan(24 * 1024 * 1024);
      // Eight levels are still read: an export is three.
      const eight = malExport([
        `<manga>${'<a>'.repeat(6)}${'</a>'.repeat(6)}${manga(2, 'x', 1, 'Reading')}</manga>`,
      ]);
      expect((await upload(owner.token, list.id, eight, { dryRun: true })).status).toBe(200);
    });

    it('refuses an element with more than 16 attributes, or any name over 64 characters, however long', async () => {
      const attributes = (count: number) =>
        Array.from({ length: count }, (_, index) => ` a${index.toString(36)}="1"`).join('');
      const cases: [string, Buffer, string][] = [
        ['17 attributes', malExport([`<manga${attributes(17)}></manga>`]), MAL_TOO_MANY_ATTRIBUTES],
        [
          '2,000,000 attributes',
          gzipSync(Buffer.from(`${HEAD}<manga${attributes(2_000_000)}></manga></myanimelist>`)),
          MAL_TOO_MANY_ATTRIBUTES,
        ],
        ['a 65-character element name', malExport([`<${'m'.repeat(65)}/>`]), MAL_NAME_TOO_LONG],
        ['a 65-character attribute name', malExport([`<manga ${'a'.repeat(65)}="1"/>`]), MAL_NAME_TOO_LONG],
        [
          'a 40 MB element name',
          gzipSync(Buffer.from(`${HEAD}<${'m'.repeat(40 * 1024 * 1024)}/></myanimelist>`)),
          MAL_NAME_TOO_LONG,
        ],
        [
          'a 40 MB closing name',
          gzipSync(Buffer.from(`${HEAD}<manga></${'m'.repeat(40 * 1024 * 1024)}></myanimelist>`)),
          MAL_NAME_TOO_LONG,
        ],
      ];
      for (const [name, file, text] of cases) {
        expect(file.length, name).toBeLessThan(5 * 1024 * 1024);
        const response = await upload(owner.token, list.id, file, { fileName: 'shape.xml.gz' });
        expect(response.status, name).toBe(400);
        await expectError(response, 400, text, NOT_AN_EXPORT_CODE);
      }
      // An export's few attributes are read.
      const attributed = malExport([`<manga${attributes(16)}>${manga(2, 'x', 1, 'Reading')}</manga>`]);
      expect((await upload(owner.token, list.id, attributed, { dryRun: true })).status).toBe(200);
    });

    it('refuses a text, CDATA section, comment or attribute value over 1,000,000 characters, and more than 1,000,000 elements', async () => {
      const huge = 'x'.repeat(40 * 1024 * 1024);
      for (const [name, body, text] of [
        ['a title', `<manga><manga_title>${huge}</manga_title></manga>`, MAL_TEXT_TOO_LONG],
        ['a CDATA title', `<manga><manga_title><![CDATA[${huge}]]></manga_title></manga>`, MAL_TEXT_TOO_LONG],
        ['a comment', `<!--${huge}-->`, MAL_TEXT_TOO_LONG],
        ['an attribute value', `<manga a="${huge}"></manga>`, MAL_TEXT_TOO_LONG],
        ['1,100,000 elements', '<a/>'.repeat(1_100_000), MAL_TOO_MANY_ELEMENTS],
      ] as const) {
        const file = gzipSync(Buffer.from(`${HEAD}${body}</myanimelist>`));
        const response = await upload(owner.token, list.id, file, { fileName: 'shape.xml.gz' });
        expect(response.status, name).toBe(400);
        await expectError(response, 400, text, NOT_AN_EXPORT_CODE);
      }
    });

    it('answers /health while it reads a large file: a request made once the import started is answered first', async () => {
      // 20,000 entries (3.7 MB) of an anime list, refused only once the whole file is read. Parsed in one
      // go, it held every other request until its own answer was out.
      const entry = (index: number) =>
        `<anime><series_animedb_id>${index}</series_animedb_id><series_title><![CDATA[Anime ${index}]]>` +
        '</series_title><my_watched_episodes>12</my_watched_episodes><my_status>Completed</my_status></anime>';
      const big = malExport(
        Array.from({ length: 20_000 }, (_, index) => entry(index)),
        1,
      );
      expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
      const order: string[] = [];
      let health: Promise<void> | undefined;
      const service = server.app.readingLists;
      const original = service.importMyAnimeList;
      const importing = vi.spyOn(service, 'importMyAnimeList');
      importing.mockImplementation(function (this: typeof service, ...args) {
        // The file is in: ask for /health as the import begins.
        health = server.request('/health').then(async (response) => {
          expect(response.status).toBe(200);
          await response.arrayBuffer();
          order.push('health');
        });
        return original.apply(this, args);
      });
      try {
        const response = await upload(owner.token, list.id, big);
        order.push('import');
        await expectError(response, 400, MAL_ANIME_EXPORT);
        await health;
      } finally {
        importing.mockRestore();
      }
      expect(order).toEqual(['health', 'import']);
    });
  });

  describe('the size of the answer', () => {
    let list: ReadingList;
    let owner: { token: string };

    beforeAll(async () => {
      owner = await createUserWithToken(server);
      list = await createdList(server, owner.token, 'Answers');
    });

    it('echoes at most 200 entries of a list with titles cut to 200 characters, counting the rest', async () => {
      // 20,000 titles of 2,000 characters the catalogue lacks: 40 MB of XML, 100 KB or so gzipped. Echoed
      // whole, the answer was 300 times the upload.
      const titles = Array.from({ length: 20_000 }, (_, index) => `Nobody has ${index} ${'z'.repeat(2_000)}`);
      const file = gzipSync(malExport(titles.map((title) => manga(0, title, 1, 'Reading'))));
      const response = await upload(owner.token, list.id, file, { dryRun: true, fileName: 'long.xml.gz' });
      const text = await response.text();
      expect(response.status, text.slice(0, 200)).toBe(200);
      expect(Buffer.byteLength(text)).toBeLessThan(file.length);
      const preview = importReportSchema.parse(JSON.parse(text));
      expect(preview.total).toBe(20_000);
      expect(preview.unmatched.length).toBe(MAL_REPORT_MAX_ENTRIES);
      expect(preview.not_shown).toEqual({
        matched: 0,
        ambiguous: 0,
        unmatched: 19_800,
        full: 0,
        scores_ignored: 0,
      });
      expect(preview.unmatched[0]).toEqual({
        source_index: 0,
        source_title: `${titles[0]!.slice(0, MAL_REPORT_MAX_TITLE_CHARS - 1)}…`,
      });
      expect(preview.unmatched.at(-1)!.source_index).toBe(MAL_REPORT_MAX_ENTRIES - 1);
    });

    it('shows the first 200 matches in file order and counts the rest; short titles are kept whole', async () => {
      const file = malExport(
        Array.from({ length: 250 }, (_, index) => manga(2, `Berserk ${index}`, index, 'Reading')),
      );
      const preview = await report(await upload(owner.token, list.id, file, { dryRun: true }));
      expect(preview.matched.length).toBe(MAL_REPORT_MAX_ENTRIES);
      expect(preview.matched.map((entry) => entry.source_index)).toEqual(
        Array.from({ length: MAL_REPORT_MAX_ENTRIES }, (_, index) => index),
      );
      expect(preview.matched[199]!.source_title).toBe('Berserk 199');
      expect(preview.not_shown).toEqual({
        matched: 50,
        ambiguous: 0,
        unmatched: 0,
        full: 0,
        scores_ignored: 0,
      });
      // The same series 250 times: one would be added, the rest are already there.
      expect(preview.already_present).toBe(249);
    });
  });

  describe('export', () => {
    it('exports a list that imports back into an empty list as the same series, statuses and chapters', async () => {
      const user = await createUserWithToken(server);
      const source = await createdList(server, user.token, 'Round: trip/1');
      for (const [name, status, chapters] of [
        ['vagabond', 'COMPLETED', 327],
        ['tower', 'READING', 550],
        ['boxerManga', 'ON_HOLD', 3],
        ['cafe', 'DROPPED', 0],
        ['pluto', 'PLAN_TO_READ', 0],
      ] as const) {
        expect((await calls.addItem(user.token, source.id, id[name])).status).toBe(200);
        const patched = await server.request(`/reading-lists/${source.id}/items/${id[name]}`, {
          method: 'PATCH',
          token: user.token,
          json: { reading_status: status, chapters_read: chapters },
        });
        expect(patched.status).toBe(200);
      }
      const response = await server.request(`/reading-lists/${source.id}/export.xml`, { token: user.token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="Round-trip1.xml"');
      const xml = await response.text();
      expect(xml).toContain('<manga_mangadb_id>656</manga_mangadb_id>');
      expect(xml).toContain('<user_total_manga>5</user_total_manga>');

      const target = await createdList(server, user.token, 'Round trip 2');
      // The Boxer's title is one of two in the catalogue: the exported file names it as the list does.
      const preview = await report(await upload(user.token, target.id, Buffer.from(xml), { dryRun: true }));
      const choices = preview.ambiguous.map((entry) => ({
        source_index: entry.source_index,
        series_id: id.boxerManga,
      }));
      const imported = await report(await upload(user.token, target.id, Buffer.from(xml), { choices }));
      expect(imported.added).toBe(5);
      expect(progress(await items(user.token, target.id))).toEqual(
        progress(await items(user.token, source.id)),
      );

      const stranger = await createUserWithToken(server);
      expect(
        (await server.request(`/reading-lists/${source.id}/export.xml`, { token: stranger.token })).status,
      ).toBe(404);
      expect((await server.request(`/reading-lists/${source.id}/export.xml`)).status).toBe(401);
    });

    it('exports a shared list by its token, and answers 404 once it is private or for any other token', async () => {
      const user = await createUserWithToken(server);
      const list = await createdList(server, user.token, 'Shared');
      await calls.addItem(user.token, list.id, id.berserk);
      const exportByToken = (token: string) =>
        server.request(`/reading-lists/public/${encodeURIComponent(token)}/export.xml`);
      const shared = (await (await calls.share(user.token, list.id)).json()) as ReadingList;
      const response = await exportByToken(shared.share_token!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="Shared.xml"');
      expect(await response.text()).toContain('<manga_title><![CDATA[Berserk]]></manga_title>');
      await calls.unshare(user.token, list.id);
      await expectError(await exportByToken(shared.share_token!), 404, LIST_NOT_FOUND);
      const reshared = (await (await calls.share(user.token, list.id)).json()) as ReadingList;
      expect((await exportByToken(reshared.share_token!)).status).toBe(200);
      expect((await exportByToken(shared.share_token!)).status).toBe(404);
      expect((await exportByToken('not a token')).status).toBe(404);
    });
  });
});
