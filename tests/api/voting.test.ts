import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOTE_CATEGORY_FIELDS, type CategoryTotals } from '../../api/db/schema';
import { readPriors } from '../../api/ranking/priors';
import { computeFinalScore } from '../../api/ranking/scores';
import { seriesDetailSchema } from '../../contract/catalogue';
import { queryRows } from '../../api/db/query-rows';
import { createUserWithToken, createVoters } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

const LABELS = VOTE_CATEGORY_FIELDS.map((c) => c.label);

function vote(
  server: TestServer,
  seriesId: number,
  token: string | undefined,
  body: Record<string, unknown>,
) {
  return server.request(`/series-details/${seriesId}/vote`, { method: 'POST', token, json: body });
}

function formVote(server: TestServer, seriesId: number, token: string, body: Record<string, string>) {
  return server.request(`/series-details/${seriesId}/vote`, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
}

interface SeriesState {
  id: number;
  voter_count: number;
  final_score: number;
  details: CategoryTotals | null;
}

/** Every derived number checked against the stored votes themselves. */
async function expectTotalsMatchVotes(server: TestServer, seriesIds: number[]) {
  const db = server.database.db;
  const duplicates = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from votes group by user_id, series_id, category having count(*) > 1) d`,
  );
  expect(duplicates[0]!.n).toBe(0);

  for (const seriesId of seriesIds) {
    const [state] = await queryRows<SeriesState>(
      db,
      sql`select s.id, s.voter_count, (select final_score from series_scores where series_id = s.id),
            (select row_to_json(d) from (select story_total as "storyTotal", story_count as "storyCount",
              characters_total as "charactersTotal", characters_count as "charactersCount",
              worldbuilding_total as "worldbuildingTotal", worldbuilding_count as "worldbuildingCount",
              art_total as "artTotal", art_count as "artCount",
              drama_or_fight_total as "dramaOrFightTotal", drama_or_fight_count as "dramaOrFightCount"
              from series_details where series_id = s.id) d) as details
          from series s where s.id = ${seriesId}`,
    );
    const sums = await queryRows<{ category: string; total: number; votes: number }>(
      db,
      sql`select category, sum(score)::int as total, count(*)::int as votes from votes
          where series_id = ${seriesId} group by category`,
    );
    const [voters] = await queryRows<{ distinct_users: number; voter_rows: number }>(
      db,
      sql`select (select count(distinct user_id)::int from votes where series_id = ${seriesId}) as distinct_users,
                 (select count(*)::int from series_voters where series_id = ${seriesId}) as voter_rows`,
    );
    expect(state).toBeDefined();
    const totals = state!.details!;
    for (const { category, total, count } of VOTE_CATEGORY_FIELDS) {
      const stored = sums.find((row) => row.category === category);
      expect(totals[total], `${category} total of series ${seriesId}`).toBe(stored?.total ?? 0);
      expect(totals[count], `${category} count of series ${seriesId}`).toBe(stored?.votes ?? 0);
    }
    expect(state!.voter_count).toBe(voters!.distinct_users);
    expect(voters!.voter_rows).toBe(voters!.distinct_users);
    expect(state!.final_score).toBe(computeFinalScore(totals, await readPriors(db, 10)));
  }
}

describe('POST /series-details/{id}/vote', () => {
  let server: TestServer;
  let seriesId: number;
  let bareId: number;
  let otherId: number;

  beforeAll(async () => {
    server = await startTestServer();
    const ids = await insertSeries(server, [
      { title: 'Votable' },
      { title: 'No Detail Row Yet', withoutDetails: true },
      { title: 'Rated Elsewhere', voters: 1, score: 5 },
    ]);
    [seriesId, bareId, otherId] = [ids[0]!, ids[1]!, ids[2]!];
  });
  afterAll(() => server.close());

  it('records a vote and answers the SeriesDetail with the caller’s scores, rank and totals', async () => {
    const user = await createUserWithToken(server);
    const response = await vote(server, seriesId!, user.token, { category: 'Story', score: 8 });
    expect(response.status).toBe(200);
    const detail = seriesDetailSchema.strict().parse(await response.json());
    expect(detail).toMatchObject({
      series_id: seriesId,
      story_total: 8,
      story_count: 1,
      vote_scores: { Story: 8 },
      vote_counts: { Story: 1, Characters: 0, 'World Building': 0, Art: 0, 'Drama / Fighting': 0 },
      vote_count: 1,
      // 8 in one of five categories, weighed against the priors of a server that started empty (m = 10,
      // C = 5.5): ((8 + 55) / 11 + 4 × 5.5) / 5.
      final_score: 5.545455,
      mean_score: 8,
      rank: 1, // ahead of "Rated Elsewhere" (one 5 in every category: 5.454545)
    });
    const summary = await (await server.request(`/series/summary/${seriesId}`)).json();
    expect(summary).toMatchObject({ rank: 1, vote_count: 1, final_score: 5.545455, mean_score: 8 });
  });

  it('accepts a form body and every category label, and counts the user once per series', async () => {
    const user = await createUserWithToken(server);
    let answered: unknown;
    for (const [index, label] of LABELS.entries()) {
      const response = await formVote(server, seriesId!, user.token, {
        category: label,
        score: String(index + 6),
      });
      expect(response.status, label).toBe(200);
      answered = await response.json();
    }
    const detail = await (await server.request(`/series-details/${seriesId}`, { token: user.token })).json();
    // The vote's answer (built from the rows the vote wrote) is the series as a read shows it afterwards.
    expect(answered).toEqual(detail);
    expect(detail.vote_scores).toEqual({
      Story: 6,
      Characters: 7,
      'World Building': 8,
      Art: 9,
      'Drama / Fighting': 10,
    });
    expect(detail.vote_count).toBe(2);
    expect(detail.story_total).toBe(14);
    await expectTotalsMatchVotes(server, [seriesId!]);
  });

  it('accepts the stored category names and scores 1 and 10', async () => {
    const user = await createUserWithToken(server);
    expect((await vote(server, otherId!, user.token, { category: 'WORLD_BUILDING', score: 1 })).status).toBe(
      200,
    );
    expect(
      (await vote(server, otherId!, user.token, { category: 'drama_or_fight', score: '10' })).status,
    ).toBe(200);
    const detail = await (await server.request(`/series-details/${otherId}`, { token: user.token })).json();
    expect(detail.vote_scores).toEqual({ 'World Building': 1, 'Drama / Fighting': 10 });
  });

  it('refuses a second vote on the same category with 403 and keeps the first score', async () => {
    const user = await createUserWithToken(server);
    expect((await vote(server, seriesId!, user.token, { category: 'Art', score: 3 })).status).toBe(200);
    const again = await vote(server, seriesId!, user.token, { category: 'Art', score: 9 });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({
      detail: 'You already voted on this category',
      code: expect.any(String),
    });
    const detail = await (await server.request(`/series-details/${seriesId}`, { token: user.token })).json();
    expect(detail.vote_scores).toEqual({ Art: 3 });
    await expectTotalsMatchVotes(server, [seriesId!]);
  });

  it.each([
    [{ category: 'Plot', score: 5 }],
    [{ category: 'Story', score: 0 }],
    [{ category: 'Story', score: 11 }],
    [{ category: 'Story', score: 7.5 }],
    [{ category: 'Story', score: '7.5' }],
    [{ category: 'Story', score: 'seven' }],
    [{ category: 'Story' }],
    [{ score: 5 }],
    [{ category: ['Story'], score: 5 }],
  ])('answers 400 "Invalid vote" for %j', async (body) => {
    const user = await createUserWithToken(server);
    const response = await vote(server, seriesId!, user.token, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'Invalid vote', code: expect.any(String) });
  });

  it('answers 400 for an empty body and a malformed one, never 500', async () => {
    const user = await createUserWithToken(server);
    const empty = await server.request(`/series-details/${seriesId}/vote`, {
      method: 'POST',
      token: user.token,
    });
    expect(empty.status).toBe(400);
    const broken = await server.request(`/series-details/${seriesId}/vote`, {
      method: 'POST',
      token: user.token,
      headers: { 'content-type': 'application/json' },
      body: '{"category": "Story", ',
    });
    expect(broken.status).toBe(400);
  });

  it('answers 404 "Series not found" for an unknown series', async () => {
    const user = await createUserWithToken(server);
    for (const id of [999_999, 99_999_999_999]) {
      const response = await vote(server, id, user.token, { category: 'Story', score: 5 });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Series not found', code: expect.any(String) });
    }
  });

  it('answers 401 without a token or with a bad one', async () => {
    const anonymous = await vote(server, seriesId!, undefined, { category: 'Story', score: 5 });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ detail: 'Not authenticated', code: expect.any(String) });
    const forged = await vote(server, seriesId!, 'not-a-token', { category: 'Story', score: 5 });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({
      detail: 'Could not validate credentials',
      code: expect.any(String),
    });
  });

  it('creates the detail row of a series that had none', async () => {
    const user = await createUserWithToken(server);
    const response = await vote(server, bareId!, user.token, { category: 'Characters', score: 9 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ characters_total: 9, characters_count: 1, vote_count: 1 });
    await expectTotalsMatchVotes(server, [bareId!]);
  });

  it('invalidates the cached rankings: the next read shows the new score', async () => {
    const before = (await (await server.request('/series/rankings?page_size=100')).json()) as {
      id: number;
      final_score: number;
      vote_count: number;
    }[];
    const user = await createUserWithToken(server);
    const response = await vote(server, otherId!, user.token, { category: 'Story', score: 10 });
    const detail = await response.json();
    const after = (await (await server.request('/series/rankings?page_size=100')).json()) as typeof before;
    const entry = after.find((s) => s.id === otherId)!;
    expect(entry.final_score).toBe(detail.final_score);
    expect(entry.vote_count).toBe(detail.vote_count);
    expect(entry).not.toEqual(before.find((s) => s.id === otherId));
    const anonymousDetail = await (await server.request(`/series-details/${otherId}`)).json();
    expect(anonymousDetail.story_total).toBe(detail.story_total);
    expect(anonymousDetail.vote_scores).toEqual({});
  });
});

describe('voting under concurrency', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('an admin deleting a series while votes on it are in flight: no deadlock, never a 500', async () => {
    // On PostgreSQL a vote holds the series row (its foreign-key check) before it updates the detail row;
    // a delete that locked the detail row first deadlocked with it, and one of the two failed with a 500.
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    const voters = await createVoters(server, 15, `deleting_${process.pid}_`);
    const statuses: string[] = [];
    for (let round = 0; round < 10; round++) {
      const [seriesId] = await insertSeries(server, [{ title: `Doomed ${round}` }]);
      const votes = voters.map((voter) =>
        vote(server, seriesId!, voter.token, { category: 'Story', score: 7 }).then((r) => `vote ${r.status}`),
      );
      const removal = new Promise((resolve) => setTimeout(resolve, round % 5))
        .then(() => server.request(`/series/${seriesId}`, { method: 'DELETE', token: admin.token }))
        .then((r) => `delete ${r.status}`);
      statuses.push(...(await Promise.all([...votes, removal])));
    }
    expect(statuses.filter((status) => !/^(vote (200|404)|delete 204)$/.test(status))).toEqual([]);
    expect(statuses.filter((status) => status === 'delete 204')).toHaveLength(10);
  });

  it('50 users casting 250 votes at once over a few series: no vote lost or counted twice', async () => {
    const seriesIds = await insertSeries(server, [
      { title: 'Busy One' },
      { title: 'Busy Two' },
      { title: 'Busy Three' },
      { title: 'Busy Without Details', withoutDetails: true },
    ]);
    const voters = await createVoters(server, 50, `crowd_${process.pid}_`);

    // Deterministic choices (mulberry32): each user votes 5 times on random (series, category) pairs, so
    // some users repeat a pair with another score; those repeats must be refused, whichever arrives first.
    let seed = 12345;
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const attempts = voters.flatMap((voter) =>
      Array.from({ length: 5 }, () => ({
        voter,
        seriesId: seriesIds[next(seriesIds.length)]!,
        category: LABELS[next(LABELS.length)]!,
        score: next(10) + 1,
      })),
    );
    expect(attempts).toHaveLength(250);
    const distinct = new Set(attempts.map((a) => `${a.voter.id}/${a.seriesId}/${a.category}`));
    expect(distinct.size).toBeLessThan(250); // the run includes real duplicates
    for (const id of seriesIds) expect(attempts.filter((a) => a.seriesId === id).length).toBeGreaterThan(40);

    const results = await Promise.all(
      attempts.map(async (attempt) => {
        const response = await vote(server, attempt.seriesId, attempt.voter.token, {
          category: attempt.category,
          score: attempt.score,
        });
        return {
          ...attempt,
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
        };
      }),
    );

    const statuses = results.map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set([200, 403]));
    expect(statuses.filter((s) => s === 200)).toHaveLength(distinct.size);
    for (const refused of results.filter((r) => r.status === 403)) {
      expect(refused.body).toEqual({
        detail: 'You already voted on this category',
        code: expect.any(String),
      });
    }
    // Exactly one attempt per (user, series, category) succeeded, and its score is the one stored.
    const stored = await queryRows<{ user_id: number; series_id: number; category: string; score: number }>(
      server.database.db,
      sql`select v.user_id, v.series_id, v.category::text as category, v.score from votes v`,
    );
    expect(stored).toHaveLength(distinct.size);
    const labelOf = new Map(VOTE_CATEGORY_FIELDS.map((c) => [c.category as string, c.label]));
    for (const winner of results.filter((r) => r.status === 200)) {
      const row = stored.find(
        (v) =>
          v.user_id === winner.voter.id &&
          v.series_id === winner.seriesId &&
          labelOf.get(v.category) === winner.category,
      );
      expect(row?.score).toBe(winner.score);
    }

    await expectTotalsMatchVotes(server, seriesIds);
    // The live (cached) lists agree with the scores SQL computes.
    const listed = (await (await server.request('/series/rankings?page_size=100')).json()) as {
      id: number;
      final_score: number;
      vote_count: number;
    }[];
    const rows = await queryRows<{ id: number; final_score: number; voter_count: number }>(
      server.database.db,
      sql`select s.id, sc.final_score, s.voter_count from series s join series_scores sc on sc.series_id = s.id`,
    );
    for (const row of rows) {
      expect(listed.find((s) => s.id === row.id)).toMatchObject({
        final_score: row.final_score,
        vote_count: row.voter_count,
      });
    }
  });
});
