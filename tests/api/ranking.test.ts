import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../api/db/query-rows';
import { VOTE_CATEGORY_FIELDS, type CategoryTotals } from '../../api/db/schema';
import { readPriors, recomputePriors } from '../../api/ranking/priors';
import { computeFinalScore, type RankingPriors } from '../../api/ranking/scores';
import { RANKING_TOPIC } from '../../api/ranking/service';
import {
  ballotResultSchema,
  rankedSeriesSchema,
  rankingMethodSchema,
  seriesDetailSchema,
  type SeriesDetail,
} from '../../contract/catalogue';
import { createVoters } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

const FIELDS = VOTE_CATEGORY_FIELDS.map((c) => c.field);

const allFive = (score: number) => Object.fromEntries(FIELDS.map((field) => [field, score]));

/** A series detail's category totals and counts, as the score formula takes them. */
function totalsOf(detail: SeriesDetail): CategoryTotals {
  return Object.fromEntries(
    VOTE_CATEGORY_FIELDS.flatMap(({ field, total, count }) => [
      [total, detail[`${field}_total`]],
      [count, detail[`${field}_count`]],
    ]),
  ) as CategoryTotals;
}

function ballot(server: TestServer, seriesId: number, token: string | undefined, scores: unknown) {
  return server.request(`/series-details/${seriesId}/votes`, { method: 'POST', token, json: { scores } });
}

describe('the weighted ranking', () => {
  let server: TestServer;

  /** Every listed score, and every series page's, is the formula over the series' totals and `priors`. */
  async function expectServedScoresFrom(priors: RankingPriors) {
    const list = (await (await server.request('/series/rankings?page_size=100')).json()) as {
      id: number;
      final_score: number;
    }[];
    expect(list.length).toBeGreaterThan(0);
    for (const entry of list) {
      const detail = seriesDetailSchema.parse(
        await (await server.request(`/series-details/${entry.id}`)).json(),
      );
      expect(detail.final_score).toBe(computeFinalScore(totalsOf(detail), priors));
      expect(entry.final_score).toBe(detail.final_score);
    }
  }

  beforeAll(async () => {
    // The product's defaults: m = 10, three voters to be ranked.
    server = await startTestServer({ RANKING_MIN_VOTERS: '3', RANKING_PRIOR_VOTES: '10' });
  });
  afterAll(() => server.close());

  it('ranks a series 9-ish from many readers above one voted 10 by three accounts', async () => {
    const [brigaded, loved, quiet] = await insertSeries(server, [
      { title: 'Three Tens' },
      { title: 'Loved By Many' },
      { title: 'Two Voters' },
      // The rest of the catalogue: 100 readers averaging 6 in every category.
      { title: 'The Rest', voters: 100, score: 6 },
    ]);
    const voters = await createVoters(server, 40, 'order');
    for (const voter of voters.slice(0, 3)) {
      expect((await ballot(server, brigaded!, voter.token, allFive(10))).status).toBe(200);
    }
    for (const [index, voter] of voters.entries()) {
      const score = index % 3 === 0 ? 10 : 9;
      expect((await ballot(server, loved!, voter.token, allFive(score))).status).toBe(200);
    }
    for (const voter of voters.slice(0, 2)) await ballot(server, quiet!, voter.token, allFive(10));
    // The priors are recomputed on their schedule: now, as at start-up. The instance that recomputed serves
    // the new scores from the moment it resolves, every series of them.
    expect(await server.app.ranking.recompute()).toEqual({ ran: true, changed: true });
    await expectServedScoresFrom(await readPriors(server.database.db, 10));
    const list = (await (await server.request('/series/rankings')).json()) as { id: number; rank: number }[];
    const order = list.map((entry) => [entry.id, entry.rank]);
    expect(order.slice(0, 2)).toEqual([
      [loved, 1],
      [brigaded, 2],
    ]);
    // Two voters are fewer than RANKING_MIN_VOTERS: Unranked, whatever they voted.
    expect(order).toContainEqual([quiet, null]);
    const [first, second] = [0, 1].map((index) => rankedSeriesSchema.strict().parse(list[index]));
    expect(second).toMatchObject({ vote_count: 3, mean_score: 10 });
    expect(second!.final_score).toBeLessThan(first!.final_score);
    expect(first!.mean_score).toBeLessThan(10);
  });

  it('serves the method the scores were computed with, and a recomputation moves ranks once', async () => {
    const method = rankingMethodSchema
      .strict()
      .parse(await (await server.request('/series/ranking-method')).json());
    expect(method).toMatchObject({ prior_votes: 10, min_voters: 3 });
    const priors = await readPriors(server.database.db, 10);
    // Every served score is the formula over the series' totals and the method's values.
    await expectServedScoresFrom(priors);
    expect(method.category_means.story).toBe(priors.categoryMeans.STORY);

    // Nothing changed since: a recomputation tells nobody and the snapshot is not rescored.
    const installed = server.app.catalogue.status().version;
    expect(await server.app.ranking.recompute()).toEqual({ ran: true, changed: false });
    expect(server.app.catalogue.status().version).toBe(installed);
  });

  it('re-ranks every instance in memory when the priors move, with SQL reading the same scores', async () => {
    const db = server.database.db;
    const version = async () =>
      (await queryRows<{ v: number }>(db, sql`select version::int as v from catalogue_version`))[0]!.v;
    const before = await version();
    const [sample] = await queryRows<{ id: number }>(
      db,
      sql`select id from series where voter_count > 2 order by id limit 1`,
    );
    const detail = seriesDetailSchema.parse(
      await (await server.request(`/series-details/${sample!.id}`)).json(),
    );
    const totals = totalsOf(detail);
    const served = async () =>
      ((await (await server.request(`/series/summary/${sample!.id}`)).json()) as { final_score: number })
        .final_score;
    const inSql = async () =>
      (
        await queryRows<{ s: number }>(
          db,
          sql`select final_score as s from series_scores where series_id = ${sample!.id}`,
        )
      )[0]!.s;
    expect(await inSql()).toBe(detail.final_score);

    // Another prior weight: every voted series scores differently, from the moment it is announced. The
    // means summed three series at a time are those of one aggregate over every detail row.
    const { priors, changed } = await recomputePriors(db, 11, { slice: 3 });
    const [aggregate] = await queryRows<{ story: number; art: number }>(
      db,
      sql`select sum(story_total)::float8 / sum(story_count) as story, sum(art_total)::float8 / sum(art_count) as art
          from series_details`,
    );
    expect(priors.categoryMeans.STORY).toBe(aggregate!.story);
    expect(priors.categoryMeans.ART).toBe(aggregate!.art);
    expect(changed).toBe(true);
    expect(priors.priorVotes).toBe(11);
    const expected = computeFinalScore(totals, priors);
    expect(expected).not.toBe(detail.final_score);
    expect(await inSql()).toBe(expected);
    await server.app.changeFeed.changed(RANKING_TOPIC, null);
    await vi.waitFor(async () => expect(await served()).toBe(expected));
    // Nothing of the catalogue was rewritten: no change counted.
    expect(await version()).toBe(before);
    // The same means again: nothing to tell.
    expect((await recomputePriors(db, 11)).changed).toBe(false);

    expect((await recomputePriors(db, 10)).changed).toBe(true);
    await server.app.changeFeed.changed(RANKING_TOPIC, null);
    await vi.waitFor(async () => expect(await served()).toBe(detail.final_score));
  });

  it('records several categories in one go, keeps those already voted, and says which', async () => {
    const [id] = await insertSeries(server, [{ title: 'One Go' }]);
    const [voter] = await createVoters(server, 1, 'onego');
    const first = await ballot(server, id!, voter!.token, { story: 8, art: 9 });
    expect(first.status).toBe(200);
    const firstBody = ballotResultSchema.strict().parse(await first.json());
    expect(firstBody.recorded).toEqual(['story', 'art']);
    expect(firstBody.already_voted).toEqual([]);
    expect(firstBody.detail).toMatchObject({ story_total: 8, art_total: 9, vote_count: 1 });
    expect(firstBody.detail.vote_scores).toEqual({ Story: 8, Art: 9 });

    const second = ballotResultSchema.parse(
      await (await ballot(server, id!, voter!.token, { ...allFive(2), story: 1 })).json(),
    );
    expect(second.recorded).toEqual(['characters', 'worldbuilding', 'drama_or_fight']);
    expect(second.already_voted).toEqual(['story', 'art']);
    expect(second.detail).toMatchObject({ story_total: 8, art_total: 9, characters_total: 2, vote_count: 1 });

    const again = ballotResultSchema.parse(
      await (await ballot(server, id!, voter!.token, allFive(5))).json(),
    );
    expect(again.recorded).toEqual([]);
    expect(again.already_voted).toEqual(FIELDS);
    expect(again.detail.vote_scores).toEqual({
      Story: 8,
      Characters: 2,
      'World Building': 2,
      Art: 9,
      'Drama / Fighting': 2,
    });
    // The per-category call sees the same votes.
    const single = await server.request(`/series-details/${id}/vote`, {
      method: 'POST',
      token: voter!.token,
      json: { category: 'Story', score: 3 },
    });
    expect(single.status).toBe(403);
  });

  it('counts each category at most once per user under 20 concurrent presses', async () => {
    const [id] = await insertSeries(server, [{ title: 'Pressed Twenty Times' }]);
    const [voter] = await createVoters(server, 1, 'presser');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        ballot(server, id!, voter!.token, index % 2 ? allFive(7) : { story: 4, art: 6 }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const bodies = await Promise.all(
      answers.map(async (answer) => ballotResultSchema.parse(await answer.json())),
    );
    const recorded = bodies.flatMap((body) => body.recorded);
    expect(recorded.sort()).toEqual([...FIELDS].sort());
    const [counts] = await queryRows<{ votes: number; voters: number; story: number }>(
      server.database.db,
      sql`select (select count(*)::int from votes where series_id = ${id}) as votes,
        (select voter_count from series where id = ${id}) as voters,
        (select story_count from series_details where series_id = ${id}) as story`,
    );
    expect(counts).toEqual({ votes: 5, voters: 1, story: 1 });
  });

  it('refuses bad ballots with a clear 4xx and records nothing', async () => {
    const [id] = await insertSeries(server, [{ title: 'Bad Ballots' }]);
    const [voter] = await createVoters(server, 1, 'badballot');
    const cases: [unknown, string][] = [
      [{}, 'Choose a score in at least one category'],
      [{ story: 0 }, 'must be a whole number from 1 to 10'],
      [{ story: 11 }, 'must be a whole number from 1 to 10'],
      [{ story: 7.5 }, 'must be a whole number from 1 to 10'],
      [{ story: '7' }, 'must be a whole number from 1 to 10'],
      [{ plot: 7 }, 'Unknown category: use story, characters, worldbuilding, art, drama_or_fight'],
      [{ story: 7, plot: 7 }, 'Unknown category: use story, characters, worldbuilding, art, drama_or_fight'],
      [null, ''],
      [[7], ''],
    ];
    for (const [scores, text] of cases) {
      const response = await ballot(server, id!, voter!.token, scores);
      expect(response.status, JSON.stringify(scores)).toBe(422);
      const body = (await response.json()) as { detail: string; code: string };
      expect(body.code).toBeTruthy();
      expect(body.detail).toContain(text);
    }
    const [row] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from votes where series_id = ${id}`,
    );
    expect(row!.n).toBe(0);
    expect((await ballot(server, id!, undefined, { story: 5 })).status).toBe(401);
    const missing = await ballot(server, 2_000_000, voter!.token, { story: 5 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ detail: 'Series not found' });
  });

  it('answers 404 for a series deleted before the ballot, and records nothing', async () => {
    const [id] = await insertSeries(server, [{ title: 'Gone Soon' }]);
    const [voter] = await createVoters(server, 1, 'late');
    await server.database.db.execute(sql`delete from series where id = ${id}`);
    await server.app.catalogue.changed([id!]);
    expect((await ballot(server, id!, voter!.token, { story: 5 })).status).toBe(404);
  });
});
