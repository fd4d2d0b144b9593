import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  matchEntries,
  planListChanges,
  InvalidChoiceError,
  lookupKeys,
  type ImportCandidate,
} from '../../api/reading-lists/myanimelist/plan-import';
import { MalReadError, readMalExport, type MalEntry } from '../../api/reading-lists/myanimelist/read-export';
import { titleKey } from '../../api/reading-lists/myanimelist/title-key';
import { writeMalExport } from '../../api/reading-lists/myanimelist/write-export';
import {
  MAL_ANIME_EXPORT,
  MAL_FILE_TOO_LARGE,
  MAL_NAME_TOO_LONG,
  MAL_NESTED_TOO_DEEP,
  MAL_NOT_AN_EXPORT,
  MAL_TEXT_TOO_LONG,
  MAL_TOO_MANY_ATTRIBUTES,
  MAL_TOO_MANY_ELEMENTS,
  MAL_TOO_MANY_ENTRIES,
  MAL_XML_TOO_LARGE,
} from '../../contract/reading-progress-values';

function malExport(
  entries: string,
  exportType = 2,
  prolog = '<?xml version="1.0" encoding="UTF-8" ?>',
): Buffer {
  return Buffer.from(
    `${prolog}
<myanimelist>
  <myinfo><user_id>1</user_id><user_name>reader</user_name><user_export_type>${exportType}</user_export_type></myinfo>
${entries}
</myanimelist>`,
  );
}

function manga(id: number, title: string, chapters: number | string, status: string): string {
  return `<manga><manga_mangadb_id>${id}</manga_mangadb_id><manga_title><![CDATA[${title}]]></manga_title>
<my_read_chapters>${chapters}</my_read_chapters><my_score>7</my_score><my_status>${status}</my_status></manga>`;
}

async function refusal(file: Buffer): Promise<string> {
  const error: unknown = await readMalExport(file).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MalReadError);
  return (error as MalReadError).message;
}

describe('reading a MyAnimeList export', () => {
  const sample = malExport(
    [
      manga(2, 'Berserk', 364, 'Reading'),
      manga(13, 'One Piece & Friends <3', 1100, 'Completed'),
      manga(0, 'Unknown Title', 5, 'On-Hold'),
      manga(21, 'Numeric Status', 'x', '4'),
      manga(22, 'Plan', 0, '6'),
      manga(23, 'Too many chapters', 999999, 'Plan to Read'),
    ].join('\n'),
  );

  it('reads ids, titles, chapters, scores and statuses given as words or numbers', async () => {
    const entries = await readMalExport(sample);
    expect(entries.map((entry) => entry.score)).toEqual([7, 7, 7, 7, 7, 7]);
    expect(entries.map(({ score: _score, ...entry }) => entry)).toEqual([
      { sourceIndex: 0, malId: 2, title: 'Berserk', readingStatus: 'READING', chaptersRead: 364 },
      {
        sourceIndex: 1,
        malId: 13,
        title: 'One Piece & Friends <3',
        readingStatus: 'COMPLETED',
        chaptersRead: 1100,
      },
      { sourceIndex: 2, malId: null, title: 'Unknown Title', readingStatus: 'ON_HOLD', chaptersRead: 5 },
      { sourceIndex: 3, malId: 21, title: 'Numeric Status', readingStatus: 'DROPPED', chaptersRead: 0 },
      { sourceIndex: 4, malId: 22, title: 'Plan', readingStatus: 'PLAN_TO_READ', chaptersRead: 0 },
      {
        sourceIndex: 5,
        malId: 23,
        title: 'Too many chapters',
        readingStatus: 'PLAN_TO_READ',
        chaptersRead: 100000,
      },
    ]);
  });

  it('reads my_score: 0, empty or missing is none, 1-10 a score, anything else left out with its value', async () => {
    const scored = (value: string | undefined) =>
      `<manga><manga_mangadb_id>1</manga_mangadb_id><manga_title>T</manga_title>${
        value === undefined ? '' : `<my_score>${value}</my_score>`
      }</manga>`;
    const values = ['0', '', undefined, '1', '10', ' 6 ', '11', '-1', '7.5', 'abc', '1e1', '100'];
    const entries = await readMalExport(malExport(values.map(scored).join('\n')));
    expect(entries.map((entry) => [entry.score, entry.ignoredScore])).toEqual([
      [null, undefined],
      [null, undefined],
      [null, undefined],
      [1, undefined],
      [10, undefined],
      [6, undefined],
      [null, '11'],
      [null, '-1'],
      [null, '7.5'],
      [null, 'abc'],
      [null, '1e1'],
      [null, '100'],
    ]);
  });

  it('reads the same file gzipped', async () => {
    expect(await readMalExport(gzipSync(sample))).toEqual(await readMalExport(sample));
  });

  it('reads XML escapes in plain text', async () => {
    const entries = await readMalExport(
      malExport(
        '<manga><manga_mangadb_id>5</manga_mangadb_id><manga_title>A &amp; B &#x26; C</manga_title></manga>',
      ),
    );
    expect(entries[0]!.title).toBe('A & B & C');
  });

  it('refuses an anime export, another XML document, and what is not XML', async () => {
    expect(await refusal(malExport('<anime><series_animedb_id>1</series_animedb_id></anime>', 1))).toBe(
      MAL_ANIME_EXPORT,
    );
    expect(await refusal(Buffer.from('<?xml version="1.0"?><rss><channel/></rss>'))).toBe(MAL_NOT_AN_EXPORT);
    expect(await refusal(Buffer.from('<myanimelist><manga/></myanimelist>'))).toBe(MAL_NOT_AN_EXPORT);
    expect(await refusal(Buffer.from('title,status\nBerserk,Reading\n'))).toBe(MAL_NOT_AN_EXPORT);
    expect(await refusal(Buffer.from(''))).toBe(MAL_NOT_AN_EXPORT);
    expect(await refusal(malExport(manga(1, 'Cut', 1, 'Reading')).subarray(0, 200))).toBe(MAL_NOT_AN_EXPORT);
  });

  it('refuses any DTD: entity expansion (billion laughs), external entities, undefined entities', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>';
    expect(await refusal(malExport(manga(1, '&lol3;', 1, 'Reading'), 2, laughs))).toBe(MAL_NOT_AN_EXPORT);
    const external = '<?xml version="1.0"?><!DOCTYPE m [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
    expect(await refusal(malExport('<manga><manga_title>&xxe;</manga_title></manga>', 2, external))).toBe(
      MAL_NOT_AN_EXPORT,
    );
    expect(await refusal(malExport('<manga><manga_title>&xxe;</manga_title></manga>'))).toBe(
      MAL_NOT_AN_EXPORT,
    );
  });

  it('refuses a file over 5 MB as uploaded', async () => {
    const padding = `<!-- ${'x'.repeat(5 * 1024 * 1024)} -->`;
    expect(await refusal(malExport(padding))).toBe(MAL_FILE_TOO_LARGE);
  });

  it('refuses a gzip bomb once it inflates past 50 MB, without inflating the rest', async () => {
    const bomb = gzipSync(Buffer.concat([malExport(''), Buffer.alloc(60 * 1024 * 1024, 0x20)]));
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    expect(await refusal(bomb)).toBe(MAL_XML_TOO_LARGE);
  });

  it('refuses more than 20,000 entries', async () => {
    const entry = '<manga><manga_mangadb_id>1</manga_mangadb_id></manga>\n';
    expect((await readMalExport(malExport(entry.repeat(20_000)))).length).toBe(20_000);
    expect(await refusal(malExport(entry.repeat(20_001)))).toBe(MAL_TOO_MANY_ENTRIES);
  });
});

describe('the shape of an export', () => {
  const nested = (levels: number) => `<manga>${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}</manga>`;
  const attributes = (count: number) =>
    Array.from({ length: count }, (_, index) => ` a${index}="${index}"`).join('');

  it('reads 8 levels, 16 attributes and 64-character names, and refuses one more of each', async () => {
    // <myanimelist> and <manga> are two levels.
    expect(await readMalExport(malExport(nested(6)))).toHaveLength(1);
    expect(await refusal(malExport(nested(7)))).toBe(MAL_NESTED_TOO_DEEP);
    expect(await readMalExport(malExport(`<manga${attributes(16)}/>`))).toHaveLength(1);
    expect(await refusal(malExport(`<manga${attributes(17)}/>`))).toBe(MAL_TOO_MANY_ATTRIBUTES);
    const name = (length: number) => `<x${'n'.repeat(length - 1)}/>`;
    expect(await readMalExport(malExport(name(64)))).toHaveLength(0);
    expect(await refusal(malExport(name(65)))).toBe(MAL_NAME_TOO_LONG);
    expect(await refusal(malExport(`<x ${'n'.repeat(65)}="1"/>`))).toBe(MAL_NAME_TOO_LONG);
    expect(await refusal(malExport(`<manga>&${'n'.repeat(100_000)};</manga>`))).toBe(MAL_NAME_TOO_LONG);
    expect(await refusal(malExport(`<?${'n'.repeat(100_000)} ?>`))).toBe(MAL_NAME_TOO_LONG);
  });

  it('refuses a name, text or value still being read once it passes the bound, wherever the slices fall', async () => {
    // Names and texts that never end: saxes would report them only once they do, so what tells them apart
    // from a file merely cut short (MAL_NOT_AN_EXPORT) is the check of what it holds between slices.
    const unended = (body: string) =>
      Buffer.from(`${malExport('').toString().replace('</myanimelist>', '')}${body}`);
    expect(await refusal(unended(`<${'n'.repeat(200_000)}`))).toBe(MAL_NAME_TOO_LONG);
    expect(await refusal(unended(`<manga></${'n'.repeat(200_000)}`))).toBe(MAL_NAME_TOO_LONG);
    expect(await refusal(unended(`<manga a${'n'.repeat(200_000)}`))).toBe(MAL_NAME_TOO_LONG);
    const endless = 'é'.repeat(2_000_000);
    for (const body of [
      `<manga><manga_title>${endless}`,
      `<manga><manga_title><![CDATA[${endless}`,
      `<!--${endless}`,
      `<manga a="${endless}`,
      `<?pi ${endless}`,
    ]) {
      expect(await refusal(unended(body)), body.slice(0, 30)).toBe(MAL_TEXT_TOO_LONG);
    }
    expect(await refusal(unended(`<manga><manga_title>${' '.repeat(2_000_000)}`))).toBe(MAL_NOT_AN_EXPORT);
    // Ended within the slice that passes the bound: refused as saxes reports it.
    const text = 'x'.repeat(1_000_001);
    for (const body of [
      `<manga><manga_title>${text}</manga_title></manga>`,
      `<manga><manga_title><![CDATA[${text}]]></manga_title></manga>`,
      `<!--${text}-->`,
      `<manga a="${text}"/>`,
    ]) {
      expect(await refusal(malExport(body)), body.slice(0, 30)).toBe(MAL_TEXT_TOO_LONG);
    }
    // A text of 1,000,000 is read, and a title cut as before.
    const [entry] = await readMalExport(malExport(manga(1, 'x'.repeat(1_000_000), 1, 'Reading')));
    expect(entry!.title).toBe('x'.repeat(2000));
  });

  it('leaves white space to the size bounds, so a padded file is read or refused as too large as before', async () => {
    expect(
      await readMalExport(malExport(`${' '.repeat(3_000_000)}${manga(1, 'Padded', 1, 'Reading')}`)),
    ).toHaveLength(1);
    const padded = gzipSync(malExport(`${'\n'.repeat(60 * 1024 * 1024)}`));
    expect(await refusal(padded)).toBe(MAL_XML_TOO_LARGE);
  });

  it('refuses more than 1,000,000 elements', async () => {
    const file = gzipSync(malExport('<x/>'.repeat(1_000_000)));
    expect(await refusal(file)).toBe(MAL_TOO_MANY_ELEMENTS);
  });

  it('reads characters split between slices (a title of astral characters across slice boundaries)', async () => {
    const title = '😀'.repeat(40_000);
    const entries = await readMalExport(malExport(`<manga><manga_title>${title}</manga_title></manga>`));
    expect(entries[0]!.title).toBe(title.slice(0, 2000));
    expect(await readMalExport(gzipSync(malExport(manga(1, title, 1, 'Reading'))))).toEqual(
      await readMalExport(malExport(manga(1, title, 1, 'Reading'))),
    );
  });

  it('hands the event loop back while it reads a large file', async () => {
    const file = malExport(manga(1, 'Entry', 1, 'Reading').repeat(10_000));
    expect(file.length).toBeGreaterThan(1024 * 1024);
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);
    expect(await readMalExport(file)).toHaveLength(10_000);
    counting = false;
    // A slice of 16 KB at a time: about one turn per slice.
    expect(turns).toBeGreaterThan(10);
  });
});

describe('writing a MyAnimeList export', () => {
  it('writes what an import reads back, totals included', async () => {
    const items = [
      {
        malId: 2,
        title: 'Berserk',
        readingStatus: 'READING' as const,
        chaptersRead: 364,
        score: 9,
        chapters: 380,
      },
      {
        malId: null,
        title: 'Title with ]]> and \u0007 <tags> & more',
        readingStatus: 'ON_HOLD' as const,
        chaptersRead: 0,
        score: null,
        chapters: null,
      },
      {
        malId: 9,
        title: 'Ünïcödé 나 혼자만 레벨업',
        readingStatus: 'PLAN_TO_READ' as const,
        chaptersRead: 100000,
        score: 10,
        chapters: null,
      },
    ];
    const xml = writeMalExport(items);
    expect(xml).toContain('<user_export_type>2</user_export_type>');
    expect(xml).toContain('<user_total_manga>3</user_total_manga>');
    expect(xml).toContain('<user_total_onhold>1</user_total_onhold>');
    expect(xml).toContain('<user_total_completed>0</user_total_completed>');
    expect(xml).toContain('<my_score>9</my_score>');
    expect(xml).toContain('<my_score>0</my_score>');
    expect(xml).toContain('<manga_chapters>380</manga_chapters>');
    expect(xml).toContain('<update_on_import>1</update_on_import>');
    const read = await readMalExport(Buffer.from(xml));
    expect(read).toEqual([
      { sourceIndex: 0, malId: 2, title: 'Berserk', readingStatus: 'READING', chaptersRead: 364, score: 9 },
      {
        sourceIndex: 1,
        malId: null,
        title: 'Title with ]]> and  <tags> & more',
        readingStatus: 'ON_HOLD',
        chaptersRead: 0,
        score: null,
      },
      {
        sourceIndex: 2,
        malId: 9,
        title: 'Ünïcödé 나 혼자만 레벨업',
        readingStatus: 'PLAN_TO_READ',
        chaptersRead: 100000,
        score: 10,
      },
    ]);
  });
});

describe('matching entries to series', () => {
  const series = (seriesId: number, title: string): ImportCandidate => ({
    seriesId,
    title,
    type: 'MANHWA',
    coverUrl: null,
  });
  const entry = (
    sourceIndex: number,
    malId: number | null,
    title: string,
    chaptersRead = 0,
    score: number | null = null,
  ): MalEntry => ({
    sourceIndex,
    malId,
    title,
    readingStatus: 'READING',
    chaptersRead,
    score,
  });
  const catalogue = {
    byMalId: new Map([[100, series(1, 'Solo Leveling')]]),
    byTitleKey: new Map([
      ['sololeveling', [series(1, 'Solo Leveling')]],
      ['cafe', [series(2, 'Café'), series(3, 'CAFE!')]],
      ['tower', [series(4, 'Tower')]],
    ]),
  };

  it('folds case, accents, punctuation and white space, keeping every script', () => {
    expect(titleKey('  Solo   Leveling!! ')).toBe('sololeveling');
    expect(titleKey('Café')).toBe(titleKey('CAFE'));
    expect(titleKey('나 혼자만 레벨업')).toBe('나혼자만레벨업');
    expect(titleKey('?!')).toBe('');
  });

  it('looks up each id and title key once', () => {
    expect(lookupKeys([entry(0, 100, 'A'), entry(1, 100, 'a!'), entry(2, null, '...')])).toEqual({
      malIds: [100],
      titleKeys: ['a'],
    });
  });

  it('matches by MyAnimeList id first, then by one title; several titles are ambiguous, none unmatched', async () => {
    const result = await matchEntries(
      [
        entry(0, 100, 'Another name'),
        entry(1, null, 'solo leveling'),
        entry(2, 7, 'Cafe'),
        entry(3, 8, 'Nope'),
      ],
      catalogue,
    );
    expect(result.matched.map((m) => [m.entry.sourceIndex, m.series.seriesId, m.by])).toEqual([
      [0, 1, 'mal_id'],
      [1, 1, 'title'],
    ]);
    expect(result.ambiguous.map((a) => [a.entry.sourceIndex, a.candidates.map((c) => c.seriesId)])).toEqual([
      [2, [2, 3]],
    ]);
    expect(result.unmatched.map((u) => u.sourceIndex)).toEqual([3]);
  });

  it('takes a choice among the candidates and refuses any other', async () => {
    const chosen = await matchEntries([entry(0, null, 'Cafe')], catalogue, new Map([[0, 3]]));
    expect(chosen.matched.map((m) => m.series.seriesId)).toEqual([3]);
    await expect(matchEntries([entry(0, null, 'Cafe')], catalogue, new Map([[0, 4]]))).rejects.toThrow(
      InvalidChoiceError,
    );
    await expect(matchEntries([entry(0, null, 'Tower')], catalogue, new Map([[0, 4]]))).rejects.toThrow(
      InvalidChoiceError,
    );
  });

  it('adds new series up to the room left, keeps listed statuses, raises chapters only, and is idempotent', async () => {
    const { matched } = await matchEntries(
      [
        entry(0, null, 'Tower', 10),
        entry(1, 100, 'x', 50),
        entry(2, null, 'Solo Leveling', 70),
        entry(3, null, 'Cafe'),
      ],
      catalogue,
      new Map([[3, 2]]),
    );
    const first = planListChanges(matched, new Map([[1, { chaptersRead: 20, score: null }]]), 1);
    expect(first.add).toEqual([{ seriesId: 4, readingStatus: 'READING', chaptersRead: 10, score: null }]);
    expect(first.update).toEqual([{ seriesId: 1, chaptersRead: 50, score: null }]);
    expect(first.alreadyPresent).toBe(1);
    expect(first.full.map((e) => e.sourceIndex)).toEqual([3]);

    const after = new Map([
      [1, { chaptersRead: 50, score: null }],
      [4, { chaptersRead: 10, score: null }],
      [2, { chaptersRead: 0, score: null }],
    ]);
    const again = planListChanges(matched, after, 10);
    expect(again.add).toEqual([]);
    expect(again.update).toEqual([]);
    expect(again.alreadyPresent).toBe(4);
  });

  it("fills an empty score only, never the reader's own, and keeps the larger chapter count", async () => {
    const { matched } = await matchEntries(
      [entry(0, 100, 'x', 5, 8), entry(1, null, 'Tower', 30, 6), entry(2, null, 'Cafe', 0, 9)],
      catalogue,
      new Map([[2, 2]]),
    );
    const listed = new Map([
      [1, { chaptersRead: 20, score: null }],
      [4, { chaptersRead: 10, score: 3 }],
    ]);
    const plan = planListChanges(matched, listed, 10);
    expect(plan.update).toEqual([
      // The empty score is filled; the file's smaller chapter count does not lower the list's.
      { seriesId: 1, chaptersRead: 20, score: 8 },
      // The reader's 3 stays; the larger chapter count wins.
      { seriesId: 4, chaptersRead: 30, score: 3 },
    ]);
    expect(plan.add).toEqual([{ seriesId: 2, readingStatus: 'READING', chaptersRead: 0, score: 9 }]);
    const settled = planListChanges(
      matched,
      new Map([
        [1, { chaptersRead: 20, score: 8 }],
        [4, { chaptersRead: 30, score: 3 }],
        [2, { chaptersRead: 0, score: 9 }],
      ]),
      10,
    );
    expect([settled.add, settled.update, settled.alreadyPresent]).toEqual([[], [], 3]);
  });
});
