import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readingListItems, readingLists, users, VOTE_CATEGORY_FIELDS } from '../../api/db/schema';
import { queryRows } from '../../api/db/query-rows';
import { VOTES_VOIDED, seriesDetailSchema } from '../../contract/catalogue';
import {
  voteAnomaliesSchema,
  voteAnomalyAccountSchema,
  voteAnomalySchema,
  voteVoidPageSchema,
  voteVoidResultSchema,
  VOTE_VOIDS_PAGE_SIZE,
  type VoteAnomaly,
  type VoteVoidPage,
} from '../../contract/vote-review';
import { createUserWithToken } from './auth-helpers';
import { createdThread, FORUM_TEST_ENV } from './forum-helpers';
import { startSecondInstance, startTestServer, type SecondInstance, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

const FIELDS = VOTE_CATEGORY_FIELDS.map((c) => c.field);
const allFive = (score: number) => Object.fromEntries(FIELDS.map((field) => [field, score]));
const DAY_MS = 24 * 60 * 60 * 1000;
/** An anomaly with exactly the contract's fields. */
const strictAnomaly = voteAnomalySchema
  .extend({ accounts: z.array(voteAnomalyAccountSchema.strict()) })
  .strict();

interface Voter {
  id: number;
  username: string;
  token: string;
}

/** Accounts straight in the database, created `ageDays` ago, each with a token from the server's issuer. */
async function createAccounts(
  server: TestServer,
  count: number,
  prefix: string,
  ageDays = 0,
): Promise<Voter[]> {
  const createdAt = new Date(Date.now() - ageDays * DAY_MS);
  const rows = await server.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `${prefix}${i}`,
        email: `${prefix}${i}@gmail.com`,
        emailVerifiedAt: createdAt,
        createdAt,
      })),
    )
    .returning();
  return Promise.all(
    rows.map(async (user) => ({
      id: user.id,
      username: user.username,
      token: await server.app.accounts.issueToken(user),
    })),
  );
}

async function voteAll(server: TestServer, seriesId: number, voters: Voter[], score: number) {
  for (const voter of voters) {
    const response = await server.request(`/series-details/${seriesId}/votes`, {
      method: 'POST',
      token: voter.token,
      json: { scores: allFive(score) },
    });
    expect(response.status).toBe(200);
  }
}

/** The series the account may no longer vote on. */
async function bansOf(server: TestServer, userId: number): Promise<number> {
  const [row] = await queryRows<{ bans: number }>(
    server.database.db,
    sql`select count(*)::int as bans from vote_bans where user_id = ${userId}`,
  );
  return row!.bans;
}

/** The whole ranked list and the series' detail as a visitor reads them. */
async function snapshotOf(base: string, seriesId: number) {
  const ranking = (await (await fetch(`${base}/series/rankings?page=1&page_size=100`)).json()) as {
    id: number;
    rank: number | null;
  }[];
  const detail = seriesDetailSchema.parse(await (await fetch(`${base}/series-details/${seriesId}`)).json());
  return { ranking, detail, rank: ranking.find((entry) => entry.id === seriesId)?.rank ?? null };
}

describe('unusual voting', () => {
  let server: TestServer;
  let second: SecondInstance;
  let admin: Voter;
  let reader: Voter;

  beforeAll(async () => {
    server = await startTestServer({
      ...FORUM_TEST_ENV,
      RANKING_MIN_VOTERS: '3',
      RANKING_PRIOR_VOTES: '10',
      // Only the change feed can make the other instance show a change.
      CACHE_TTL_MS: '3600000',
      JWT_SECRET: 'vote-review-test-secret-of-at-least-32-characters',
      ADMIN_RATE_LIMIT_MAX: '1000',
    });
    second = await startSecondInstance(server);
    admin = await createUserWithToken(server, { role: 'ADMIN' });
    reader = await createUserWithToken(server);
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  const anomalies = async (token = admin.token): Promise<VoteAnomaly[]> => {
    const response = await server.request('/admin/vote-anomalies', { token });
    expect(response.status).toBe(200);
    return z.array(strictAnomaly).parse(await response.json());
  };
  const voidVotes = (body: unknown, token = admin.token) =>
    server.request('/admin/vote-voids', { method: 'POST', token, json: body });
  const logPage = async (page: number): Promise<VoteVoidPage> => {
    const response = await server.request(`/admin/vote-voids?page=${page}`, { token: admin.token });
    expect(response.status).toBe(200);
    return voteVoidPageSchema.parse(await response.json());
  };

  let target: number;
  let brigaders: Voter[];
  let before: Awaited<ReturnType<typeof snapshotOf>>;

  it('lists a series 40 new accounts voted on in the last 24 hours, with those accounts', async () => {
    const ids = await insertSeries(server, [
      { title: 'Well Loved', voters: 60, score: 9 },
      { title: 'Solid', voters: 40, score: 8 },
      { title: 'Middling', voters: 30, score: 7 },
      { title: 'Quiet Gem', voters: 12, score: 6 },
      { title: 'Brigaded', voters: 8, score: 5 },
      { title: 'Old Hands', voters: 5, score: 6 },
      { title: 'Last Week', voters: 5, score: 6 },
      { title: 'Nearly', voters: 5, score: 6 },
    ]);
    const [, , , , brigaded, oldHands, lastWeek, nearly] = ids as [number, ...number[]];
    target = brigaded!;
    brigaders = await createAccounts(server, 40, 'fresh', 1);

    // Not unusual: accounts a month old; new accounts whose votes are older than the window; too few.
    await voteAll(server, oldHands!, await createAccounts(server, 15, 'veteran', 30), 10);
    await voteAll(server, lastWeek!, await createAccounts(server, 15, 'stale', 2), 10);
    await server.database.db.execute(
      sql`update votes set created_at = now() - interval '25 hours' where series_id = ${lastWeek!}`,
    );
    await voteAll(server, nearly!, await createAccounts(server, 9, 'nearly', 0), 10);
    expect(await anomalies()).toEqual([]);

    // What the listed accounts have besides their votes.
    const [withPosts, withList] = [brigaders[0]!, brigaders[1]!];
    await createdThread(server, withPosts.token);
    const [list] = await server.database.db
      .insert(readingLists)
      .values({ userId: withList.id, name: 'Mine', slot: 1 })
      .returning();
    await server.database.db
      .insert(readingListItems)
      .values([target, oldHands!].map((seriesId) => ({ listId: list!.id, seriesId })));

    before = await snapshotOf(server.url, target);
    expect(before.rank).toBe(8);
    await voteAll(server, target, brigaders, 10);
    expect((await snapshotOf(server.url, target)).rank).toBe(1);

    const listed = await anomalies();
    expect(listed).toHaveLength(1);
    const [anomaly] = listed as [VoteAnomaly];
    expect(anomaly).toMatchObject({
      series_id: target,
      title: 'Brigaded',
      window_votes: 200,
      new_account_voters: 40,
    });
    expect(anomaly.accounts).toHaveLength(40);
    expect(anomaly.accounts.map((account) => account.user_id).sort((a, b) => a - b)).toEqual(
      brigaders.map((voter) => voter.id),
    );
    const account = (id: number) => anomaly.accounts.find((entry) => entry.user_id === id)!;
    expect(account(withPosts.id)).toMatchObject({
      username: withPosts.username,
      window_votes: 5,
      posts: 1,
      list_items: 0,
    });
    expect(account(withList.id)).toMatchObject({ window_votes: 5, posts: 0, list_items: 2 });
    expect(Date.now() - Date.parse(account(withList.id).created_at)).toBeGreaterThan(DAY_MS - 60_000);
  });

  it('voids the brigade: totals, distributions, voters, final score and rank are exactly as before it', async () => {
    const voided = await voidVotes({
      user_ids: brigaders.map((voter) => voter.id),
      series_id: target,
      reason: '  Forty accounts made yesterday, all tens.  ',
    });
    expect(voided.status).toBe(200);
    expect(voteVoidResultSchema.strict().parse(await voided.json())).toEqual({
      voided_votes: 200,
      series_ids: [target],
    });

    const after = await snapshotOf(server.url, target);
    expect(after.detail).toEqual(before.detail);
    expect(after.ranking).toEqual(before.ranking);
    expect(after.rank).toBe(8);
    expect(await anomalies()).toEqual([]);

    const [entry] = (await logPage(1)).items;
    expect(entry).toMatchObject({
      admin_username: admin.username,
      user_ids: brigaders.map((voter) => voter.id),
      series_id: target,
      series_title: 'Brigaded',
      reason: 'Forty accounts made yesterday, all tens.',
      voided_votes: 200,
    });
    expect(entry!.usernames).toHaveLength(40);
  });

  it('refuses a voided account a new vote on that series, on both vote calls', async () => {
    const [voter] = brigaders as [Voter];
    const one = await server.request(`/series-details/${target}/vote`, {
      method: 'POST',
      token: voter.token,
      json: { category: 'Story', score: 10 },
    });
    expect(one.status).toBe(403);
    expect(await one.json()).toEqual({ detail: VOTES_VOIDED, code: 'VOTES_VOIDED' });
    const ballot = await server.request(`/series-details/${target}/votes`, {
      method: 'POST',
      token: voter.token,
      json: { scores: allFive(10) },
    });
    expect(ballot.status).toBe(403);
    expect((await ballot.json()).detail).toBe('Your votes on this series were removed by a moderator.');
    expect((await snapshotOf(server.url, target)).detail).toEqual(before.detail);
  });

  it("voids an account's votes on every series, barring it from those series only", async () => {
    const [a, b, c] = await insertSeries(server, [
      { title: 'Everywhere A', voters: 3, score: 5 },
      { title: 'Everywhere B', voters: 3, score: 5 },
      { title: 'Everywhere C', voters: 3, score: 5 },
    ]);
    const [spammer] = await createAccounts(server, 1, 'spammer', 0);
    const beforeA = await snapshotOf(server.url, a!);
    const beforeB = await snapshotOf(server.url, b!);
    await voteAll(server, a!, [spammer!], 10);
    await voteAll(server, b!, [spammer!], 1);

    const voided = await voidVotes({ user_ids: [spammer!.id], series_id: null, reason: 'Spam account' });
    expect(voided.status).toBe(200);
    expect(await voided.json()).toEqual({ voided_votes: 10, series_ids: [a, b].sort((x, y) => x! - y!) });
    expect((await snapshotOf(server.url, a!)).detail).toEqual(beforeA.detail);
    expect((await snapshotOf(server.url, b!)).detail).toEqual(beforeB.detail);
    expect((await logPage(1)).items[0]).toMatchObject({
      series_id: null,
      series_title: null,
      voided_votes: 10,
    });

    for (const seriesId of [a!, b!]) {
      const refused = await server.request(`/series-details/${seriesId}/votes`, {
        method: 'POST',
        token: spammer!.token,
        json: { scores: allFive(10) },
      });
      expect(refused.status).toBe(403);
    }
    await voteAll(server, c!, [spammer!], 7);
  });

  it('refuses ids that name nothing with a 422 naming them, and voids nothing', async () => {
    const [voter] = await createAccounts(server, 1, 'keeper', 0);
    const [kept] = await insertSeries(server, [{ title: 'Kept', voters: 3, score: 6 }]);
    await voteAll(server, kept!, [voter!], 9);
    const withVote = await snapshotOf(server.url, kept!);
    const logBefore = await logPage(1);

    const unknownUser = await voidVotes({
      user_ids: [voter!.id, 999_999, 3_000_000_000],
      series_id: kept,
      reason: 'Mistyped ids',
    });
    expect(unknownUser.status).toBe(422);
    expect(await unknownUser.json()).toMatchObject({
      detail: 'Unknown user ids: 999999, 3000000000',
      code: 'UNKNOWN_IDS',
      errors: [{ field: 'user_ids', message: 'Unknown user ids: 999999, 3000000000' }],
    });
    const unknownSeries = await voidVotes({
      user_ids: [voter!.id],
      series_id: 999_999,
      reason: 'Wrong series',
    });
    expect(unknownSeries.status).toBe(422);
    expect(await unknownSeries.json()).toMatchObject({
      detail: 'Unknown series id: 999999',
      errors: [{ field: 'series_id', message: 'Unknown series id: 999999' }],
    });
    for (const body of [
      { user_ids: [voter!.id], series_id: kept, reason: '   ' },
      { user_ids: [voter!.id], series_id: kept, reason: 'x'.repeat(501) },
      { user_ids: [], series_id: kept, reason: 'Nobody' },
      { user_ids: ['1e3'], series_id: kept, reason: 'Not an id' },
      { user_ids: Array.from({ length: 1001 }, (_, i) => i + 1), reason: 'Too many' },
      { series_id: kept, reason: 'No accounts' },
    ]) {
      const refused = await voidVotes(body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }

    expect((await snapshotOf(server.url, kept!)).detail).toEqual(withVote.detail);
    expect(await logPage(1)).toEqual(logBefore);
    expect(await bansOf(server, voter!.id)).toBe(0);
    // A reason of exactly 500 characters is accepted.
    expect(
      (await voidVotes({ user_ids: [voter!.id], series_id: kept, reason: 'y'.repeat(500) })).status,
    ).toBe(200);
  });

  it('answers 401 to visitors and 403 to users on every call', async () => {
    const calls = [
      ['GET', '/admin/vote-anomalies'],
      ['GET', '/admin/vote-voids?page=1'],
      ['POST', '/admin/vote-voids'],
    ] as const;
    for (const [method, path] of calls) {
      const json = method === 'POST' ? { user_ids: [reader.id], reason: 'No' } : undefined;
      const visitor = await server.request(path, { method, json });
      expect(visitor.status).toBe(401);
      const user = await server.request(path, { method, json, token: reader.token });
      expect(user.status).toBe(403);
      expect((await user.json()).code).toBe('ADMIN_REQUIRED');
    }
    expect(await bansOf(server, reader.id)).toBe(0);
  });

  it('pages the log, newest first', async () => {
    const [idle] = await createAccounts(server, 1, 'idle', 0);
    const existing = (await logPage(1)).items.length;
    expect(existing).toBeLessThan(VOTE_VOIDS_PAGE_SIZE);
    const added = VOTE_VOIDS_PAGE_SIZE + 3 - existing;
    for (let i = 0; i < added; i += 1) {
      expect((await voidVotes({ user_ids: [idle!.id], reason: `Entry ${i}` })).status).toBe(200);
    }
    const first = await logPage(1);
    expect(first.items).toHaveLength(VOTE_VOIDS_PAGE_SIZE);
    expect(first.has_more).toBe(true);
    expect(first.items[0]!.reason).toBe(`Entry ${added - 1}`);
    const ids = first.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await logPage(2);
    expect(second).toMatchObject({ has_more: false });
    expect(second.items).toHaveLength(3);
    expect(second.items.map((item) => item.id).every((id) => id < ids.at(-1)!)).toBe(true);
    expect(await logPage(3)).toEqual({ items: [], has_more: false });
  });

  it('keeps totals, distributions and voter counts equal to the votes left when votes arrive during a void', async () => {
    const [busy, other] = await insertSeries(server, [
      { title: 'Busy', voters: 0 },
      { title: 'Busy Too', voters: 0 },
    ]);
    const voided = await createAccounts(server, 10, 'busyvoid', 0);
    await voteAll(server, busy!, voided, 10);
    await voteAll(server, other!, voided.slice(0, 5), 2);
    const arriving = await createAccounts(server, 20, 'busyvote', 0);
    const [answer, ...ballots] = await Promise.all([
      voidVotes({ user_ids: voided.map((voter) => voter.id), reason: 'During a rush' }),
      ...arriving.map((voter, index) =>
        server.request(`/series-details/${index % 2 ? busy : other}/votes`, {
          method: 'POST',
          token: voter.token,
          json: { scores: allFive((index % 10) + 1) },
        }),
      ),
    ]);
    expect(answer!.status).toBe(200);
    expect(await answer!.json()).toEqual({ voided_votes: 75, series_ids: [busy, other] });
    expect(ballots.map((ballot) => ballot.status)).toEqual(arriving.map(() => 200));

    const stored = await queryRows<{ id: number; consistent: boolean }>(
      server.database.db,
      sql`select s.id, (
          s.voter_count = (select count(*) from series_voters v where v.series_id = s.id)
          and s.voter_count = (select count(distinct user_id) from votes v where v.series_id = s.id)
          and d.story_total = (select coalesce(sum(score), 0) from votes v
            where v.series_id = s.id and v.category = 'STORY')
          and d.art_count = (select count(*) from votes v where v.series_id = s.id and v.category = 'ART')
          and d.drama_or_fight_distribution = (select array_agg((select count(*) from votes v
            where v.series_id = s.id and v.category = 'DRAMA_OR_FIGHT' and v.score = k)::int order by k)
            from generate_series(1, 10) as k)
        ) as consistent
        from series s join series_details d on d.series_id = s.id
        where s.id in (${busy!}, ${other!}) order by s.id`,
    );
    expect(stored).toEqual([
      { id: busy, consistent: true },
      { id: other, consistent: true },
    ]);
    const detail = (await snapshotOf(server.url, busy!)).detail;
    expect(detail.vote_count).toBe(10);
  });

  it("shows a void on one instance in the other's reads within a second", async () => {
    const [far] = await insertSeries(server, [{ title: 'Far Away', voters: 3, score: 4 }]);
    second.app.catalogue.invalidate();
    const beforeOnSecond = await snapshotOf(second.url, far!);
    const crowd = await createAccounts(server, 12, 'crowd', 0);
    await voteAll(server, far!, crowd, 10);
    await expect
      .poll(async () => (await snapshotOf(second.url, far!)).detail.vote_count, {
        timeout: 1000,
        interval: 20,
      })
      .toBe(15);

    expect(
      (await voidVotes({ user_ids: crowd.map((voter) => voter.id), series_id: far, reason: 'Crowd' })).status,
    ).toBe(200);
    const started = Date.now();
    await expect
      .poll(async () => (await snapshotOf(second.url, far!)).detail, { timeout: 1000, interval: 20 })
      .toEqual(beforeOnSecond.detail);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await snapshotOf(second.url, far!)).ranking).toEqual(
      (await snapshotOf(server.url, far!)).ranking,
    );
  });
});

describe('the threshold of unusual voting', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ VOTE_ANOMALY_MIN_VOTES: '3' });
  });
  afterAll(() => server.close());

  it('is VOTE_ANOMALY_MIN_VOTES new accounts', async () => {
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    const [three, two] = await insertSeries(server, [{ title: 'Three' }, { title: 'Two' }]);
    await voteAll(server, three!, await createAccounts(server, 3, 'trio', 6), 8);
    await voteAll(server, two!, await createAccounts(server, 2, 'duo', 0), 8);
    // An account created eight days ago is not new.
    await voteAll(server, two!, await createAccounts(server, 1, 'elder', 8), 8);
    const listed = voteAnomaliesSchema.parse(
      await (await server.request('/admin/vote-anomalies', { token: admin.token })).json(),
    );
    expect(listed.map((entry) => [entry.series_id, entry.new_account_voters, entry.window_votes])).toEqual([
      [three, 3, 15],
    ]);
  });
});
