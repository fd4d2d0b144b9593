import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../contract/notifications';
import { users as usersTable } from '../../api/db/schema';
import { createUserWithToken, newCredentials } from './auth-helpers';
import {
  createdPost,
  createdThread,
  FORUM_TEST_ENV,
  forumCalls,
  threadDetail,
  type TestUser,
} from './forum-helpers';
import { startSecondInstance, startTestServer, type TestServer } from './harness';
import { report } from './issue-fixtures';
import {
  notificationCalls,
  notificationPage,
  notificationsOf,
  openStream,
  unreadOf,
} from './notifications-helpers';

const JWT_SECRET = 'notifications-test-secret-of-32-characters';

let server: TestServer;
let calls: ReturnType<typeof notificationCalls>;
let forum: ReturnType<typeof forumCalls>;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer({
    ...FORUM_TEST_ENV,
    WRITE_RATE_LIMIT_MAX: '10000',
    NOTIFICATION_HEARTBEAT_MS: '50',
    NOTIFICATION_STREAMS_PER_USER: '2',
    // A second instance must accept this one's tokens.
    JWT_SECRET,
  });
  calls = notificationCalls(server);
  forum = forumCalls(server);
  admin = await createUserWithToken(server, { role: 'ADMIN' });
});
afterAll(() => server.close());

const users = (count: number) =>
  Promise.all(Array.from({ length: count }, () => createUserWithToken(server)));
const kinds = (items: Notification[]) => items.map((item) => item.kind);

async function like(user: TestUser, threadId: number, postId: number, expectLiked = true) {
  const response = await forum.like(user.token, threadId, postId);
  expect(response.status).toBe(200);
  expect(((await response.json()) as { hearted: boolean }).hearted).toBe(expectLiked);
}

describe('replies and followed threads', () => {
  it('tells the answered author REPLY, other followers THREAD_REPLY once, and the writer nothing', async () => {
    const [alice, bob, carol] = await users(3);
    const { thread, originalPost } = await createdThread(server, alice!.token, { title: 'Best arcs' });

    // A reply to the thread answers its original post: its author hears REPLY, not also THREAD_REPLY.
    const bobsPost = await createdPost(server, bob!.token, thread.id);
    const [reply] = await notificationsOf(server, alice!.token);
    expect(await notificationsOf(server, alice!.token)).toHaveLength(1);
    expect(reply).toMatchObject({
      kind: 'REPLY',
      actor_username: bob!.username,
      actor_count: 1,
      thread_id: thread.id,
      thread_title: 'Best arcs',
      post_id: bobsPost.id,
      issue_id: null,
      read_at: null,
      text: `${bob!.username} replied to your post in “Best arcs”`,
    });
    expect(await notificationsOf(server, bob!.token)).toEqual([]);
    expect(originalPost.author_username).toBe(alice!.username);

    // Bob now follows the thread (he replied in it); Carol answers Bob's post.
    const carolsPost = await createdPost(server, carol!.token, thread.id, { parent_id: bobsPost.id });
    expect(kinds(await notificationsOf(server, bob!.token))).toEqual(['REPLY']);
    const [latest] = await notificationsOf(server, alice!.token);
    expect(latest).toMatchObject({
      kind: 'THREAD_REPLY',
      post_id: carolsPost.id,
      text: `${carol!.username} posted in “Best arcs”`,
    });
    expect(await notificationsOf(server, carol!.token)).toEqual([]);

    // The thread's author writes: both followers hear it once, she hears nothing of her own post.
    await createdPost(server, alice!.token, thread.id);
    expect(kinds(await notificationsOf(server, bob!.token))).toEqual(['THREAD_REPLY', 'REPLY']);
    expect(kinds(await notificationsOf(server, carol!.token))).toEqual(['THREAD_REPLY']);
    expect(kinds(await notificationsOf(server, alice!.token))).toEqual(['THREAD_REPLY', 'REPLY']);
  });

  it('follows and unfollows a thread; viewer_following is the caller’s', async () => {
    const [alice, bob] = await users(2);
    const { thread } = await createdThread(server, alice!.token);
    expect((await threadDetail(server, thread.id, alice!.token)).thread.viewer_following).toBe(true);
    expect((await threadDetail(server, thread.id, bob!.token)).thread.viewer_following).toBe(false);
    expect((await threadDetail(server, thread.id)).thread.viewer_following).toBe(false);

    const followed = await calls.follow(bob!.token, thread.id);
    expect(followed.status).toBe(200);
    expect(await followed.json()).toEqual({ following: true });
    expect((await threadDetail(server, thread.id, bob!.token)).thread.viewer_following).toBe(true);
    await createdPost(server, alice!.token, thread.id);
    expect(kinds(await notificationsOf(server, bob!.token))).toEqual(['THREAD_REPLY']);

    const unfollowed = await calls.unfollow(alice!.token, thread.id);
    expect(await unfollowed.json()).toEqual({ following: false });
    expect((await threadDetail(server, thread.id, alice!.token)).thread.viewer_following).toBe(false);
    // Unfollowed, Alice still hears a reply to her own post, but no longer of other posts.
    const bobsPost = await createdPost(server, bob!.token, thread.id);
    expect(kinds(await notificationsOf(server, alice!.token))).toEqual(['REPLY']);
    await createdPost(server, admin.token, thread.id, { parent_id: bobsPost.id });
    expect(kinds(await notificationsOf(server, alice!.token))).toEqual(['REPLY']);
  });

  it('shows viewer_following in thread lists as on the thread, to the caller only', async () => {
    const [alice, bob] = await users(2);
    const { thread } = await createdThread(server, alice!.token, { title: 'Followed in lists' });
    const { thread: other } = await createdThread(server, bob!.token, { title: 'Followed in lists too' });
    const following = async (token?: string) => {
      const response = await forum.list('?q=followed%20in%20lists', token);
      expect(response.status).toBe(200);
      const threads = (await response.json()) as { id: number; viewer_following: boolean }[];
      return Object.fromEntries(threads.map((item) => [item.id, item.viewer_following]));
    };
    // The visitors' answer is cached first, so the callers' answers must not be read from it as is.
    expect(await following()).toEqual({ [thread.id]: false, [other.id]: false });
    expect(await following(alice!.token)).toEqual({ [thread.id]: true, [other.id]: false });
    expect(await following(bob!.token)).toEqual({ [thread.id]: false, [other.id]: true });
    await calls.follow(bob!.token, thread.id);
    expect(await following(bob!.token)).toEqual({ [thread.id]: true, [other.id]: true });
    const signedIn = await forum.list('?q=followed%20in%20lists', bob!.token);
    expect(signedIn.headers.get('cache-control')).toMatch(/private/);
    expect(signedIn.headers.get('vary')).toMatch(/authorization/i);
  });

  it('answers 404 "Thread not found" for a missing thread and 401 without a token', async () => {
    const [alice] = await users(1);
    for (const response of [
      await calls.follow(alice!.token, 999_999),
      await calls.unfollow(alice!.token, 999_999),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ detail: 'Thread not found' });
    }
    expect((await calls.follow(undefined, 1)).status).toBe(401);
  });
});

describe('likes', () => {
  it('groups the likes of one post while unread, naming the latest liker', async () => {
    const [alice, bob, carol, dave] = await users(4);
    const { thread, originalPost } = await createdThread(server, alice!.token);
    await like(alice!, thread.id, originalPost.id);
    expect(await notificationsOf(server, alice!.token)).toEqual([]);

    await like(bob!, thread.id, originalPost.id);
    expect(await notificationsOf(server, alice!.token)).toMatchObject([
      {
        kind: 'LIKE',
        actor_username: bob!.username,
        actor_count: 1,
        text: `${bob!.username} liked your post`,
      },
    ]);
    await like(carol!, thread.id, originalPost.id);
    await like(dave!, thread.id, originalPost.id);
    const [group] = await notificationsOf(server, alice!.token);
    expect(await notificationsOf(server, alice!.token)).toHaveLength(1);
    expect(group).toMatchObject({
      kind: 'LIKE',
      post_id: originalPost.id,
      thread_id: thread.id,
      actor_username: dave!.username,
      actor_count: 3,
      text: `${dave!.username} and 2 others liked your post`,
    });
    expect(await unreadOf(server, alice!.token)).toBe(1);

    // An unlike leaves the group: the name and count follow the likes.
    await like(dave!, thread.id, originalPost.id, false);
    expect(await notificationsOf(server, alice!.token)).toMatchObject([
      {
        actor_username: carol!.username,
        actor_count: 2,
        text: `${carol!.username} and 1 other liked your post`,
      },
    ]);

    // Once read, the group is closed: the next like starts a new one.
    await calls.read(alice!.token, { ids: [group!.id] });
    await like(dave!, thread.id, originalPost.id);
    const items = await notificationsOf(server, alice!.token);
    expect(items).toMatchObject([
      { kind: 'LIKE', actor_username: dave!.username, actor_count: 1, read_at: null },
      { id: group!.id, actor_username: carol!.username, actor_count: 2 },
    ]);
    expect(items[1]!.read_at).not.toBeNull();
  });

  it('drops a group whose only liker took the like back', async () => {
    const [alice, bob] = await users(2);
    const { thread, originalPost } = await createdThread(server, alice!.token);
    await like(bob!, thread.id, originalPost.id);
    expect(await unreadOf(server, alice!.token)).toBe(1);
    await like(bob!, thread.id, originalPost.id, false);
    expect(await unreadOf(server, alice!.token)).toBe(0);
    expect(await notificationsOf(server, alice!.token)).toEqual([]);
  });
});

describe('reading', () => {
  it('lists newest first, 20 at a time by default, with has_more and the unread count', async () => {
    const [alice, bob] = await users(2);
    const { thread } = await createdThread(server, alice!.token);
    const posts = [];
    for (let i = 0; i < 22; i += 1) posts.push(await createdPost(server, bob!.token, thread.id));
    const first = await notificationPage(server, alice!.token);
    expect(first).toMatchObject({ page: 1, page_size: 20, has_more: true, unread: 22 });
    expect(first.items.map((item) => item.post_id)).toEqual(
      posts
        .slice(2)
        .map((post) => post.id)
        .reverse(),
    );
    const second = await notificationPage(server, alice!.token, '?page=2');
    expect(second).toMatchObject({ page: 2, has_more: false, unread: 22 });
    expect(second.items.map((item) => item.post_id)).toEqual([posts[1]!.id, posts[0]!.id]);
  });

  it('marks the caller’s own notifications read, ignoring other users’ ids', async () => {
    const [alice, bob, carol] = await users(3);
    const { thread } = await createdThread(server, alice!.token);
    const bobsThread = await createdThread(server, bob!.token);
    await createdPost(server, carol!.token, thread.id);
    await createdPost(server, carol!.token, thread.id);
    await createdPost(server, carol!.token, thread.id);
    await createdPost(server, carol!.token, bobsThread.thread.id);
    const [newest, middle] = await notificationsOf(server, alice!.token);
    const [bobs] = await notificationsOf(server, bob!.token);

    const marked = await calls.read(alice!.token, { ids: [newest!.id, bobs!.id, 2_147_483_648] });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toEqual({ unread: 2 });
    expect(await unreadOf(server, bob!.token)).toBe(1);
    const items = await notificationsOf(server, alice!.token);
    expect(items.map((item) => item.read_at === null)).toEqual([false, true, true]);
    expect(items[1]!.id).toBe(middle!.id);

    expect(await (await calls.read(alice!.token, { all: true })).json()).toEqual({ unread: 0 });
    expect(await unreadOf(server, alice!.token)).toBe(0);
    expect(await unreadOf(server, bob!.token)).toBe(1);
  });

  it('refuses a body that is neither {ids} nor {all: true} with 422, and every call without a token', async () => {
    const [alice] = await users(1);
    for (const body of [{}, { all: false }, { ids: 'all' }, { ids: [0] }, { ids: [1], all: true }]) {
      expect((await calls.read(alice!.token, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await calls.list(undefined)).status).toBe(401);
    expect((await calls.unreadCount(undefined)).status).toBe(401);
    expect((await calls.read(undefined, { all: true })).status).toBe(401);
  });
});

describe('deletions', () => {
  it('a deleted post takes its notifications with it', async () => {
    const [alice, bob] = await users(2);
    const { thread } = await createdThread(server, alice!.token);
    const bobsPost = await createdPost(server, bob!.token, thread.id);
    const kept = await createdPost(server, bob!.token, thread.id);
    expect(await unreadOf(server, alice!.token)).toBe(2);
    const deleted = await forum.deleteMine(bob!.token, thread.id, bobsPost.id);
    expect(deleted.status).toBeLessThan(300);
    expect((await notificationsOf(server, alice!.token)).map((item) => item.post_id)).toEqual([kept.id]);
    expect(await unreadOf(server, alice!.token)).toBe(1);
  });

  it('a deleted account takes its notifications, and leaves the like groups it was in', async () => {
    const [alice, bob] = await users(2);
    const credentials = newCredentials('leaving');
    const leaving = await createUserWithToken(server, { credentials });
    const { thread, originalPost } = await createdThread(server, alice!.token);
    await createdPost(server, leaving.token, thread.id);
    await like(bob!, thread.id, originalPost.id);
    await like(leaving, thread.id, originalPost.id);
    await createdPost(server, alice!.token, thread.id);
    expect(kinds(await notificationsOf(server, leaving.token))).toEqual(['THREAD_REPLY']);
    const likeGroup = () =>
      notificationsOf(server, alice!.token).then((items) => items.find((n) => n.kind === 'LIKE'));
    expect(await likeGroup()).toMatchObject({ actor_username: leaving.username, actor_count: 2 });

    const gone = await server.request('/auth/me', {
      method: 'DELETE',
      token: leaving.token,
      json: { password: credentials.password },
    });
    expect(gone.status).toBe(204);
    const rows = await server.database.db.execute(
      sql`select count(*)::int as count from notifications where user_id = ${leaving.id}`,
    );
    expect((rows as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(0);
    expect(await likeGroup()).toMatchObject({ actor_username: bob!.username, actor_count: 1 });
    // The reply stays, by "Anonymous", and so does the notification of it.
    expect((await notificationsOf(server, alice!.token)).find((n) => n.kind === 'REPLY')).toMatchObject({
      actor_username: null,
      text: 'Anonymous replied to your post in “' + thread.title + '”',
    });
  });
});

describe('report status', () => {
  async function setStatus(issueId: number, status: string, token = admin.token) {
    const response = await server.request(`/issues/${issueId}/status`, {
      method: 'PATCH',
      token,
      json: { status },
    });
    expect(response.status).toBe(200);
  }

  it('tells a reporter who was signed in, never an anonymous one, and not the admin of their own', async () => {
    const [alice] = await users(1);
    const signedIn = await server.request('/issues/report', {
      method: 'POST',
      token: alice!.token,
      json: { type: 'BUG', title: 'Broken cover', description: 'It does not load.' },
    });
    expect(signedIn.status).toBe(201);
    const issueId = ((await signedIn.json()) as { id: number }).id;
    const anonymousId = await report(server);

    await setStatus(issueId, 'FIXED');
    await setStatus(anonymousId, 'FIXED');
    expect(await notificationsOf(server, alice!.token)).toMatchObject([
      {
        kind: 'REPORT_STATUS',
        issue_id: issueId,
        actor_username: null,
        thread_id: null,
        post_id: null,
        text: 'Your report “Broken cover” is now Resolved',
      },
    ]);
    // The tracker never shows who reported it.
    expect(JSON.stringify(await (await server.request(`/issues?q=broken`)).json())).not.toContain(
      alice!.username,
    );

    const adminsOwn = await server.request('/issues/report', {
      method: 'POST',
      token: admin.token,
      json: { type: 'BUG', title: 'Admin report', description: 'Seen by an admin.' },
    });
    await setStatus(((await adminsOwn.json()) as { id: number }).id, 'IN_PROGRESS');
    expect(kinds(await notificationsOf(server, admin.token))).not.toContain('REPORT_STATUS');
  });
});

describe('the stream', () => {
  it('answers 401 without a token', async () => {
    const response = await server.request('/notifications/stream');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
  });

  it('sends the unread count at once and again after a reply, with heartbeats between', async () => {
    const [alice, bob] = await users(2);
    const { thread } = await createdThread(server, alice!.token);
    await createdPost(server, bob!.token, thread.id);
    const stream = await openStream(server, alice!.token);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await stream.nextUnread()).toBe(1);
      expect(await stream.next((message) => 'comment' in message)).toEqual({ comment: '' });

      await createdPost(server, bob!.token, thread.id);
      expect(await stream.nextUnread()).toBe(2);
      await calls.read(alice!.token, { all: true });
      expect(await stream.nextUnread()).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('sends each follower’s stream its own count after one reply concerns them all', async () => {
    const [alice, bob, carol] = await users(3);
    const { thread } = await createdThread(server, alice!.token);
    await calls.follow(bob!.token, thread.id);
    await calls.follow(carol!.token, thread.id);
    // Carol has one unread notification already, so her count differs from Bob's.
    const { thread: carols } = await createdThread(server, carol!.token);
    await createdPost(server, alice!.token, carols.id);
    const streams = [bob, carol].map((user) => openStream(server, user!.token));
    const [bobs, carolsStream] = await Promise.all(streams);
    try {
      expect([await bobs!.nextUnread(), await carolsStream!.nextUnread()]).toEqual([0, 1]);
      await createdPost(server, alice!.token, thread.id);
      expect([await bobs!.nextUnread(), await carolsStream!.nextUnread()]).toEqual([1, 2]);
    } finally {
      bobs!.close();
      carolsStream!.close();
    }
  });

  it('ends a deleted account’s open streams at once, on every instance', async () => {
    const credentials = newCredentials('streaming');
    const leaving = await createUserWithToken(server, { credentials });
    const [staying] = await users(1);
    const other = await startSecondInstance(server);
    const streams = {
      here: await openStream(server, leaving.token),
      there: await openStream(other, leaving.token),
      staying: await openStream(other, staying!.token),
    };
    try {
      for (const stream of Object.values(streams)) expect(await stream.nextUnread()).toBe(0);
      const gone = await server.request('/auth/me', {
        method: 'DELETE',
        token: leaving.token,
        json: { password: credentials.password },
      });
      expect(gone.status).toBe(204);
      await streams.here.ended();
      await streams.there.ended();
      expect(server.app.notifications.openStreams).toBe(0);
      expect(other.app.notifications.openStreams).toBe(1);
      // Another user's stream goes on: its heartbeat still comes.
      expect(await streams.staying.next((message) => 'comment' in message)).toEqual({ comment: '' });
    } finally {
      for (const stream of Object.values(streams)) stream.close();
      await other.close();
    }
  });

  it('ends a stream when its token expires, as the token stops opening one', async () => {
    const [user] = await users(1);
    // A token as the API issues them, expiring within two seconds (ACCESS_TOKEN_TTL cannot go below 60 s).
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await new SignJWT({ username: user!.username, role: 'USER', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user!.id))
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const other = await startSecondInstance(server);
    const streams = {
      here: await openStream(server, shortLived),
      there: await openStream(other, shortLived),
      // The same user signed in with a token that lasts: its stream goes on.
      lasting: await openStream(server, user!.token),
    };
    try {
      for (const stream of Object.values(streams)) expect(await stream.nextUnread()).toBe(0);
      await streams.here.ended();
      await streams.there.ended();
      expect(Date.now()).toBeGreaterThanOrEqual(expiresAt * 1000);
      expect((await server.request('/notifications/stream', { token: shortLived })).status).toBe(401);
      expect(server.app.notifications.openStreams).toBe(1);
      expect(other.app.notifications.openStreams).toBe(0);
      expect(await streams.lasting.next((message) => 'comment' in message)).toEqual({ comment: '' });
    } finally {
      for (const stream of Object.values(streams)) stream.close();
      await other.close();
    }
  });

  it('ends the streams of revoked tokens (signed out everywhere) on every instance, and only those', async () => {
    const [leaving, staying] = await users(2);
    const other = await startSecondInstance(server);
    const streams = {
      here: await openStream(server, leaving!.token),
      there: await openStream(other, leaving!.token),
      staying: await openStream(other, staying!.token),
    };
    const revoke = async (id: number) => {
      await server.database.db
        .update(usersTable)
        .set({ tokenVersion: sql`${usersTable.tokenVersion} + 1` })
        .where(eq(usersTable.id, id));
      await server.app.accounts.userChanged(id);
    };
    let renewed: Awaited<ReturnType<typeof openStream>> | undefined;
    try {
      for (const stream of Object.values(streams)) expect(await stream.nextUnread()).toBe(0);
      await revoke(leaving!.id);
      await streams.here.ended();
      await streams.there.ended();
      expect((await server.request('/notifications/stream', { token: leaving!.token })).status).toBe(401);
      expect(server.app.notifications.openStreams).toBe(0);
      expect(other.app.notifications.openStreams).toBe(1);
      expect(await streams.staying.next((message) => 'comment' in message)).toEqual({ comment: '' });

      // Signed in again (a token of the new version): a change that revokes nothing leaves its stream open.
      const [row] = await server.database.db.select().from(usersTable).where(eq(usersTable.id, leaving!.id));
      renewed = await openStream(other, await server.app.accounts.issueToken(row!));
      expect(await renewed.nextUnread()).toBe(0);
      await server.database.db
        .update(usersTable)
        .set({ role: 'ADMIN' })
        .where(eq(usersTable.id, leaving!.id));
      await server.app.accounts.userChanged(leaving!.id);
      expect(await renewed.next((message) => 'comment' in message)).toEqual({ comment: '' });
      expect(other.app.notifications.openStreams).toBe(2);
      // Revoked again: the renewed stream, on the other instance, ends as well.
      await revoke(leaving!.id);
      await renewed.ended();
      expect(other.app.notifications.openStreams).toBe(1);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
      renewed?.close();
      await other.close();
    }
  });

  it('refuses a user more open streams than allowed, with 429, a code and Retry-After', async () => {
    const [alice] = await users(1);
    const open = [await openStream(server, alice!.token), await openStream(server, alice!.token)];
    try {
      for (const stream of open) expect(await stream.nextUnread()).toBe(0);
      const refused = await server.request('/notifications/stream', { token: alice!.token });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_STREAMS' });
    } finally {
      for (const stream of open) stream.close();
    }
  });
});
