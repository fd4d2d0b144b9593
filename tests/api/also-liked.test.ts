import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALSO_LIKED_JOB, recomputeAlsoLiked } from '../../api/recommendations/also-liked-job';
import {
  readingListItems,
  readingLists,
  scheduledJobLeases,
  seriesAlsoLiked,
  voteCategoryEnum,
  votes,
} from '../../api/db/schema';
import { createVoters } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

const CATEGORIES = voteCategoryEnum.enumValues;

describe('Readers also liked', () => {
  let server: TestServer;
  /** Series ids by name. */
  const id: Record<string, number> = {};
  let readers: { id: number }[];

  /** The reader's five category votes on a series. */
  async function vote(userId: number, seriesId: number, scores: number[]) {
    await server.database.db
      .insert(votes)
      .values(scores.map((score, i) => ({ userId, seriesId, category: CATEGORIES[i]!, score })));
  }

  /** The reader's personal score in their reading list. */
  async function score(userId: number, seriesId: number, value: number) {
    let [list] = await server.database.db
      .select({ id: readingLists.id })
      .from(readingLists)
      .where(eq(readingLists.userId, userId));
    list ??= (
      await server.database.db
        .insert(readingLists)
        .values({ userId, name: 'Reading', slot: 1 })
        .returning({ id: readingLists.id })
    )[0];
    await server.database.db.insert(readingListItems).values({ listId: list!.id, seriesId, score: value });
  }

  const titles = async (name: string) => {
    const response = await server.request(`/series/${id[name]}/also-liked`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: number; title: string }[];
    return body.map((item) => item.title);
  };

  beforeAll(async () => {
    server = await startTestServer({ ALSO_LIKED_REFRESH: '0' });
    const names = [
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'X',
      'Lonely',
      'P',
      'G1',
      'G2',
      'G3',
      'G4',
      'G5',
      'G6',
      'G7',
    ];
    const ids = await insertSeries(
      server,
      names.map((title, i) => ({
        title,
        voters: 1,
        score: 10 - (i % 5),
        coverKey: title === 'A' ? 'covers/a.jpg' : null,
      })),
    );
    names.forEach((name, i) => (id[name] = ids[i]!));
    readers = await createVoters(server, 7, 'alsoliked');
    const [u1, u2, u3, u4, u5, u6, u7] = readers.map((reader) => reader.id) as number[];
    const high = [8, 8, 8, 8, 8]; // mean 8: high
    const mixed = [10, 9, 8, 7, 6]; // mean 8: high
    const low = [9, 9, 8, 7, 6]; // mean 7.8: not high
    // u1: A B by votes, C D by personal score, F by votes.
    await vote(u1!, id.A!, high);
    await vote(u1!, id.B!, mixed);
    await score(u1!, id.C!, 8);
    await score(u1!, id.D!, 10);
    await vote(u1!, id.F!, high);
    // u2: A C E by votes, B by personal score (and a low vote on it, which does not take it away).
    await vote(u2!, id.A!, mixed);
    await vote(u2!, id.C!, high);
    await vote(u2!, id.E!, high);
    await vote(u2!, id.B!, low);
    await score(u2!, id.B!, 9);
    // u3: A B D E.
    for (const name of ['A', 'B', 'D', 'E']) await vote(u3!, id[name]!, high);
    // u4: A C D; a personal score of 7 on E is not high.
    for (const name of ['A', 'C', 'D']) await score(u4!, id[name]!, 8);
    await score(u4!, id.E!, 7);
    // u5: B C X; a low mean vote on A.
    for (const name of ['B', 'C', 'X']) await vote(u5!, id[name]!, high);
    await vote(u5!, id.A!, low);
    // u6, u7: P and G1..G7.
    for (const user of [u6!, u7!]) {
      for (const name of ['P', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']) await score(user, id[name]!, 9);
    }
  });
  afterAll(() => server.close());

  it('lists the series most often rated highly by the same readers, ties by cosine then id', async () => {
    const run = await recomputeAlsoLiked(server.database.db);
    expect(run.ran).toBe(true);
    // A's readers: u1 u2 u3 u4. D, B and C are each shared by 3 of them; D has 3 readers in all (cosine
    // 3/sqrt(4x3)), B and C 4 each (3/sqrt(4x4)), B's id first. E is shared by 2 (u2 u3). F by 1: too few.
    expect(await titles('A')).toEqual(['D', 'B', 'C', 'E']);
    // B's readers: u1 u2 u3 u5. A: u1 u2 u3 (3); C: u1 u2 u5 (3; C has 4 readers, A 4: tie, A's id first);
    // D: u1 u3; E: u2 u3 (2 each: D has 3 readers, E 2, so E first by cosine).
    expect(await titles('B')).toEqual(['A', 'C', 'E', 'D']);
    const [first] = (await (await server.request(`/series/${id.A}/also-liked`)).json()) as object[];
    expect(Object.keys(first!).sort()).toEqual(['cover_url', 'final_score', 'id', 'rank', 'title', 'type']);
    expect(first).toMatchObject({ id: id.D, title: 'D', type: 'MANHWA' });
  });

  it('keeps six, in order, and shows rank and final score as the rankings do', async () => {
    // P and G1..G7 share the same two readers: equal counts and cosines, so by id.
    expect(await titles('P')).toEqual(['G1', 'G2', 'G3', 'G4', 'G5', 'G6']);
    expect(await titles('G3')).toEqual(['P', 'G1', 'G2', 'G4', 'G5', 'G6']);
    const ranked = (await (await server.request('/series/rankings?page_size=100')).json()) as {
      id: number;
      rank: number | null;
      final_score: number;
      cover_url: string | null;
    }[];
    const listed = (await (await server.request(`/series/${id.B}/also-liked`)).json()) as typeof ranked;
    for (const item of listed) {
      const inRankings = ranked.find((entry) => entry.id === item.id)!;
      expect(item).toMatchObject({
        rank: inRankings.rank,
        final_score: inRankings.final_score,
        cover_url: inRankings.cover_url,
      });
    }
    expect(listed[0]!.cover_url).toMatch(/covers\/a\.jpg/);
  });

  it('gives every stored list as ids for builds, in series order, paged after an id', async () => {
    const lists = async (query: string) => {
      const response = await server.request(`/series/also-liked-lists${query}`);
      expect(response.status).toBe(200);
      return (await response.json()) as {
        items: { series_id: number; liked_ids: number[] }[];
        has_more: boolean;
      };
    };
    const all = await lists('');
    expect(all.has_more).toBe(false);
    const seriesIds = all.items.map((item) => item.series_id);
    expect(seriesIds).toEqual([...seriesIds].sort((a, b) => a - b));
    const nameOf = (seriesId: number) => Object.keys(id).find((name) => id[name] === seriesId);
    const listOf = (name: string) =>
      all.items.find((item) => item.series_id === id[name])?.liked_ids.map(nameOf);
    expect(listOf('P')).toEqual(await titles('P'));
    expect(listOf('B')).toEqual(await titles('B'));
    expect(listOf('X')).toBeUndefined(); // no list: left out

    const first = await lists('?page_size=2');
    expect(first).toMatchObject({ has_more: true, items: all.items.slice(0, 2) });
    const next = await lists(`?page_size=2&after_id=${first.items[1]!.series_id}`);
    expect(next.items).toEqual(all.items.slice(2, 4));
    expect((await server.request('/series/also-liked-lists?page_size=0')).status).toBe(422);
    expect((await server.request('/series/also-liked-lists?after_id=-1')).status).toBe(422);
  });

  it('answers [] with too few readers in common, and for a series nobody rated', async () => {
    // X's only reader (u5) shares B and C with nobody else who liked X.
    expect(await titles('X')).toEqual([]);
    expect(await titles('Lonely')).toEqual([]);
    // F's only reader u1: every series shares at most that one.
    expect(await titles('F')).toEqual([]);
  });

  it('replaces the old lists on the next run, dropping a series that no longer qualifies', async () => {
    // u3 no longer rates E highly: E is shared with A by u2 alone.
    await server.database.db.delete(votes).where(sql`user_id = ${readers[2]!.id} and series_id = ${id.E}`);
    await server.database.db.delete(scheduledJobLeases);
    expect(await recomputeAlsoLiked(server.database.db)).toMatchObject({ ran: true });
    expect(await titles('A')).toEqual(['D', 'B', 'C']);
    expect(await titles('E')).toEqual([]);
    const rows = await server.database.db
      .select()
      .from(seriesAlsoLiked)
      .where(eq(seriesAlsoLiked.seriesId, id.A!))
      .orderBy(seriesAlsoLiked.position);
    expect(rows.map((row) => [row.position, row.similarity])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('runs once when two instances race for the lease', async () => {
    await server.database.db.delete(scheduledJobLeases);
    const runs = await Promise.all([
      recomputeAlsoLiked(server.database.db, { holder: 'instance-a', quietMs: 60_000 }),
      recomputeAlsoLiked(server.database.db, { holder: 'instance-b', quietMs: 60_000 }),
    ]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    expect(await recomputeAlsoLiked(server.database.db, { holder: 'instance-c' })).toEqual({ ran: false });
    const [lease] = await server.database.db
      .select({ holder: scheduledJobLeases.holder })
      .from(scheduledJobLeases)
      .where(eq(scheduledJobLeases.name, ALSO_LIKED_JOB));
    expect(['instance-a', 'instance-b']).toContain(lease!.holder);
  });

  it('works a few series at a time with the same outcome', async () => {
    await server.database.db.delete(scheduledJobLeases);
    await server.database.db.delete(seriesAlsoLiked);
    expect(await recomputeAlsoLiked(server.database.db, { batch: 3 })).toMatchObject({ ran: true });
    expect(await titles('A')).toEqual(['D', 'B', 'C']);
    expect(await titles('G3')).toEqual(['P', 'G1', 'G2', 'G4', 'G5', 'G6']);
  });

  it('answers 404 "Series not found" for an unknown series', async () => {
    const response = await server.request('/series/987654/also-liked');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Series not found', code: 'SERIES_NOT_FOUND' });
    expect((await server.request('/series/0/also-liked')).status).toBe(404);
  });
});
