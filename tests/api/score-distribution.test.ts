import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriesDetailSchema, VOTE_CATEGORIES, type SeriesDetail } from '../../contract/catalogue';
import { queryRows } from '../../api/db/query-rows';
import { createUserWithToken, newCredentials } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

/** Each category's distribution as the stored votes give it: 10 counts, index 0 for score 1. */
async function distributionFromVotes(server: TestServer, seriesId: number) {
  const rows = await queryRows<{ category: string; score: number; votes: number }>(
    server.database.db,
    sql`select category, score, count(*)::int as votes from votes where series_id = ${seriesId}
      group by category, score`,
  );
  return Object.fromEntries(
    VOTE_CATEGORIES.map(({ category, field }) => [
      field,
      Array.from(
        { length: 10 },
        (_, index) => rows.find((row) => row.category === category && row.score === index + 1)?.votes ?? 0,
      ),
    ]),
  );
}

describe('SeriesDetail.score_distribution', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  function vote(seriesId: number, token: string, category: string, score: number) {
    return server.request(`/series-details/${seriesId}/vote`, {
      method: 'POST',
      token,
      json: { category, score },
    });
  }

  async function detail(seriesId: number): Promise<SeriesDetail> {
    return seriesDetailSchema
      .strict()
      .parse(await (await server.request(`/series-details/${seriesId}`)).json());
  }

  function expectSumsEqualCounts(detail: SeriesDetail) {
    for (const { field } of VOTE_CATEGORIES) {
      const sum = detail.score_distribution[field].reduce((total, votes) => total + votes, 0);
      expect(sum, field).toBe(detail[`${field}_count`]);
    }
  }

  it('is ten zeros per category for a series without votes', async () => {
    const [id] = await insertSeries(server, [{ title: 'Unvoted Distribution' }]);
    const shown = await detail(id!);
    for (const { field } of VOTE_CATEGORIES)
      expect(shown.score_distribution[field]).toEqual(Array(10).fill(0));
  });

  it('counts each vote under its score, in the vote answer and in the detail', async () => {
    const [id] = await insertSeries(server, [{ title: 'Counted Distribution' }]);
    const first = await createUserWithToken(server);
    const second = await createUserWithToken(server);

    const answer = await vote(id!, first.token, 'Story', 9);
    expect(answer.status).toBe(200);
    const voted = seriesDetailSchema.parse(await answer.json());
    expect(voted.score_distribution.story).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);

    expect((await vote(id!, second.token, 'Story', 9)).status).toBe(200);
    expect((await vote(id!, second.token, 'Art', 1)).status).toBe(200);
    expect((await vote(id!, first.token, 'Drama / Fighting', 10)).status).toBe(200);
    // A duplicate vote changes nothing.
    expect((await vote(id!, first.token, 'Story', 3)).status).toBe(403);

    const shown = await detail(id!);
    expect(shown.score_distribution).toEqual({
      story: [0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
      characters: Array(10).fill(0),
      worldbuilding: Array(10).fill(0),
      art: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      drama_or_fight: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    });
    expectSumsEqualCounts(shown);
  });

  it('stays exact under many concurrent votes on one series', async () => {
    const [id] = await insertSeries(server, [{ title: 'Crowded Distribution' }]);
    const voters = await Promise.all(Array.from({ length: 24 }, () => createUserWithToken(server)));
    const categories = VOTE_CATEGORIES.map(({ label }) => label);
    const responses = await Promise.all(
      voters.flatMap((voter, index) =>
        categories.map((category, offset) => vote(id!, voter.token, category, ((index + offset) % 10) + 1)),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));

    const shown = await detail(id!);
    expect(shown.score_distribution).toEqual(await distributionFromVotes(server, id!));
    expectSumsEqualCounts(shown);
    for (const { field } of VOTE_CATEGORIES) expect(shown[`${field}_count`]).toBe(24);
  });

  it("drops a deleted account's votes from the distribution", async () => {
    const [id] = await insertSeries(server, [{ title: 'Forgetful Distribution' }]);
    const credentials = newCredentials();
    const leaving = await createUserWithToken(server, { credentials });
    const staying = await createUserWithToken(server);
    await vote(id!, leaving.token, 'Story', 4);
    await vote(id!, leaving.token, 'Art', 4);
    await vote(id!, staying.token, 'Story', 4);
    await vote(id!, staying.token, 'Story', 4).then((response) => expect(response.status).toBe(403));
    await vote(id!, staying.token, 'Characters', 7);
    expect((await detail(id!)).score_distribution.story[3]).toBe(2);

    const deleted = await server.request('/auth/me', {
      method: 'DELETE',
      token: leaving.token,
      json: { password: credentials.password },
    });
    expect(deleted.status).toBe(204);

    const shown = await detail(id!);
    expect(shown.score_distribution).toMatchObject({
      story: [0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
      characters: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
      art: Array(10).fill(0),
    });
    expect(shown.score_distribution).toEqual(await distributionFromVotes(server, id!));
    expectSumsEqualCounts(shown);
  });

  it("the migration's backfill rebuilds every distribution from the stored votes", async () => {
    const [id] = await insertSeries(server, [{ title: 'Backfilled Distribution' }]);
    const voters = await Promise.all(Array.from({ length: 3 }, () => createUserWithToken(server)));
    for (const [index, voter] of voters.entries()) {
      await vote(id!, voter.token, 'World Building', index + 5);
      await vote(id!, voter.token, 'Art', 10);
    }
    const expected = await distributionFromVotes(server, id!);
    await server.database.db.execute(
      sql`update series_details set story_distribution = '{0,0,0,0,0,0,0,0,0,0}',
        characters_distribution = '{0,0,0,0,0,0,0,0,0,0}', worldbuilding_distribution = '{0,0,0,0,0,0,0,0,0,0}',
        art_distribution = '{0,0,0,0,0,0,0,0,0,0}', drama_or_fight_distribution = '{0,0,0,0,0,0,0,0,0,0}'`,
    );
    const migration = readFileSync(
      new URL('../../api/db/migrations/0010_external_ids_score_distributions.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE series_details AS d SET'))!;
    await server.database.db.execute(sql.raw(backfill));
    server.app.catalogue.invalidate();

    const shown = await detail(id!);
    expect(shown.score_distribution).toEqual(expected);
    expect(shown.score_distribution.worldbuilding).toEqual([0, 0, 0, 0, 1, 1, 1, 0, 0, 0]);
    expect(shown.score_distribution.art).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
  });
});
