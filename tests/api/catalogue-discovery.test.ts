import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ALT_TITLE_TOO_LONG,
  ALT_TITLES_TOO_MANY,
  rankedSeriesSchema,
  searchResultSchema,
  SUGGEST_TOO_SHORT,
  suggestionSchema,
} from '../../contract/catalogue';
import { searchWords, series, votes } from '../../api/db/schema';
import { createUserWithToken, createVoters } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { multipartForm } from './image-fixtures';
import { insertSeries, type SeriesFixture } from './series-fixtures';

/* Finding a series by any of its names, suggestions, and the ranked lists' orders and filters. */

const CATALOGUE = {
  solo: {
    title: 'Solo Leveling',
    type: 'MANHWA',
    genre: 'Action, Fantasy',
    author: 'Chugong',
    artist: 'Dubu',
    altTitles: ['Na Honjaman Level Up', '나 혼자만 레벨업', 'I Level Up Alone'],
    voters: 12,
    score: 9,
  },
  pokemon: {
    title: 'Pokémon Adventures',
    type: 'MANGA',
    genre: 'Adventure, Fantasy',
    author: 'Hidenori Kusaka',
    artist: 'Mato',
    altTitles: ['ポケットモンスタースペシャル', 'Pocket Monsters Special'],
    voters: 6,
    score: 8,
  },
  rezero: {
    title: 'Re:Zero − Starting Life in Another World',
    type: 'MANGA',
    genre: 'Fantasy, Drama',
    author: 'Tappei Nagatsuki',
    altTitles: ['Re:ゼロから始める異世界生活'],
    voters: 4,
    score: 7,
    status: 'COMPLETE',
  },
  tales: {
    title: 'Tales of Demons and Gods',
    type: 'MANHUA',
    genre: 'Action, Cultivation',
    author: 'Mad Snail',
    altTitles: ['妖神记', 'Yao Shen Ji'],
    voters: 3,
    score: 6,
  },
  // "Solo" in four ways, equal scores but for the exact one: relevance decides before the score.
  soloExact: { title: 'Solo', type: 'MANGA', genre: 'Drama', voters: 1, score: 2 },
  soloPrefix: { title: 'Solo Camping Girl', type: 'MANGA', genre: 'Slice of Life', voters: 2, score: 5 },
  soloWord: { title: 'The Solo Story', type: 'MANGA', genre: 'Drama', voters: 2, score: 6 },
  soloInside: { title: 'Consolodated', type: 'MANGA', genre: 'Drama', voters: 2, score: 7 },
} satisfies Record<string, SeriesFixture>;
type Key = keyof typeof CATALOGUE;

const searchResults = z.array(searchResultSchema.strict());
const rankedList = z.array(rankedSeriesSchema.strict());
const suggestions = z.array(suggestionSchema.strict());

describe('finding and browsing series', () => {
  let server: TestServer;
  const ids = {} as Record<Key, number>;
  const keyOf = (id: number) => (Object.keys(ids) as Key[]).find((key) => ids[key] === id);

  beforeAll(async () => {
    server = await startTestServer();
    const keys = Object.keys(CATALOGUE) as Key[];
    const inserted = await insertSeries(server, Object.values(CATALOGUE) as SeriesFixture[]);
    keys.forEach((key, index) => (ids[key] = inserted[index]!));
  });
  afterAll(() => server.close());

  async function search(term: string, extra = '') {
    const response = await server.request(`/series/search?query=${encodeURIComponent(term)}${extra}`);
    expect(response.status).toBe(200);
    return searchResults.parse(await response.json());
  }
  const found = async (term: string) => (await search(term)).map((result) => keyOf(result.id));

  describe('GET /series/search', () => {
    it('forgives typos', async () => {
      expect(await found('solo levlling')).toContain('solo');
      expect((await found('solo levlling'))[0]).toBe('solo');
      expect(await found('pokemon adventurs')).toContain('pokemon');
    });

    it('finds an alternative title and says which one matched', async () => {
      const [first] = await search('na honjaman');
      expect(keyOf(first!.id)).toBe('solo');
      expect(first!.matched_title).toBe('Na Honjaman Level Up');
      expect(first!.alt_titles).toEqual(CATALOGUE.solo.altTitles);
      const [byTitle] = await search('solo leveling');
      expect(byTitle!.matched_title).toBeNull();
    });

    it('matches inside Korean, Japanese and Chinese text', async () => {
      const korean = await search('혼자만');
      expect(korean.map((result) => keyOf(result.id))).toEqual(['solo']);
      expect(korean[0]!.matched_title).toBe('나 혼자만 레벨업');
      expect(await found('モンスター')).toEqual(['pokemon']);
      expect(await found('異世界')).toEqual(['rezero']);
      expect(await found('神记')).toEqual(['tales']);
    });

    it('finds authors and artists', async () => {
      expect(await found('chugong')).toEqual(['solo']);
      expect(await found('kusaka')).toEqual(['pokemon']);
      expect((await search('dubu'))[0]!.matched_title).toBeNull();
    });

    it('ignores accents and case both ways', async () => {
      expect(await found('pokemon')).toEqual(['pokemon']);
      expect(await found('POKÉMON')).toEqual(['pokemon']);
      expect(await found('Pokèmon')).toEqual(['pokemon']);
    });

    it('ignores punctuation', async () => {
      expect(await found('re zero')).toEqual(['rezero']);
      expect(await found('Re:Zero!')).toEqual(['rezero']);
      expect(await found('starting life, in another world')).toEqual(['rezero']);
    });

    it('orders by relevance (exact, prefix, word, inside, similar), ties by final score', async () => {
      const order = await found('solo');
      expect(order.slice(0, 5)).toEqual(['soloExact', 'solo', 'soloPrefix', 'soloWord', 'soloInside']);
    });

    it('finds nothing for %, _ or only punctuation, and treats them as punctuation inside a term', async () => {
      for (const term of ['%', '_', '%%%', '__', '!?', '…', '「」']) expect(await search(term)).toEqual([]);
      expect(await found('solo%')).toContain('solo');
      expect(await found('solo_leveling')).toContain('solo');
    });

    it('refuses terms over the length limit and control characters with a 422, never a 5xx', async () => {
      const long = await server.request(`/series/search?query=${'a'.repeat(10_000)}`);
      expect(long.status).toBe(422);
      for (const term of ['solo\u0000', '\u0007', 'so\u001blo', 'solo\u202e']) {
        const response = await server.request(`/series/search?query=${encodeURIComponent(term)}`);
        expect(response.status).toBeLessThan(500);
        if (response.status === 200) searchResults.parse(await response.json());
      }
    });
  });

  describe("the forum's mention picker (GET /forum/series-search)", () => {
    async function mentions(q: string, limit = 10) {
      const response = await server.request(`/forum/series-search?q=${encodeURIComponent(q)}&limit=${limit}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { series_id: number }[]).map((result) => keyOf(result.series_id));
    }

    it('uses the same search: alternative titles, typos, native script, relevance', async () => {
      expect(await mentions('na honjaman')).toEqual(['solo']);
      expect((await mentions('solo levlling'))[0]).toBe('solo');
      expect(await mentions('妖神')).toEqual(['tales']);
      expect(await mentions('solo', 5)).toEqual((await found('solo')).slice(0, 5));
    });

    it('puts the series named by #id first', async () => {
      expect((await mentions(`#${ids.tales}`))[0]).toBe('tales');
    });
  });

  describe('GET /series/suggest', () => {
    async function suggest(query: string) {
      const response = await server.request(`/series/suggest?${query}`);
      return { status: response.status, body: await response.json() };
    }

    it('suggests as search orders, with a few fields each', async () => {
      const { status, body } = await suggest('q=na%20honjaman');
      expect(status).toBe(200);
      const [first] = suggestions.parse(body);
      expect(first).toEqual({
        id: ids.solo,
        title: 'Solo Leveling',
        type: 'MANHWA',
        cover_url: null,
        rank: 1,
        matched_title: 'Na Honjaman Level Up',
      });
      const all = suggestions.parse((await suggest('q=solo')).body).map((result) => result.id);
      expect(all).toEqual((await search('solo')).slice(0, 8).map((result) => result.id));
    });

    it('answers at most `limit`', async () => {
      expect(suggestions.parse((await suggest('q=solo&limit=2')).body)).toHaveLength(2);
      expect((await suggest('q=solo&limit=9')).status).toBe(422);
      expect((await suggest('q=solo&limit=0')).status).toBe(422);
    });

    it('refuses a term under 2 characters', async () => {
      for (const query of ['q=s', 'q=%20s%20', 'q=', '']) {
        const { status, body } = await suggest(query);
        expect(status).toBe(422);
        if (query.startsWith('q=s'))
          expect(body.errors).toEqual([{ field: 'q', message: SUGGEST_TOO_SHORT }]);
      }
      expect((await suggest('q=나혼')).status).toBe(200);
    });

    it('is a public, cacheable answer', async () => {
      const response = await server.request('/series/suggest?q=solo');
      expect(response.headers.get('cache-control')).toMatch(/public/);
      expect(response.headers.get('etag')).toBeTruthy();
    });
  });

  describe('GET /series/rankings: orders and filters', () => {
    async function ranked(query: string) {
      const response = await server.request(`/series/rankings?page_size=100&${query}`);
      expect(response.status).toBe(200);
      return rankedList.parse(await response.json());
    }
    const keys = async (query: string) => (await ranked(query)).map((entry) => keyOf(entry.id));

    it('keeps each series its rank by final score whatever the order', async () => {
      const byScore = new Map((await ranked('')).map((entry) => [entry.id, entry.rank]));
      for (const sort of ['popular', 'trending', 'newest', 'title', 'TITLE']) {
        for (const entry of await ranked(`sort=${sort}`)) expect(entry.rank).toBe(byScore.get(entry.id));
      }
    });

    it('orders by voters, date added and title', async () => {
      expect((await keys('sort=popular')).slice(0, 4)).toEqual(['solo', 'pokemon', 'rezero', 'tales']);
      expect((await keys('sort=newest')).slice(0, 2)).toEqual(['soloInside', 'soloWord']);
      expect(await keys('sort=title')).toEqual([
        'soloInside',
        'pokemon',
        'rezero',
        'soloExact',
        'soloPrefix',
        'solo',
        'tales',
        'soloWord',
      ]);
    });

    it('orders by distinct voters of the last 7 days for trending', async () => {
      const voters = await createVoters(server, 3, 'trend');
      const db = server.database.db;
      const vote = (userId: number, seriesId: number, daysAgo: number) =>
        db.insert(votes).values({
          userId,
          seriesId,
          category: 'STORY',
          score: 7,
          createdAt: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000),
        });
      // Tales: two recent voters; Re:Zero: one recent, two older than a week; Solo: only old ones.
      await vote(voters[0]!.id, ids.tales, 1);
      await vote(voters[1]!.id, ids.tales, 6);
      await vote(voters[0]!.id, ids.rezero, 2);
      await vote(voters[1]!.id, ids.rezero, 8);
      await vote(voters[2]!.id, ids.rezero, 30);
      await vote(voters[0]!.id, ids.solo, 9);
      server.app.catalogue.invalidate();
      expect((await keys('sort=trending')).slice(0, 3)).toEqual(['tales', 'rezero', 'solo']);
      await db.execute(sql`delete from ${votes}`);
      server.app.catalogue.invalidate();
    });

    it('filters by all of several genres, none of others, and a status, keeping ranks', async () => {
      const byScore = new Map((await ranked('')).map((entry) => [entry.id, entry.rank]));
      expect(await keys('genre=Fantasy')).toEqual(['solo', 'pokemon', 'rezero']);
      expect(await keys('genre=fantasy,%20ACTION')).toEqual(['solo']);
      expect(await keys('genre=Fantasy&not=Action')).toEqual(['pokemon', 'rezero']);
      expect(await keys('not=drama,fantasy,slice%20of%20life')).toEqual(['tales']);
      expect(await keys('status=complete')).toEqual(['rezero']);
      expect(await keys('status=ALL&genre=ALL')).toHaveLength(8);
      const filtered = await ranked('genre=Drama&sort=title');
      expect(filtered.map((entry) => keyOf(entry.id))).toEqual([
        'soloInside',
        'rezero',
        'soloExact',
        'soloWord',
      ]);
      for (const entry of filtered) expect(entry.rank).toBe(byScore.get(entry.id));
      expect(await ranked('genre=Action&type=manhua')).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: ids.tales, rank: 1 })]),
      );
    });

    it('answers [] for a genre no series has, 422 for an unknown sort or status', async () => {
      expect(await ranked('genre=Nonexistent')).toEqual([]);
      for (const query of ['sort=best', 'status=paused', 'sort=', 'status=']) {
        const response = await server.request(`/series/rankings?${query}`);
        expect(response.status, query).toBe(query.endsWith('=') ? 200 : 422);
      }
    });
  });

  describe('alternative titles in the admin forms', () => {
    let admin: { token: string };
    beforeAll(async () => {
      admin = await createUserWithToken(server, { role: 'ADMIN' });
    });

    const edit = (id: number, json: unknown) =>
      server.request(`/series/${id}`, { method: 'PUT', token: admin.token, json });
    const stored = async (id: number) =>
      (
        await server.database.db
          .select({ altTitles: series.altTitles })
          .from(series)
          .where(sql`id = ${id}`)
      )[0]!.altTitles;

    it('stores them trimmed, blank ones dropped, duplicates ignoring case once, and finds them', async () => {
      const response = await edit(ids.soloExact, {
        alt_titles: ['  Solo Alone ', 'SOLO ALONE', '', 'ソロ', 'solo alone'],
      });
      expect(response.status).toBe(200);
      expect((await response.json()).alt_titles).toEqual(['Solo Alone', 'ソロ']);
      expect(await stored(ids.soloExact)).toEqual(['Solo Alone', 'ソロ']);
      const [first] = await search('solo alone');
      expect(first).toMatchObject({ id: ids.soloExact, matched_title: 'Solo Alone' });
    });

    it('reads one per line from a form', async () => {
      const body = new URLSearchParams({ alt_titles: 'Line One\r\nLine Two\n\nline one' });
      const response = await server.request(`/series/${ids.soloWord}`, {
        method: 'PUT',
        token: admin.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      expect(response.status).toBe(200);
      expect(await stored(ids.soloWord)).toEqual(['Line One', 'Line Two']);
    });

    it('reads one per line from a multipart form, as the Add and Edit modals send it', async () => {
      const response = await server.request(`/series/${ids.soloWord}`, {
        method: 'PUT',
        token: admin.token,
        body: multipartForm({ alt_titles: 'Part One\nPart Two\r\npart one' }),
      });
      expect(response.status).toBe(200);
      expect(await stored(ids.soloWord)).toEqual(['Part One', 'Part Two']);
      // Back to what the next test expects.
      await edit(ids.soloWord, { alt_titles: ['Line One', 'Line Two'] });
    });

    it('clears them when sent empty, and keeps them when not sent', async () => {
      expect((await edit(ids.soloWord, { author: 'Someone' })).status).toBe(200);
      expect(await stored(ids.soloWord)).toEqual(['Line One', 'Line Two']);
      expect((await edit(ids.soloWord, { alt_titles: '' })).status).toBe(200);
      expect(await stored(ids.soloWord)).toEqual([]);
      await edit(ids.soloWord, { alt_titles: ['X'] });
      expect((await edit(ids.soloWord, { alt_titles: [] })).status).toBe(200);
      expect(await stored(ids.soloWord)).toEqual([]);
    });

    it('refuses 21 titles or one of 201 characters with a 422, writing nothing', async () => {
      const before = await stored(ids.solo);
      const many = await edit(ids.solo, { alt_titles: Array.from({ length: 21 }, (_, i) => `Title ${i}`) });
      expect(many.status).toBe(422);
      expect((await many.json()).detail).toBe(ALT_TITLES_TOO_MANY);
      const long = await edit(ids.solo, { alt_titles: ['x'.repeat(201)], title: 'Changed' });
      expect(long.status).toBe(422);
      expect((await long.json()).detail).toBe(ALT_TITLE_TOO_LONG);
      expect((await edit(ids.solo, { alt_titles: [7] })).status).toBe(422);
      expect(await stored(ids.solo)).toEqual(before);
      const twenty = Array.from({ length: 20 }, (_, i) => `Title ${i}`);
      expect((await edit(ids.tales, { alt_titles: [...twenty, 'x'.repeat(200)].slice(1) })).status).toBe(200);
    });

    it('finds series a bulk load wrote with triggers off for foreign keys (session_replication_role = replica)', async () => {
      // The demo seed loads that way; the names' vocabulary must still learn the new words.
      await server.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`insert into series (title, genre, type, author, artist) values ('Obsidian Lantern', 'Drama', 'MANGA', '', '')`,
        );
      });
      await server.app.catalogue.changed(null);
      const found = (await search('obsidian')).map((result) => result.title);
      expect(found).toEqual(['Obsidian Lantern']);
      expect((await search('obsidan')).map((result) => result.title)).toEqual(['Obsidian Lantern']);
    });

    it('finds a series by its names as they are now: after an edit, by the new ones only, after deletion not at all', async () => {
      const [id] = await insertSeries(server, [{ title: 'Quixotic Harbor', type: 'MANHUA', genre: 'Drama' }]);
      const words = async () =>
        (await server.database.db.select({ word: searchWords.word }).from(searchWords)).map(
          ({ word }) => word,
        );
      const ids = async (term: string) => (await search(term)).map((result) => result.id);
      expect(await ids('quixotic')).toEqual([id]);
      expect(await ids('quixotik harbor')).toEqual([id]);

      expect((await edit(id!, { title: 'Zanzibar Harbor', alt_titles: ['Ferry Nocturne'] })).status).toBe(
        200,
      );
      expect(await ids('quixotic')).toEqual([]);
      expect(await ids('quixotik')).toEqual([]);
      expect(await ids('zanzibar')).toEqual([id]);
      expect(await ids('zanzibr')).toEqual([id]);
      expect(await ids('nocturne')).toEqual([id]);
      expect(await words()).not.toContain('quixotic');

      const removed = await server.request(`/series/${id}`, { method: 'DELETE', token: admin.token });
      expect(removed.status).toBeLessThan(300);
      expect(await ids('zanzibar')).toEqual([]);
      expect(await words()).not.toContain('zanzibar');
      expect(await words()).toContain('solo'); // other series' words stay
    });
  });
});

/*
 * Names that contain a term always come before names only similar to it, so the typo-tolerant search (the
 * costly one) is asked only when too few contain the term, and reads at most a page of similar series.
 */
describe('a term among many similar names', () => {
  let server: TestServer;
  const titles = new Map<number, string>();
  // Stored in the opposite order of their scores: the order shown is the ranking's, not the storage's.
  const towers = Array.from({ length: 12 }, (_, i) => ({
    title: `Tower of Night ${i}`,
    voters: 2,
    score: 2 + i / 2,
  }));
  const towels = Array.from({ length: 60 }, (_, i) => ({
    title: `The Towel Saga ${i}`,
    voters: 10,
    score: 1 + i / 10,
  }));

  beforeAll(async () => {
    server = await startTestServer();
    const fixtures: SeriesFixture[] = [...towers, ...towels].map((fixture) => ({
      ...fixture,
      type: 'MANGA',
      genre: 'Drama',
    }));
    const inserted = await insertSeries(server, fixtures);
    inserted.forEach((id, index) => titles.set(id, fixtures[index]!.title));
  });
  afterAll(() => server.close());

  const byScore = (list: { title: string; score: number }[]) =>
    [...list].sort((a, b) => b.score - a.score).map(({ title }) => title);
  async function titlesOf(path: string, idOf: (result: Record<string, number>) => number = (r) => r.id!) {
    const response = await server.request(path);
    expect(response.status).toBe(200);
    return ((await response.json()) as Record<string, number>[]).map((result) => titles.get(idOf(result)));
  }

  it('puts every name containing the term before the similar ones, by final score', async () => {
    const found = await titlesOf('/series/search?query=tower');
    expect(found.slice(0, 12)).toEqual(byScore(towers));
    // "towel" is similar to "tower" (pg_trgm word similarity 0.67): a page is filled with them after.
    expect(found).toHaveLength(50);
    expect(found.slice(12).every((title) => title?.startsWith('The Towel Saga'))).toBe(true);
  });

  it('suggests and mentions the containing names first, as search orders them', async () => {
    expect(await titlesOf('/series/suggest?q=tower')).toEqual(byScore(towers).slice(0, 8));
    expect(await titlesOf('/forum/series-search?q=tower&limit=5', (r) => r.series_id!)).toEqual(
      byScore(towers).slice(0, 5),
    );
  });

  it('finds a typo that no name contains through the similar names, by final score', async () => {
    expect(await titlesOf('/series/search?query=towerb')).toEqual(byScore(towers));
    expect(await titlesOf('/series/suggest?q=towerb')).toEqual(byScore(towers).slice(0, 8));
  });

  it('shows at most a page of names containing the term, the best ranked', async () => {
    expect(await titlesOf('/series/search?query=towel')).toEqual(byScore(towels).slice(0, 50));
  });
});
