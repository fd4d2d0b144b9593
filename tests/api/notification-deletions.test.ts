import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../api/db/query-rows';
import { createUserWithToken, newCredentials } from './auth-helpers';
import { createdPost, createdThread, FORUM_TEST_ENV, forumCalls, type TestUser } from './forum-helpers';
import { startTestServer, type TestServer } from './harness';
import { notificationCalls, notificationsOf, unreadOf } from './notifications-helpers';

/*
 * The notifications table has no foreign keys (each cost the reply fan-out a trigger call per row): a
 * statement-level trigger on each of users, forum_posts and issue_reports deletes the notifications of the
 * rows deleted. These tests delete every way there is and look in the table itself for anything left.
 */

let server: TestServer;
let forum: ReturnType<typeof forumCalls>;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer({ ...FORUM_TEST_ENV, WRITE_RATE_LIMIT_MAX: '10000' });
  forum = forumCalls(server);
  admin = await createUserWithToken(server, { role: 'ADMIN' });
});
afterAll(() => server.close());

const users = (count: number) =>
  Promise.all(Array.from({ length: count }, () => createUserWithToken(server)));

const count = async (where: ReturnType<typeof sql>) => {
  const [row] = await queryRows<{ count: number }>(
    server.database.db,
    sql`select count(*)::int as count from notifications where ${where}`,
  );
  return Number(row!.count);
};

/** Notifications whose recipient, post or report is gone: none, ever. */
const orphans = () =>
  count(sql`not exists (select 1 from users u where u.id = notifications.user_id)
    or (post_id is not null and not exists (select 1 from forum_posts p where p.id = notifications.post_id))
    or (issue_id is not null and not exists (select 1 from issue_reports i where i.id = notifications.issue_id))`);

async function reportBy(user: TestUser, title: string): Promise<number> {
  const response = await server.request('/issues/report', {
    method: 'POST',
    token: user.token,
    json: { type: 'BUG', title, description: 'Something is wrong.' },
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: number };
  const changed = await server.request(`/issues/${id}/status`, {
    method: 'PATCH',
    token: admin.token,
    json: { status: 'IN_PROGRESS' },
  });
  expect(changed.status).toBe(200);
  return id;
}

describe('deleting what notifications are about', () => {
  it('a deleted reply takes the notifications of its whole subtree, and only those', async () => {
    const [alice, bob, carol] = await users(3);
    const { thread } = await createdThread(server, alice!.token);
    const bobsPost = await createdPost(server, bob!.token, thread.id);
    const carolsAnswer = await createdPost(server, carol!.token, thread.id, { parent_id: bobsPost.id });
    const kept = await createdPost(server, carol!.token, thread.id);
    expect(await count(sql`post_id in (${bobsPost.id}, ${carolsAnswer.id})`)).toBe(3);

    const deleted = await forum.adminDeletePost(admin.token, thread.id, bobsPost.id);
    expect(deleted.status).toBe(204);
    expect(await count(sql`post_id in (${bobsPost.id}, ${carolsAnswer.id})`)).toBe(0);
    expect((await notificationsOf(server, alice!.token)).map((item) => item.post_id)).toEqual([kept.id]);
    expect(await unreadOf(server, bob!.token)).toBe(1);
    expect(await orphans()).toBe(0);
  });

  it('a deleted thread takes every notification about its posts, likes included', async () => {
    const [alice, bob, carol] = await users(3);
    const { thread, originalPost } = await createdThread(server, alice!.token);
    const bobsPost = await createdPost(server, bob!.token, thread.id);
    await createdPost(server, carol!.token, thread.id, { parent_id: bobsPost.id });
    expect((await forum.like(carol!.token, thread.id, originalPost.id)).status).toBe(200);
    const other = await createdThread(server, bob!.token);
    await createdPost(server, alice!.token, other.thread.id);
    expect(await count(sql`thread_id = ${thread.id}`)).toBe(4);

    expect((await forum.remove(admin.token, thread.id)).status).toBe(204);
    expect(await count(sql`thread_id = ${thread.id}`)).toBe(0);
    expect(await count(sql`thread_id = ${other.thread.id}`)).toBe(1);
    expect(await unreadOf(server, alice!.token)).toBe(0);
    expect(await unreadOf(server, bob!.token)).toBe(1);
    expect(await orphans()).toBe(0);
  });

  it('a deleted report takes its status notifications', async () => {
    const [alice] = await users(1);
    const gone = await reportBy(alice!, 'Broken search');
    const kept = await reportBy(alice!, 'Broken cover');
    expect(await count(sql`issue_id in (${gone}, ${kept})`)).toBe(2);

    const deleted = await server.request(`/issues/${gone}`, { method: 'DELETE', token: admin.token });
    expect(deleted.status).toBe(204);
    expect((await notificationsOf(server, alice!.token)).map((item) => item.issue_id)).toEqual([kept]);
    expect(await orphans()).toBe(0);
  });

  it('a deleted account takes the notifications it was to receive, of every kind', async () => {
    const [alice] = await users(1);
    const credentials = newCredentials('leaving-everything');
    const leaving = await createUserWithToken(server, { credentials });
    const { thread, originalPost } = await createdThread(server, leaving.token);
    await createdPost(server, alice!.token, thread.id);
    expect((await forum.like(alice!.token, thread.id, originalPost.id)).status).toBe(200);
    await reportBy(leaving, 'Broken ranking');
    expect(await count(sql`user_id = ${leaving.id}`)).toBe(3);

    const response = await server.request('/auth/me', {
      method: 'DELETE',
      token: leaving.token,
      json: { password: credentials.password },
    });
    expect(response.status).toBe(204);
    expect(await count(sql`user_id = ${leaving.id}`)).toBe(0);
    expect(await orphans()).toBe(0);
  });

  it('deletions by hand in SQL take the notifications too, each row of a many-row statement', async () => {
    const [alice, bob, carol, dave] = await users(4);
    const { thread } = await createdThread(server, alice!.token);
    for (const user of [bob, carol, dave]) await createdPost(server, user!.token, thread.id);
    const other = await createdThread(server, bob!.token);
    const carolsPost = await createdPost(server, carol!.token, other.thread.id);
    await createdPost(server, dave!.token, other.thread.id);
    const reports = [await reportBy(bob!, 'First'), await reportBy(bob!, 'Second')];

    const { db } = server.database;
    await db.execute(sql`delete from users where id in (${carol!.id}, ${dave!.id})`);
    expect(await count(sql`user_id in (${carol!.id}, ${dave!.id})`)).toBe(0);
    await db.execute(sql`delete from forum_posts where id = ${carolsPost.id}`);
    expect(await count(sql`post_id = ${carolsPost.id}`)).toBe(0);
    await db.execute(sql`delete from forum_threads where id = ${thread.id}`);
    expect(await count(sql`thread_id = ${thread.id}`)).toBe(0);
    await db.execute(sql`delete from issue_reports where id in (${reports[0]!}, ${reports[1]!})`);
    expect(await count(sql`issue_id in (${reports[0]!}, ${reports[1]!})`)).toBe(0);
    // What no deletion concerned stays: Dave's reply in Bob's thread, by an account now gone.
    expect(await notificationsOf(server, bob!.token)).toMatchObject([
      { kind: 'REPLY', actor_username: null },
    ]);
    expect(await orphans()).toBe(0);
  });
});

describe('who a reply notifies', () => {
  it('tells the answered author REPLY even when they no longer follow the thread, and once', async () => {
    const [alice, bob, carol] = await users(3);
    const calls = notificationCalls(server);
    const { thread } = await createdThread(server, alice!.token);
    expect((await calls.unfollow(alice!.token, thread.id)).status).toBeLessThan(300);
    const bobsPost = await createdPost(server, bob!.token, thread.id);
    expect(await notificationsOf(server, alice!.token)).toMatchObject([
      { kind: 'REPLY', post_id: bobsPost.id },
    ]);

    // Bob follows (he replied), then stops; Carol answers him: one REPLY, no THREAD_REPLY, none to Alice.
    expect((await calls.unfollow(bob!.token, thread.id)).status).toBeLessThan(300);
    const answer = await createdPost(server, carol!.token, thread.id, { parent_id: bobsPost.id });
    expect(await notificationsOf(server, bob!.token)).toMatchObject([{ kind: 'REPLY', post_id: answer.id }]);
    expect(await count(sql`post_id = ${answer.id}`)).toBe(1);

    // Bob answers himself: nobody but the followers (Carol) hears of it.
    const own = await createdPost(server, bob!.token, thread.id, { parent_id: bobsPost.id });
    expect(await count(sql`post_id = ${own.id}`)).toBe(1);
    expect(await notificationsOf(server, carol!.token)).toMatchObject([
      { kind: 'THREAD_REPLY', post_id: own.id },
    ]);
  });

  it('tells only the followers of a post whose author deleted their account', async () => {
    const [alice, carol] = await users(2);
    const credentials = newCredentials('answered-and-gone');
    const leaving = await createUserWithToken(server, { credentials });
    const { thread } = await createdThread(server, alice!.token);
    const leavingPost = await createdPost(server, leaving.token, thread.id);
    const gone = await server.request('/auth/me', {
      method: 'DELETE',
      token: leaving.token,
      json: { password: credentials.password },
    });
    expect(gone.status).toBe(204);

    const answer = await createdPost(server, carol!.token, thread.id, { parent_id: leavingPost.id });
    const [row] = await queryRows<{ kinds: string }>(
      server.database.db,
      sql`select string_agg(kind::text, ',' order by kind) as kinds from notifications where post_id = ${answer.id}`,
    );
    expect(row!.kinds).toBe('THREAD_REPLY');
    expect(await notificationsOf(server, alice!.token)).toMatchObject([
      { kind: 'THREAD_REPLY', post_id: answer.id },
      { kind: 'REPLY', actor_username: null },
    ]);
  });
});
