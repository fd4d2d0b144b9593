import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listItemsPageSchema, type ListItem, type ReadingList } from '../../contract/reading-lists';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdList, listCalls } from './reading-lists-helpers';
import { freshServerScore, insertSeries, type SeriesFixture } from './series-fixtures';

/*
 * Filters and sorts of a list's items against orders worked out by hand. A series needs 2 voters to be
 * ranked here, so the list holds a ranked series, one scored but Unranked (Gamma, 1 voter) and one without
 * any vote (delta): no rank, and no score to sort or filter by. Scores are weighted against the priors of
 * a server that started with no votes (m = 10, C = 5.5): Epsilon and Alpha 6.863636, beta 6.307692,
 * Gamma 5.909091, Eta 5.705882, zeta 5.416667.
 */

const SERIES: Record<string, SeriesFixture> = {
  Alpha: { title: 'Alpha', type: 'MANHWA', status: 'ONGOING', voters: 12, score: 8 },
  beta: { title: 'beta', type: 'MANGA', status: 'COMPLETE', voters: 3, score: 9 },
  Gamma: { title: 'Gamma', type: 'MANHUA', status: 'HIATUS', voters: 1, score: 10 },
  delta: { title: 'delta', type: 'MANHWA', status: 'ONGOING', voters: 0 },
  // 12 votes in each category, as Alpha's, from 13 readers (one voted in a single category): a tie that
  // shows Epsilon first, for more voters.
  Epsilon: {
    title: 'Epsilon',
    type: 'MANGA',
    status: null,
    voters: 13,
    categories: Object.fromEntries(
      ['story', 'characters', 'worldbuilding', 'art', 'drama_or_fight'].map((field) => [
        field,
        { total: 96, count: 12 },
      ]),
    ),
  },
  zeta: { title: 'zeta', type: 'MANHWA', status: 'SEASON_END', voters: 2, score: 5 },
  // In the catalogue, not in the list: it takes rank 4, so the list's ranks have a gap.
  Eta: { title: 'Eta', type: 'MANHWA', status: 'ONGOING', voters: 7, score: 6 },
};
/** The order the series are added to the list. */
const LIST_ORDER = ['delta', 'Alpha', 'zeta', 'Gamma', 'Epsilon', 'beta'];
/** Ranks over the whole catalogue: Epsilon and Alpha share 1 (more voters shown first); beta; Eta; zeta. */
const RANKS: Record<string, number | null> = {
  Epsilon: 1,
  Alpha: 1,
  beta: 3,
  zeta: 5,
  Gamma: null,
  delta: null,
};

const EXPECTED_ORDERS: Record<string, string[]> = {
  default_asc: ['delta', 'Alpha', 'zeta', 'Gamma', 'Epsilon', 'beta'],
  default_desc: ['beta', 'Epsilon', 'Gamma', 'zeta', 'Alpha', 'delta'],
  // Ranked by rank (ties as the ranking shows them), then the Unranked in list order.
  rank_asc: ['Epsilon', 'Alpha', 'beta', 'zeta', 'delta', 'Gamma'],
  rank_desc: ['zeta', 'beta', 'Alpha', 'Epsilon', 'delta', 'Gamma'],
  // Scored by score (ties in list order), then the series without a score.
  stars_asc: ['zeta', 'Gamma', 'beta', 'Alpha', 'Epsilon', 'delta'],
  stars_desc: ['Alpha', 'Epsilon', 'beta', 'Gamma', 'zeta', 'delta'],
  votes_asc: ['delta', 'Gamma', 'zeta', 'beta', 'Alpha', 'Epsilon'],
  votes_desc: ['Epsilon', 'Alpha', 'beta', 'zeta', 'Gamma', 'delta'],
  // Case-insensitive.
  title_asc: ['Alpha', 'beta', 'delta', 'Epsilon', 'Gamma', 'zeta'],
  title_desc: ['zeta', 'Gamma', 'Epsilon', 'delta', 'beta', 'Alpha'],
};

describe('reading list items: filters and sorts', () => {
  let server: TestServer;
  let calls: ReturnType<typeof listCalls>;
  let owner: { token: string };
  let list: ReadingList;
  const idOf: Record<string, number> = {};
  const titleOf = new Map<number, string>();

  beforeAll(async () => {
    server = await startTestServer({ RANKING_MIN_VOTERS: '2', SITE_URL: 'https://panelrank.example' });
    calls = listCalls(server);
    const names = Object.keys(SERIES);
    const ids = await insertSeries(
      server,
      names.map((name) => SERIES[name]!),
    );
    names.forEach((name, i) => {
      idOf[name] = ids[i]!;
      titleOf.set(ids[i]!, name);
    });
    owner = await createUserWithToken(server);
    list = await createdList(server, owner.token, 'Sorted');
    for (const name of LIST_ORDER) {
      expect((await calls.addItem(owner.token, list.id, idOf[name])).status).toBe(200);
    }
    // One minute apart, so the list order never rests on two adds landing in the same microsecond.
    for (const [index, name] of LIST_ORDER.entries()) {
      await server.database.db.execute(
        sql`update reading_list_items set added_at = timestamptz '2025-01-01 00:00:00+00' + ${index} * interval '1 minute'
            where list_id = ${list.id} and series_id = ${idOf[name]}`,
      );
    }
  });
  afterAll(() => server.close());

  async function page(query: string) {
    const response = await calls.items(owner.token, list.id, query);
    expect(response.status, await response.clone().text()).toBe(200);
    return listItemsPageSchema
      .extend({ item_count: listItemsPageSchema.shape.total })
      .parse(await response.json());
  }
  const titles = (items: ListItem[]) => items.map((item) => titleOf.get(item.series_id));

  it('sorts by each key in both directions, missing values last', async () => {
    for (const [sort, expected] of Object.entries(EXPECTED_ORDERS)) {
      const result = await page(`?sort=${sort}`);
      expect(titles(result.items), sort).toEqual(expected);
      expect(result.total).toBe(6);
      expect(result.item_count).toBe(6);
    }
    // No sort, an empty one and a bare key.
    expect(titles((await page('')).items)).toEqual(EXPECTED_ORDERS.default_asc);
    expect(titles((await page('?sort=')).items)).toEqual(EXPECTED_ORDERS.default_asc);
    expect(titles((await page('?sort=rank')).items)).toEqual(EXPECTED_ORDERS.rank_asc);
    expect(titles((await page('?sort=TITLE_DESC')).items)).toEqual(EXPECTED_ORDERS.title_desc);
  });

  it('answers every item with its live rank, score, votes, type, status and when it was added', async () => {
    const { items } = await page('');
    for (const item of items) {
      const name = titleOf.get(item.series_id)!;
      const fixture = SERIES[name]!;
      expect(item).toMatchObject({
        title: fixture.title,
        type: fixture.type,
        status: fixture.status,
        vote_count: fixture.voters,
        final_score: freshServerScore(fixture),
        rank: RANKS[name],
        cover_url: null,
        cover_variants: [],
      });
      const summary = (await (await server.request(`/series/summary/${item.series_id}`)).json()) as {
        rank: number | null;
      };
      expect(item.rank, name).toBe(summary.rank);
    }
    expect(items[0]!.added_at).toBe('2025-01-01T00:00:00.000Z');
    expect(items[5]!.added_at).toBe('2025-01-01T00:05:00.000Z');
  });

  it('ranks follow new votes at once', async () => {
    const other = await createUserWithToken(server);
    const temp = await createdList(server, other.token, 'Temp');
    await calls.addItem(other.token, temp.id, idOf.Gamma);
    // A second voter on Gamma (10 in one category, nothing in the rest): ranked now, with a lower score.
    const voted = await server.request(`/series-details/${idOf.Gamma}/vote`, {
      method: 'POST',
      token: other.token,
      json: { category: 'Story', score: 10 },
    });
    expect(voted.status).toBe(200);
    const response = await calls.items(other.token, temp.id);
    const [gamma] = ((await response.json()) as { items: ListItem[] }).items;
    const summary = (await (await server.request(`/series/summary/${idOf.Gamma}`)).json()) as {
      rank: number | null;
      final_score: number;
    };
    expect(summary.rank).not.toBeNull();
    expect(gamma).toMatchObject({ rank: summary.rank, final_score: summary.final_score, vote_count: 2 });
    // Put Gamma back as it was for the other tests.
    await server.database.db.execute(sql`delete from votes where series_id = ${idOf.Gamma}`);
    await server.database.db.execute(sql`delete from series_voters where series_id = ${idOf.Gamma}`);
    await insertSeriesState(server, idOf.Gamma!);
  });

  it('filters by type, status, stars and votes, alone and together, before paging', async () => {
    const cases: [string, string[]][] = [
      ['?type=MANHWA', ['delta', 'Alpha', 'zeta']],
      ['?type=manga&sort=title_asc', ['beta', 'Epsilon']],
      ['?type=ALL', LIST_ORDER],
      ['?status=ONGOING', ['delta', 'Alpha']],
      ['?status=season_end', ['zeta']],
      // Stars: series without a score never pass.
      ['?min_score=6.3&sort=stars_desc', ['Alpha', 'Epsilon', 'beta']],
      ['?min_score=0', ['Alpha', 'zeta', 'Gamma', 'Epsilon', 'beta']],
      ['?min_score=6.5', ['Alpha', 'Epsilon']],
      ['?min_votes=3', ['Alpha', 'Epsilon', 'beta']],
      ['?min_votes=0', LIST_ORDER],
      ['?min_score=6&min_votes=2&sort=title_desc', ['Epsilon', 'beta', 'Alpha']],
      ['?type=MANHWA&status=ONGOING&sort=votes_desc', ['Alpha', 'delta']],
      ['?type=MANHUA&min_votes=2', []],
      ['?type=&status=&min_score=&min_votes=&sort=', LIST_ORDER],
    ];
    for (const [query, expected] of cases) {
      const result = await page(query);
      expect(titles(result.items), query).toEqual(expected);
      expect(result.total, query).toBe(expected.length);
      expect(result.item_count, query).toBe(6);
    }
  });

  it('pages the filtered, sorted items', async () => {
    const first = await page('?sort=title_asc&page_size=4');
    expect(titles(first.items)).toEqual(['Alpha', 'beta', 'delta', 'Epsilon']);
    expect(first).toMatchObject({ page: 1, page_size: 4, total: 6, has_more: true });
    const second = await page('?sort=title_asc&page_size=4&page=2');
    expect(titles(second.items)).toEqual(['Gamma', 'zeta']);
    expect(second).toMatchObject({ page: 2, total: 6, has_more: false });
    const filtered = await page('?min_votes=3&sort=votes_asc&page_size=2&page=2');
    expect(titles(filtered.items)).toEqual(['Epsilon']);
    expect(filtered).toMatchObject({ total: 3, has_more: false });
    expect((await page('?page=9')).items).toEqual([]);
    expect((await page('')).page_size).toBe(25);
  });

  it('refuses bad filters with 422', async () => {
    for (const query of [
      '?sort=rank_up',
      '?sort=added',
      '?type=COMIC',
      '?status=DONE',
      '?min_score=abc',
      '?min_score=11',
      '?min_votes=-1',
      '?min_votes=1.5',
      '?page=0',
      '?page_size=101',
    ]) {
      const response = await calls.items(owner.token, list.id, query);
      expect(response.status, query).toBe(422);
    }
  });

  it('the public read sorts the same way', async () => {
    const shared = (await (await calls.share(owner.token, list.id)).json()) as ReadingList;
    for (const sort of ['default_desc', 'rank_asc', 'stars_desc', 'title_asc']) {
      const response = await calls.shared(shared.share_token!, `?sort=${sort}`);
      const body = (await response.json()) as { items: ListItem[]; item_count: number };
      expect(titles(body.items), sort).toEqual(EXPECTED_ORDERS[sort]);
      expect(body.item_count).toBe(6);
    }
    expect((await calls.shared(shared.share_token!, '?sort=nope')).status).toBe(422);
    await calls.unshare(owner.token, list.id);
  });

  describe('CSV export', () => {
    function expectedRow(name: string): string[] {
      const fixture = SERIES[name]!;
      return [
        fixture.title,
        fixture.type!,
        fixture.status ?? '',
        RANKS[name] == null ? '' : String(RANKS[name]),
        fixture.voters ? freshServerScore(fixture).toFixed(3) : '',
        String(fixture.voters),
        `https://panelrank.example/series/${idOf[name]}`,
        // Every series starts as Plan to Read with no chapters (progress: reading-progress.test.ts).
        'PLAN_TO_READ',
        '0',
        // No personal score yet: empty (scores: tracking.test.ts).
        '',
      ];
    }

    it('exports the list with a header, in list order or the given sort', async () => {
      const response = await calls.exportCsv(owner.token, list.id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="Sorted.csv"');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const rows = parse(await response.text()) as string[][];
      expect(rows).toEqual([
        [
          'title',
          'type',
          'status',
          'rank',
          'score',
          'votes',
          'link',
          'reading_status',
          'chapters_read',
          'my_score',
        ],
        ...LIST_ORDER.map(expectedRow),
      ]);
      const sorted = parse(
        await (await calls.exportCsv(owner.token, list.id, '?sort=rank_asc')).text(),
      ) as string[][];
      expect(sorted.slice(1).map((row) => row[0])).toEqual(
        EXPECTED_ORDERS.rank_asc!.map((name) => SERIES[name]!.title),
      );
    });

    it('exports a shared list by its token, and not once it is private', async () => {
      const shared = (await (await calls.share(owner.token, list.id)).json()) as ReadingList;
      const response = await calls.sharedCsv(shared.share_token!);
      expect(response.status).toBe(200);
      expect((parse(await response.text()) as string[][]).slice(1)).toEqual(LIST_ORDER.map(expectedRow));
      await calls.unshare(owner.token, list.id);
      expect((await calls.sharedCsv(shared.share_token!)).status).toBe(404);
    });

    it('keeps quotes, commas and line breaks, and defuses spreadsheet formulas', async () => {
      const other = await createUserWithToken(server);
      const tricky = await createdList(server, other.token, 'Trick, "quoted" / list');
      const titlesIn = ['=HYPERLINK("http://evil.example","x")', 'Commas, "quotes"\nand lines', '@SUM(1)'];
      const ids = await insertSeries(
        server,
        titlesIn.map((title) => ({ title })),
      );
      for (const id of ids) await calls.addItem(other.token, tricky.id, id);
      const response = await calls.exportCsv(other.token, tricky.id);
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="Trick-quoted-list.csv"',
      );
      const rows = parse(await response.text()) as string[][];
      expect(rows.slice(1).map((row) => row[0])).toEqual([
        `'=HYPERLINK("http://evil.example","x")`,
        'Commas, "quotes"\nand lines',
        `'@SUM(1)`,
      ]);
    });
  });
});

/** Gamma's series row back to one voter with a 10 in every category. */
async function insertSeriesState(server: TestServer, id: number): Promise<void> {
  await server.database.db.execute(sql`
    update series_details set story_total = 10, story_count = 1, characters_total = 10, characters_count = 1,
      worldbuilding_total = 10, worldbuilding_count = 1, art_total = 10, art_count = 1,
      drama_or_fight_total = 10, drama_or_fight_count = 1 where series_id = ${id}`);
  await server.database.db.execute(sql`update series set voter_count = 1 where id = ${id}`);
  server.app.catalogue.invalidate();
}
