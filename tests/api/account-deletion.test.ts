import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOTE_CATEGORY_FIELDS, type CategoryTotals } from '../../api/db/schema';
import { castVote } from '../../api/ranking/cast-vote';
import { computeFinalScore, computeMeanScore, type RankingPriors } from '../../api/ranking/scores';
import { queryRows } from '../../api/db/query-rows';
import { forumPosts, forumThreads, readingLists, users } from '../../api/db/schema';
import { AUTH_TEXTS } from '../../contract/accounts';
import { createUserWithToken, newCredentials } from './auth-helpers';
import { createdPost, createdThread, forumCalls, threadDetail } from './forum-helpers';
import { startSecondInstance, startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

const CATEGORIES = VOTE_CATEGORY_FIELDS.map((field) => field.category);

/**
 * Every series' stored totals, voter count and final score set against what its stored votes say: the
 * invariant account deletion (and any other deletion of a user row) must keep.
 */
async function totalsMismatches(server: TestServer): Promise<unknown[]> {
  return queryRows(
    server.database.db,
    sql`with sums as (
        select s.id,
          coalesce(sum(v.score) filter (where v.category = 'STORY'), 0) as story_total,
          count(v.id) filter (where v.category = 'STORY') as story_count,
          coalesce(sum(v.score) filter (where v.category = 'CHARACTERS'), 0) as characters_total,
          count(v.id) filter (where v.category = 'CHARACTERS') as characters_count,
          coalesce(sum(v.score) filter (where v.category = 'WORLD_BUILDING'), 0) as worldbuilding_total,
          count(v.id) filter (where v.category = 'WORLD_BUILDING') as worldbuilding_count,
          coalesce(sum(v.score) filter (where v.category = 'ART'), 0) as art_total,
          count(v.id) filter (where v.category = 'ART') as art_count,
          coalesce(sum(v.score) filter (where v.category = 'DRAMA_OR_FIGHT'), 0) as drama_or_fight_total,
          count(v.id) filter (where v.category = 'DRAMA_OR_FIGHT') as drama_or_fight_count,
          count(distinct v.user_id) as voters
        from series s left join votes v on v.series_id = s.id group by s.id
      )
      select s.id from series s join series_details d on d.series_id = s.id join sums on sums.id = s.id
      where d.story_total <> sums.story_total or d.story_count <> sums.story_count
        or d.characters_total <> sums.characters_total or d.characters_count <> sums.characters_count
        or d.worldbuilding_total <> sums.worldbuilding_total or d.worldbuilding_count <> sums.worldbuilding_count
        or d.art_total <> sums.art_total or d.art_count <> sums.art_count
        or d.drama_or_fight_total <> sums.drama_or_fight_total or d.drama_or_fight_count <> sums.drama_or_fight_count
        or s.voter_count <> sums.voters
        or s.voter_count <> (select count(*) from series_voters sv where sv.series_id = s.id)`,
  );
}

describe('DELETE /auth/me', () => {
  let server: TestServer;
  let seriesIds: number[];

  beforeAll(async () => {
    server = await startTestServer({
      MEDIA_DELETE_GRACE: '0',
      CACHE_TTL_MS: '3600000',
      // A second instance must accept the first's tokens.
      JWT_SECRET: 'account-deletion-test-secret-of-32-characters',
    });
    seriesIds = await insertSeries(server, [{ title: 'Alpha' }, { title: 'Beta' }, { title: 'Gamma' }]);
  });
  afterAll(() => server.close());

  async function voteAll(userId: number, seriesId: number, score: number, categories = CATEGORIES) {
    for (const category of categories) {
      expect((await castVote(server.database, { userId, seriesId, category, score })).outcome).toBe('cast');
    }
  }

  const summary = async (id: number) =>
    (await (await server.request(`/series/summary/${id}`)).json()) as {
      rank: number | null;
      vote_count: number;
      final_score: number;
    };

  it('takes the votes out of every total, count, score and rank in one go; lists and likes go too', async () => {
    const [alpha, beta, gamma] = seriesIds as [number, number, number];
    const credentials = newCredentials('leaving');
    const leaving = await createUserWithToken(server, { credentials });
    const staying = await createUserWithToken(server);
    await voteAll(leaving.id, alpha, 10);
    await voteAll(leaving.id, beta, 2, ['STORY', 'ART']);
    await voteAll(staying.id, alpha, 3);
    await voteAll(staying.id, beta, 6);
    await voteAll(staying.id, gamma, 5);
    await server.app.catalogue.changed(null);
    expect((await summary(alpha)).rank).toBe(1);
    expect((await summary(alpha)).vote_count).toBe(2);
    // A reading list and a forum thread with a post and a like.
    const list = await server.request('/reading-lists', {
      method: 'POST',
      token: leaving.token,
      json: { name: 'Mine' },
    });
    expect(list.status).toBe(201);
    const [thread] = await server.database.db
      .insert(forumThreads)
      .values({ authorId: leaving.id, title: 'My thread' })
      .returning();
    const [post] = await server.database.db
      .insert(forumPosts)
      .values({ threadId: thread!.id, authorId: leaving.id, contentMarkdown: 'Hello' })
      .returning();
    await server.database.db.execute(
      sql`insert into forum_likes (post_id, user_id) values (${post!.id}, ${leaving.id})`,
    );

    const response = await server.request('/auth/me', {
      method: 'DELETE',
      token: leaving.token,
      json: { password: credentials.password },
    });
    expect(response.status).toBe(204);

    expect(await totalsMismatches(server)).toEqual([]);
    // Alpha now holds only the 3s: Beta (6s) and Gamma (5s) pass it, at once. Each category weighs one vote
    // against the priors of a server that started empty (m = 10, C = 5.5): (3 + 55) / 11 and (6 + 55) / 11.
    expect(await summary(alpha)).toMatchObject({ vote_count: 1, final_score: 5.272727, rank: 3 });
    expect(await summary(beta)).toMatchObject({ vote_count: 1, final_score: 5.545455, rank: 1 });
    const detail = await (await server.request(`/series-details/${beta}`)).json();
    expect(detail).toMatchObject({ story_total: 6, story_count: 1, art_total: 6, art_count: 1 });

    const db = server.database.db;
    expect(
      await db
        .select()
        .from(users)
        .where(sql`${users.id} = ${leaving.id}`),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(readingLists)
        .where(sql`${readingLists.userId} = ${leaving.id}`),
    ).toEqual([]);
    expect(await queryRows(db, sql`select * from forum_likes where user_id = ${leaving.id}`)).toEqual([]);
    // The thread and post stay, without an author ("Anonymous").
    const [keptThread] = await db
      .select()
      .from(forumThreads)
      .where(sql`${forumThreads.id} = ${thread!.id}`);
    const [keptPost] = await db
      .select()
      .from(forumPosts)
      .where(sql`${forumPosts.id} = ${post!.id}`);
    expect(keptThread?.authorId).toBeNull();
    expect(keptPost?.authorId).toBeNull();
    // The token is dead.
    expect((await server.request('/auth/me', { token: leaving.token })).status).toBe(401);
  });

  it("takes the account's likes off the posts' like counts, and every instance shows it at once", async () => {
    const second = await startSecondInstance(server);
    try {
      const author = await createUserWithToken(server);
      const credentials = newCredentials('liker');
      const leaving = await createUserWithToken(server, { credentials });
      const staying = await createUserWithToken(server);
      const { thread } = await createdThread(server, author.token);
      const post = await createdPost(server, author.token, thread.id);
      const { thread: theirs, originalPost } = await createdThread(server, leaving.token);
      const calls = forumCalls(server);
      for (const token of [leaving.token, staying.token]) {
        expect((await calls.like(token, thread.id, post.id)).status).toBe(200);
      }
      expect((await calls.like(leaving.token, theirs.id, originalPost.id)).status).toBe(200);
      const countOn = async (base: string) => {
        const detail = await (await fetch(`${base}/forum/threads/${thread.id}`)).json();
        return detail.posts[1].heart_count as number;
      };
      // Both instances have the threads cached (the TTL is an hour).
      expect(await countOn(server.url)).toBe(2);
      expect(await countOn(second.url)).toBe(2);
      expect((await threadDetail(server, theirs.id)).posts[0]!.heart_count).toBe(1);

      const deleted = await server.request('/auth/me', {
        method: 'DELETE',
        token: leaving.token,
        json: { password: credentials.password },
      });
      expect(deleted.status).toBe(204);

      expect(await countOn(server.url)).toBe(1);
      await expect.poll(() => countOn(second.url), { timeout: 1000, interval: 20 }).toBe(1);
      const kept = await threadDetail(server, theirs.id);
      expect(kept.thread.author_username).toBeNull();
      expect(kept.posts[0]).toMatchObject({ author_username: null, heart_count: 0 });
      const stored = await queryRows<{ like_count: number }>(
        server.database.db,
        sql`select like_count from forum_posts where id = ${post.id}`,
      );
      expect(stored).toEqual([{ like_count: 1 }]);
      // The remaining like still toggles exactly.
      expect(await (await calls.like(staying.token, thread.id, post.id)).json()).toEqual({
        count: 0,
        hearted: false,
      });
    } finally {
      await second.close();
    }
  });

  it('refuses a wrong or missing password with 403 and keeps the account', async () => {
    const user = await createUserWithToken(server);
    for (const json of [{ password: 'not the password' }, {}]) {
      const response = await server.request('/auth/me', { method: 'DELETE', token: user.token, json });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        detail: AUTH_TEXTS.invalidCredentials,
        code: 'INVALID_CREDENTIALS',
      });
    }
    expect((await server.request('/auth/me', { token: user.token })).status).toBe(200);
    expect((await server.request('/auth/me', { method: 'DELETE' })).status).toBe(401);
  });

  it('deletes an account made by Google sign-in without a password', async () => {
    const { username, email } = newCredentials('google');
    const [user] = await server.database.db
      .insert(users)
      .values({ username, email, googleSubject: `g-${username}`, emailVerifiedAt: new Date() })
      .returning();
    const token = await server.app.accounts.issueToken(user!);
    const me = await (await server.request('/auth/me', { token })).json();
    expect(me.has_password).toBe(false);
    expect((await server.request('/auth/me', { method: 'DELETE', token })).status).toBe(204);
    expect((await server.request('/auth/me', { token })).status).toBe(401);
  });

  it('keeps totals equal to the stored votes whatever deletes user rows (plain SQL, many at once)', async () => {
    const voters = await Promise.all(Array.from({ length: 12 }, () => createUserWithToken(server)));
    let n = 0;
    for (const voter of voters) {
      for (const seriesId of seriesIds) {
        const categories = CATEGORIES.filter((_, index) => (index + n) % 3 !== 0);
        await voteAll(voter.id, seriesId, 1 + (n++ % 10), categories);
      }
    }
    expect(await totalsMismatches(server)).toEqual([]);
    const gone = voters.slice(0, 7).map((voter) => voter.id);
    await server.database.db.execute(sql`delete from users where id in (${sql.join(gone, sql`, `)})`);
    expect(await totalsMismatches(server)).toEqual([]);
    await server.database.db.execute(sql`delete from users where id = ${voters[7]!.id}`);
    expect(await totalsMismatches(server)).toEqual([]);
  });

  it('computes the same final and mean scores in SQL as in TypeScript, to the last bit', async () => {
    let seed = 7;
    const random = (max: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % max;
    const priorsCases: RankingPriors[] = Array.from({ length: 300 }, () => ({
      priorVotes: 1 + random(40),
      categoryMeans: {
        STORY: 1 + random(9_000_000) / 1_000_000,
        CHARACTERS: 1 + random(9_000_000) / 1_000_000,
        WORLD_BUILDING: 1 + random(9_000_000) / 3,
        ART: 5.5,
        DRAMA_OR_FIGHT: 1 + random(9) + 1 / (1 + random(97)),
      },
      computedAt: new Date(0),
    }));
    const cases: CategoryTotals[] = Array.from({ length: 300 }, () => {
      const totals = {} as Record<string, number>;
      for (const { total, count } of VOTE_CATEGORY_FIELDS) {
        const votes = random(4) === 0 ? 0 : 1 + random(50);
        totals[count] = votes;
        totals[total] = votes === 0 ? 0 : votes + random(votes * 9 + 1);
      }
      return totals as unknown as CategoryTotals;
    });
    const values = sql.join(
      cases.map((c, index) => {
        const p = priorsCases[index]!;
        const means = p.categoryMeans;
        return sql`(${index}::int, ${c.storyTotal}::int, ${c.storyCount}::int, ${c.charactersTotal}::int, ${c.charactersCount}::int, ${c.worldbuildingTotal}::int, ${c.worldbuildingCount}::int, ${c.artTotal}::int, ${c.artCount}::int, ${c.dramaOrFightTotal}::int, ${c.dramaOrFightCount}::int, ${p.priorVotes}::int, ${means.STORY}::float8, ${means.CHARACTERS}::float8, ${means.WORLD_BUILDING}::float8, ${means.ART}::float8, ${means.DRAMA_OR_FIGHT}::float8)`;
      }),
      sql`, `,
    );
    const rows = await queryRows<{ score: number; mean: number | null }>(
      server.database.db,
      sql`select panelrank_final_score(a, b, c, d, e, f, g, h, i, j, m, c1, c2, c3, c4, c5) as score,
          panelrank_mean_score(a, b, c, d, e, f, g, h, i, j) as mean
        from (values ${values}) as t(n, a, b, c, d, e, f, g, h, i, j, m, c1, c2, c3, c4, c5) order by n`,
    );
    expect(rows.map((row) => Number(row.score))).toEqual(
      cases.map((totals, index) => computeFinalScore(totals, priorsCases[index]!)),
    );
    expect(rows.map((row) => (row.mean === null ? null : Number(row.mean)))).toEqual(
      cases.map(computeMeanScore),
    );
  });
});
