import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rankedSeriesSchema, searchResultSchema, seriesDetailSchema } from '../../contract/catalogue';
import { series, seriesDetails, VOTE_CATEGORY_FIELDS, votes } from '../../api/db/schema';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { insertSeries, insertSeriesRows } from './series-fixtures';

const rankedList = z.array(rankedSeriesSchema.strict());
const searchResults = z.array(searchResultSchema.strict());

async function getJson(server: TestServer, path: string, init?: RequestInit) {
  const response = await server.request(path, init);
  return { response, status: response.status, body: await response.json() };
}

async function getRanked(server: TestServer, path: string) {
  const { status, body } = await getJson(server, path);
  expect(status).toBe(200);
  return path.startsWith('/series/search') ? searchResults.parse(body) : rankedList.parse(body);
}

const fixtures = [
  {
    key: 'solo',
    title: 'Solo Leveling',
    type: 'MANHWA',
    genre: 'Action, Fantasy',
    author: 'Chugong',
    score: 9,
    voters: 4,
    coverKey: 'covers/solo.webp',
  },
  {
    key: 'tower',
    title: 'Tower of God',
    type: 'MANHWA',
    genre: 'Fantasy, Drama',
    author: 'SIU',
    // 59 from 8 votes in each category weighs as 40 from 5 (Berserk's): (59 + 55) / 18 = (40 + 55) / 15.
    voters: 8,
    categories: Object.fromEntries(
      ['story', 'characters', 'worldbuilding', 'art', 'drama_or_fight'].map((field) => [
        field,
        { total: 59, count: 8 },
      ]),
    ),
  },
  {
    key: 'berserk',
    title: 'Berserk',
    type: 'MANGA',
    genre: 'Dark Fantasy, Action',
    author: 'Kentaro Miura',
    score: 8,
    voters: 5,
  },
  {
    key: 'onepiece',
    title: 'One Piece',
    type: 'MANGA',
    genre: 'Adventure',
    author: 'Eiichiro Oda',
    score: 7,
    voters: 3,
  },
  {
    key: 'tales',
    title: 'Tales of Demons and Gods',
    type: 'MANHUA',
    genre: 'action,  Cultivation',
    artist: 'Jiang Ruotai',
    score: 6,
    voters: 1,
  },
  { key: 'newcomer', title: 'A Newcomer', type: 'MANHUA', genre: 'Romance', synopsis: 'Fresh.' },
  { key: 'bare', title: '100% Pure_Drama', type: 'MANHWA', genre: 'Drama', withoutDetails: true },
] as const;

type FixtureKey = (typeof fixtures)[number]['key'];

const idsAndRanks = (list: { id: number; rank: number | null }[]) => list.map((s) => [s.id, s.rank]);
/** A whole order as GET /series/ranking-order gives it: each series' id, rank and final score. */
const orderOf = (list: { id: number; rank: number | null; final_score: number }[]) =>
  list.map(({ id, rank, final_score }) => ({ id, rank, final_score }));

describe('catalogue reads', () => {
  let server: TestServer;
  let ids: Record<FixtureKey, number>;

  beforeAll(async () => {
    server = await startTestServer();
    const inserted = await insertSeries(
      server,
      fixtures.map(({ key: _key, ...fixture }) => fixture),
    );
    ids = Object.fromEntries(fixtures.map((f, i) => [f.key, inserted[i]!])) as Record<FixtureKey, number>;
  });
  afterAll(() => server.close());

  describe('GET /series/rankings', () => {
    it('lists ranked series by score with shared ranks for ties, then Unranked ones with rank null', async () => {
      const list = await getRanked(server, '/series/rankings');
      expect(idsAndRanks(list)).toEqual([
        [ids.solo, 1],
        [ids.tower, 2], // ties with Berserk at 6.333333, shown first for more voters
        [ids.berserk, 2],
        [ids.onepiece, 4],
        [ids.tales, 5],
        [ids.bare, null], // Unranked by title: "100% ..." < "A Newcomer"
        [ids.newcomer, null],
      ]);
      const solo = list[0]!;
      // 9 from 4 voters in every category, weighed against a fresh server's priors (m = 10, C = 5.5).
      expect(solo).toMatchObject({ title: 'Solo Leveling', vote_count: 4, final_score: 6.5, mean_score: 9 });
      expect(solo.cover_url).toBe(`${server.config.publicApiUrl}/media/covers/solo.webp`);
      expect(solo.cover_variants).toEqual([
        { width: 200, url: `${server.config.publicApiUrl}/media/covers/solo-w200.webp` },
        { width: 400, url: `${server.config.publicApiUrl}/media/covers/solo-w400.webp` },
      ]);
      expect(list[1]!.cover_url).toBeNull();
    });

    it('pages without changing ranks, and a page past the end is []', async () => {
      const all = await getRanked(server, '/series/rankings?page_size=100');
      const pages = [
        await getRanked(server, '/series/rankings?page=1&page_size=3'),
        await getRanked(server, '/series/rankings?page=2&page_size=3'),
        await getRanked(server, '/series/rankings?page=3&page_size=3'),
      ];
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.flat()).toEqual(all);
      expect(await getRanked(server, '/series/rankings?page=4&page_size=3')).toEqual([]);
      expect(await getRanked(server, '/series/rankings?page=999999')).toEqual([]);
    });

    it('ranks within the type when one is given, in any casing', async () => {
      const manga = await getRanked(server, '/series/rankings?type=manga');
      expect(idsAndRanks(manga)).toEqual([
        [ids.berserk, 1],
        [ids.onepiece, 2],
      ]);
      expect(await getRanked(server, '/series/rankings?type=MANGA')).toEqual(manga);
      expect(await getRanked(server, '/series/rankings?type=Manga')).toEqual(manga);
      const manhwa = await getRanked(server, '/series/rankings?type=MANHWA');
      expect(idsAndRanks(manhwa)).toEqual([
        [ids.solo, 1],
        [ids.tower, 2],
        [ids.bare, null],
      ]);
    });

    it('treats an empty type or ALL as every type', async () => {
      const all = await getRanked(server, '/series/rankings');
      expect(await getRanked(server, '/series/rankings?type=&genre=')).toEqual(all);
      expect(await getRanked(server, '/series/rankings?type=ALL')).toEqual(all);
    });

    it('filters by one whole genre, case-insensitively, keeping the unfiltered ranks', async () => {
      const action = await getRanked(server, '/series/rankings?genre=ACTION');
      expect(idsAndRanks(action)).toEqual([
        [ids.solo, 1],
        [ids.berserk, 2],
        [ids.tales, 5],
      ]);
      // Whole genres only: Berserk's "Dark Fantasy" is not "Fantasy".
      const fantasy = await getRanked(server, '/series/rankings?genre=fantasy');
      expect(idsAndRanks(fantasy)).toEqual([
        [ids.solo, 1],
        [ids.tower, 2],
      ]);
      const typedAction = await getRanked(server, '/series/rankings?type=manhua&genre=%20action%20');
      expect(idsAndRanks(typedAction)).toEqual([[ids.tales, 1]]);
      expect(await getRanked(server, '/series/rankings?genre=Act')).toEqual([]);
      expect(await getRanked(server, '/series/rankings?genre=action&page=2&page_size=1')).toHaveLength(1);
    });

    it.each([
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
      ['type=MANHUAA', 'type'],
      ['type=novel', 'type'],
    ])('answers 422 for %s', async (query, field) => {
      const { status, body } = await getJson(server, `/series/rankings?${query}`);
      expect(status).toBe(422);
      expect(typeof body.detail).toBe('string');
      expect(body.errors[0].field).toBe(field);
    });

    it('accepts page_size 1 and 100', async () => {
      expect(await getRanked(server, '/series/rankings?page_size=1')).toHaveLength(1);
      expect(await getRanked(server, '/series/rankings?page_size=100')).toHaveLength(7);
    });

    it('works with a trailing slash', async () => {
      expect(await getRanked(server, '/series/rankings/?type=manga')).toEqual(
        await getRanked(server, '/series/rankings?type=manga'),
      );
    });
  });

  describe('GET /series/search', () => {
    it('matches title, author or artist case-insensitively, with true ranks (genres are filters, not searched)', async () => {
      expect(idsAndRanks(await getRanked(server, '/series/search?query=tower'))).toEqual([[ids.tower, 2]]);
      expect(idsAndRanks(await getRanked(server, '/series/search?query=MIURA'))).toEqual([[ids.berserk, 2]]);
      expect(idsAndRanks(await getRanked(server, '/series/search?query=ruotai'))).toEqual([[ids.tales, 5]]);
      expect(await getRanked(server, '/series/search?query=cultivation')).toEqual([]);
    });

    it('gives type-scoped ranks when a type is given', async () => {
      expect(idsAndRanks(await getRanked(server, '/series/search?query=berserk&type=manga'))).toEqual([
        [ids.berserk, 1],
      ]);
      expect(idsAndRanks(await getRanked(server, '/series/search?query=tower&type=MANHWA'))).toEqual([
        [ids.tower, 2],
      ]);
      expect(await getRanked(server, '/series/search?query=tower&type=manga')).toEqual([]);
    });

    it('treats % and _ in the query literally', async () => {
      expect(idsAndRanks(await getRanked(server, '/series/search?query=100%25'))).toEqual([[ids.bare, null]]);
      expect(idsAndRanks(await getRanked(server, '/series/search?query=e_d'))).toEqual([[ids.bare, null]]);
      expect(await getRanked(server, '/series/search?query=%25%25%25')).toEqual([]);
      expect(await getRanked(server, '/series/search?query=no%20such%20title')).toEqual([]);
    });

    it('trims the query and answers 422 "Query is required" when it is blank', async () => {
      expect(idsAndRanks(await getRanked(server, '/series/search?query=%20%20berserk%20'))).toEqual([
        [ids.berserk, 2],
      ]);
      for (const query of ['', '?query=', '?query=%20%20']) {
        const { status, body } = await getJson(server, `/series/search${query}`);
        expect(status).toBe(422);
        expect(body.detail).toBe('Query is required');
        expect(body.errors).toEqual([{ field: 'query', message: 'Query is required' }]);
      }
      expect((await getJson(server, '/series/search?query=x&type=comic')).status).toBe(422);
    });

    it('works with a trailing slash', async () => {
      expect(await getRanked(server, '/series/search/?query=solo')).toHaveLength(1);
    });
  });

  describe('GET /series/summary/{id}', () => {
    it('answers the series with its overall rank', async () => {
      const { status, body } = await getJson(server, `/series/summary/${ids.tales}`);
      expect(status).toBe(200);
      expect(rankedSeriesSchema.strict().parse(body)).toMatchObject({
        id: ids.tales,
        rank: 5,
        type: 'MANHUA',
      });
      expect((await getJson(server, `/series/summary/${ids.newcomer}/`)).body.rank).toBeNull();
    });

    it('answers 404 "Series not found" for unknown ids, 422 for non-numeric ones', async () => {
      for (const id of ['99999', '0', '99999999999999']) {
        const { status, body } = await getJson(server, `/series/summary/${id}`);
        expect(status).toBe(404);
        expect(body).toEqual({ detail: 'Series not found', code: expect.any(String) });
      }
      for (const id of ['abc', '-3'])
        expect((await getJson(server, `/series/summary/${id}`)).status).toBe(422);
    });
  });

  describe('GET /series-details/{id}', () => {
    it('answers the SeriesDetail with totals, counts by label, empty vote_scores and the overall rank', async () => {
      const { status, body } = await getJson(server, `/series-details/${ids.berserk}`);
      expect(status).toBe(200);
      const detail = seriesDetailSchema.strict().parse(body);
      expect(detail).toMatchObject({
        series_id: ids.berserk,
        title: 'Berserk',
        type: 'MANGA',
        genre: 'Dark Fantasy, Action',
        author: 'Kentaro Miura',
        synopsis: '',
        series_cover_url: '',
        series_cover_variants: [],
        story_total: 40,
        story_count: 5,
        drama_or_fight_total: 40,
        drama_or_fight_count: 5,
        vote_counts: { Story: 5, Characters: 5, 'World Building': 5, Art: 5, 'Drama / Fighting': 5 },
        vote_scores: {},
        rank: 2,
        final_score: 6.333333,
        mean_score: 8,
        vote_count: 5,
      });
    });

    it('uses the detail cover for series_cover_url and keeps the series cover in cover_url', async () => {
      const [id] = await insertSeries(server, [
        { title: 'Covered', coverKey: 'covers/c.webp', detailCoverKey: 'details/c.webp', synopsis: 'Long.' },
      ]);
      const { body } = await getJson(server, `/series-details/${id}`);
      const base = server.config.publicApiUrl;
      expect(body.series_cover_url).toBe(`${base}/media/details/c.webp`);
      expect(body.series_cover_variants.map((v: { width: number }) => v.width)).toEqual([200, 400]);
      expect(body.cover_url).toBe(`${base}/media/covers/c.webp`);
      expect(body.synopsis).toBe('Long.');
      await server.database.db.delete(series).where(eq(series.id, id!));
      server.app.catalogue.invalidate();
    });

    it('answers empty synopsis, empty cover and zero totals for a series without a detail row', async () => {
      const { status, body } = await getJson(server, `/series-details/${ids.bare}/`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        series_id: ids.bare,
        synopsis: '',
        series_cover_url: '',
        story_total: 0,
        art_count: 0,
        vote_counts: { Story: 0, Characters: 0, 'World Building': 0, Art: 0, 'Drama / Fighting': 0 },
        rank: null,
      });
    });

    it('answers 404 "Series not found" for unknown ids', async () => {
      const { status, body } = await getJson(server, '/series-details/424242');
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'Series not found', code: expect.any(String) });
    });

    it("answers a signed-in caller's own scores by label, privately", async () => {
      const voter = await createUserWithToken(server);
      await server.database.db.insert(votes).values([
        { userId: voter.id, seriesId: ids.tower, category: 'STORY', score: 7 },
        { userId: voter.id, seriesId: ids.tower, category: 'DRAMA_OR_FIGHT', score: 10 },
        { userId: voter.id, seriesId: ids.solo, category: 'ART', score: 3 },
      ]);
      const response = await server.request(`/series-details/${ids.tower}`, { token: voter.token });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const detail = seriesDetailSchema.strict().parse(await response.json());
      expect(detail.vote_scores).toEqual({ Story: 7, 'Drama / Fighting': 10 });
      // Totals come from series_details, never from the vote rows (the fixture has no matching votes).
      expect(detail.story_total).toBe(59);
      const other = await createUserWithToken(server);
      const otherDetail = await getJson(server, `/series-details/${ids.tower}`, {
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(otherDetail.body.vote_scores).toEqual({});
      const anonymous = await getJson(server, `/series-details/${ids.tower}`);
      expect(anonymous.body.vote_scores).toEqual({});
    });

    it('is public for anonymous callers and private when an Authorization header is sent', async () => {
      const anonymous = await server.request(`/series-details/${ids.solo}`);
      expect(anonymous.headers.get('cache-control')).toContain('public');
      expect(anonymous.headers.get('vary')).toMatch(/authorization/i);
      const withToken = await server.request(`/series-details/${ids.solo}`, { token: 'not-a-valid-token' });
      expect(withToken.status).toBe(200);
      expect(withToken.headers.get('cache-control')).toBe('private, no-store');
      expect((await withToken.json()).vote_scores).toEqual({});
    });

    it('varies on Origin as well as Authorization, so shared caches keep CORS answers apart', async () => {
      const origin = server.config.SITE_URL;
      for (const token of [undefined, 'not-a-valid-token']) {
        const response = await server.request(`/series-details/${ids.solo}`, { token, headers: { origin } });
        expect(response.headers.get('access-control-allow-origin')).toBe(origin);
        const vary = (response.headers.get('vary') ?? '')
          .split(',')
          .map((field) => field.trim().toLowerCase());
        expect(vary).toEqual(expect.arrayContaining(['origin', 'authorization']));
        // A revalidation answers with the same Vary.
        const etag = response.headers.get('etag')!;
        const revalidated = await server.request(`/series-details/${ids.solo}`, {
          token,
          headers: { origin, 'if-none-match': etag },
        });
        expect(revalidated.status).toBe(304);
        expect(revalidated.headers.get('vary')).toBe(response.headers.get('vary'));
      }
    });
  });

  describe('GET /series/catalogue', () => {
    it('pages every series with its detail in id order, with totals for the build', async () => {
      const first = await getJson(server, '/series/catalogue?page=1&page_size=4');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ page: 1, page_size: 4, total: 7, has_more: true });
      const second = await getJson(server, '/series/catalogue?page=2&page_size=4');
      expect(second.body).toMatchObject({ page: 2, total: 7, has_more: false });
      const items = [...first.body.items, ...second.body.items].map((item) =>
        seriesDetailSchema.strict().parse(item),
      );
      expect(items.map((item) => item.series_id)).toEqual(Object.values(ids).sort((a, b) => a - b));
      expect(items.find((item) => item.series_id === ids.berserk)).toEqual(
        (await getJson(server, `/series-details/${ids.berserk}`)).body,
      );
      const past = await getJson(server, '/series/catalogue?page=3&page_size=4');
      expect(past.body).toMatchObject({ items: [], has_more: false, total: 7 });
      expect((await getJson(server, '/series/catalogue?page_size=1001')).status).toBe(422);
    });

    it('pages by the last id read with after_id, ignoring page', async () => {
      const sorted = Object.values(ids).sort((a, b) => a - b);
      const first = await getJson(server, '/series/catalogue?after_id=0&page_size=4&page=9');
      expect(first.body).toMatchObject({ total: 7, has_more: true });
      const firstIds = first.body.items.map((item: { series_id: number }) => item.series_id);
      expect(firstIds).toEqual(sorted.slice(0, 4));
      const second = await getJson(server, `/series/catalogue?after_id=${firstIds.at(-1)}&page_size=4`);
      expect(second.body.items.map((item: { series_id: number }) => item.series_id)).toEqual(sorted.slice(4));
      expect(second.body.has_more).toBe(false);
      // Its items are the ones the numbered pages give (read packed into one JSON text, those row by row).
      const numbered = [
        ...(await getJson(server, '/series/catalogue?page=1&page_size=4')).body.items,
        ...(await getJson(server, '/series/catalogue?page=2&page_size=4')).body.items,
      ];
      expect(JSON.stringify([...first.body.items, ...second.body.items])).toBe(JSON.stringify(numbered));
      const past = await getJson(server, `/series/catalogue?after_id=${sorted.at(-1)}`);
      expect(past.body).toMatchObject({ items: [], has_more: false });
      for (const bad of ['-1', '0x10', '1.5', 'abc', ' 1']) {
        const answer = await getJson(server, `/series/catalogue?after_id=${encodeURIComponent(bad)}`);
        expect(answer.status, bad).toBe(422);
        expect(answer.body.errors[0].field, bad).toContain('after_id');
      }
    });
  });

  describe('GET /series/ranking-order', () => {
    it("gives each list's whole order with its ranks, as the ranking pages give them", async () => {
      for (const type of ['', 'MANGA', 'manhwa', 'MANHUA']) {
        const query = type ? `?type=${type}` : '';
        const order = await getJson(server, `/series/ranking-order${query}`);
        expect(order.status).toBe(200);
        const pages = await getRanked(server, `/series/rankings?page_size=100${type ? `&type=${type}` : ''}`);
        expect(order.body).toEqual({ items: orderOf(pages) });
      }
      expect((await getJson(server, '/series/ranking-order?type=comic')).status).toBe(422);
    });

    it('gives a list in another order whole, as the pages of that order give it', async () => {
      for (const query of ['sort=trending', 'sort=POPULAR&type=manga', 'sort=title']) {
        const order = await getJson(server, `/series/ranking-order?${query}`);
        expect(order.status).toBe(200);
        const pages = await getRanked(server, `/series/rankings?page_size=100&${query}`);
        expect(order.body).toEqual({ items: orderOf(pages) });
      }
      const unknown = await getJson(server, '/series/ranking-order?sort=random');
      expect(unknown.status).toBe(422);
    });
  });

  it('documents every catalogue route in the OpenAPI document', async () => {
    const spec = await (await server.request('/docs/json')).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/series/rankings',
        '/series/search',
        '/series/summary/{id}',
        '/series-details/{id}',
        '/series/catalogue',
        '/series/ranking-order',
      ]),
    );
    const detail = spec.paths['/series-details/{id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(detail.properties)).toEqual(
      expect.arrayContaining(['vote_counts', 'vote_scores', 'rank']),
    );
  });

  describe('HTTP caching', () => {
    it.each([
      ['/series/rankings?page=1&page_size=25'],
      ['/series/search?query=fantasy'],
      ['/series/summary/1'],
      ['/series-details/1'],
      ['/series/catalogue'],
      ['/series/ranking-order?type=manga'],
    ])('%s carries an ETag and Cache-Control, and If-None-Match gives 304', async (path) => {
      const first = await server.request(path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      const again = await server.request(path);
      expect(again.headers.get('etag')).toBe(etag);
      const revalidated = await server.request(path, { headers: { 'if-none-match': `W/"other", ${etag}` } });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
      expect(revalidated.headers.get('etag')).toBe(etag);
      const stale = await server.request(path, { headers: { 'if-none-match': '"something-else"' } });
      expect(stale.status).toBe(200);
    });

    it('gives different pages and filters different ETags', async () => {
      const tags = await Promise.all(
        [
          '/series/rankings?page=1&page_size=2',
          '/series/rankings?page=2&page_size=2',
          '/series/rankings?type=manga',
        ].map(async (path) => (await server.request(path)).headers.get('etag')),
      );
      expect(new Set(tags).size).toBe(3);
    });
  });

  describe('cache invalidation', () => {
    it('shows a change after invalidate() with a new ETag', async () => {
      const before = await server.request('/series/rankings?type=manhua');
      const etag = before.headers.get('etag')!;
      const db = server.database.db;
      // Ten readers at 10 in every category: (100 + 55) / 20 = 7.75, above every other series. The
      // snapshot scores from the totals.
      const tens = { total: 100, count: 10 };
      await db.update(series).set({ voterCount: 10 }).where(eq(series.id, ids.newcomer));
      await db
        .update(seriesDetails)
        .set(
          Object.fromEntries(
            VOTE_CATEGORY_FIELDS.flatMap(({ total, count }) => [
              [total, tens.total],
              [count, tens.count],
            ]),
          ),
        )
        .where(eq(seriesDetails.seriesId, ids.newcomer));
      server.app.catalogue.invalidate();
      const after = await server.request('/series/rankings?type=manhua', {
        headers: { 'if-none-match': etag },
      });
      expect(after.status).toBe(200);
      expect(idsAndRanks(rankedList.parse(await after.json()))).toEqual([
        [ids.newcomer, 1],
        [ids.tales, 2],
      ]);
      expect((await getJson(server, `/series/summary/${ids.newcomer}`)).body.rank).toBe(1);
      expect((await getJson(server, `/series-details/${ids.newcomer}`)).body).toMatchObject({
        story_total: 100,
        vote_counts: { Story: 10 },
        final_score: 7.75,
        rank: 1,
      });
      // Back to the fixture state for the other tests.
      await db.update(series).set({ voterCount: 0 }).where(eq(series.id, ids.newcomer));
      await db
        .update(seriesDetails)
        .set(
          Object.fromEntries(
            VOTE_CATEGORY_FIELDS.flatMap(({ total, count }) => [
              [total, 0],
              [count, 0],
            ]),
          ),
        )
        .where(eq(seriesDetails.seriesId, ids.newcomer));
      server.app.catalogue.invalidate();
    });

    it('finds a series created without invalidation (e.g. by another instance) on a direct read', async () => {
      const [id] = await insertSeriesRows(server.database.db, [
        { title: 'Elsewhere', score: 10, voters: 30 },
      ]);
      const summary = await getJson(server, `/series/summary/${id}`);
      expect(summary.status).toBe(200);
      expect(summary.body.rank).toBe(1);
      await server.database.db.delete(series).where(eq(series.id, id!));
      server.app.catalogue.invalidate();
    });
  });
});

describe('catalogue cache expiry', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CACHE_TTL_MS: '100' });
  });
  afterAll(() => server.close());

  it("shows another instance's changes once the TTL has passed, without invalidation", async () => {
    const db = server.database.db;
    expect(await getRanked(server, '/series/rankings')).toEqual([]);
    const [id] = await insertSeries(server, [{ title: 'First', score: 5, voters: 1, synopsis: 'Old.' }]);
    expect(idsAndRanks(await getRanked(server, '/series/rankings'))).toEqual([[id, 1]]);
    expect((await getJson(server, `/series-details/${id}`)).body.synopsis).toBe('Old.');
    await db.update(series).set({ title: 'Renamed' }).where(eq(series.id, id!));
    // The first read after expiry serves the old snapshot while the check runs; the change shows soon after.
    await expect
      .poll(async () => (await getRanked(server, '/series/rankings'))[0]!.title, {
        timeout: 2000,
        interval: 20,
      })
      .toBe('Renamed');
    // A change to the detail row alone counts too.
    await db.update(seriesDetails).set({ synopsis: 'New.' }).where(eq(seriesDetails.seriesId, id!));
    await expect
      .poll(async () => (await getJson(server, `/series-details/${id}`)).body.synopsis, {
        timeout: 2000,
        interval: 20,
      })
      .toBe('New.');
  });
});

describe('media', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('serves stored files with their content type and a year of immutable caching', async () => {
    const bytes = Buffer.from('RIFF\0\0\0\0WEBPVP8 fake');
    await server.app.media.put('covers/test-1.webp', bytes, 'image/webp');
    expect(server.app.media.url('covers/test-1.webp')).toBe(
      `${server.config.publicApiUrl}/media/covers/test-1.webp`,
    );
    const response = await server.request('/media/covers/test-1.webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    await server.app.media.put('forum/a.png', png, 'image/png');
    expect((await server.request('/media/forum/a.png')).headers.get('content-type')).toBe('image/png');
  });

  it.each([
    '/media/covers/missing.webp',
    '/media/covers/',
    '/media/covers',
    '/media/',
    '/media/%2e%2e/%2e%2e/package.json',
    '/media/..%2f..%2fpackage.json',
    '/media/covers/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  ])('answers a JSON 404 for %s', async (path) => {
    await server.app.media.put('covers/present.webp', Buffer.from('x'), 'image/webp');
    const response = await server.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(typeof (await response.json()).detail).toBe('string');
  });

  it('does not serve dotfiles', async () => {
    await server.app.media.put('.secret', Buffer.from('x'), 'text/plain');
    expect((await server.request('/media/.secret')).status).toBe(404);
  });
});
