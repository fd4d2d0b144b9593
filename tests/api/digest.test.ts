import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIGEST_API_TEXTS as TEXTS, preferencesSchema } from '../../contract/digest';
import { meResponseSchema } from '../../contract/accounts';
import { notifications, scheduledJobLeases, users } from '../../api/db/schema';
import { DIGEST_JOB, type UnreadNotification } from '../../api/digest/digest-job';
import { UnsubscribeTokens } from '../../api/digest/unsubscribe-token';
import { createUserWithToken, outboxFiles } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { expectError } from './reading-lists-helpers';

const JWT_SECRET = 'digest-test-secret-digest-test-secret-0123';

describe('daily digest', () => {
  let server: TestServer;
  /** The unread notifications the job sees, per user id. */
  const unread = new Map<number, UnreadNotification[]>();

  beforeAll(async () => {
    server = await startTestServer({ JWT_SECRET, DIGEST_CHECK_INTERVAL: '0' });
    server.app.digest.useNotifications({
      unreadFor: async (userIds, latest) =>
        new Map(
          userIds.flatMap((id) => {
            const items = unread.get(id) ?? [];
            return items.length ? [[id, { count: items.length, latest: items.slice(0, latest) }]] : [];
          }),
        ),
    });
  });
  afterAll(() => server.close());
  beforeEach(() => unread.clear());

  const me = async (token: string) =>
    meResponseSchema.parse(await (await server.request('/auth/me', { token })).json());
  const setDigest = (token: string | undefined, email_digest: unknown) =>
    server.request('/auth/me/preferences', { method: 'PUT', token, json: { email_digest } });

  async function subscriber(notifications = 3) {
    const user = await createUserWithToken(server);
    expect((await setDigest(user.token, 'daily')).status).toBe(200);
    unread.set(
      user.id,
      Array.from({ length: notifications }, (_, i) => ({
        text: `someone replied to your post ${i + 1}`,
        path: `/forum/7#post-${100 + i}`,
      })),
    );
    return user;
  }

  const digestsTo = (email: string) =>
    outboxFiles(server)
      .filter((file) => file.includes(`-${email}-digest`))
      .map((file) => readFileSync(file, 'utf8'));

  /** A header of a raw message, its folded lines joined. */
  function header(message: string, name: string): string | undefined {
    const head = message.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
  }

  function unsubscribeLink(message: string): string {
    const link = /^<(https?:\/\/[^>]+)>$/.exec(header(message, 'List-Unsubscribe') ?? '')?.[1];
    if (!link) throw new Error('no List-Unsubscribe URL');
    return link;
  }

  it('is off by default; PUT /auth/me/preferences turns it on and off, and refuses anything else', async () => {
    const user = await createUserWithToken(server);
    expect((await me(user.token)).email_digest).toBe('never');
    const on = await setDigest(user.token, 'daily');
    expect(on.status).toBe(200);
    expect(preferencesSchema.parse(await on.json())).toEqual({
      email_digest: 'daily',
      show_reading_stats: true,
    });
    expect((await me(user.token)).email_digest).toBe('daily');
    expect((await setDigest(user.token, 'weekly')).status).toBe(422);
    expect((await setDigest(user.token, undefined)).status).toBe(422);
    expect((await setDigest(undefined, 'never')).status).toBe(401);
    expect(await (await setDigest(user.token, 'never')).json()).toEqual({
      email_digest: 'never',
      show_reading_stats: true,
    });
    expect((await me(user.token)).email_digest).toBe('never');
  });

  it('sends a due digest with the unread count, the latest texts and links, and one-click unsubscribe headers', async () => {
    const user = await subscriber(7);
    const run = await server.app.digest.sendDue();
    expect(run).toMatchObject({ ran: true });
    const [message, ...others] = digestsTo(user.email);
    expect(others).toEqual([]);
    expect(message).toContain('7 unread notifications');
    expect(message).toContain('someone replied to your post 1');
    expect(message).toContain(`${server.config.SITE_URL}/forum/7#post-100`);
    expect(message).not.toContain('someone replied to your post 6');
    expect(header(message!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = unsubscribeLink(message!);
    expect(link.startsWith(`${server.config.publicApiUrl}/notifications/unsubscribe?token=`)).toBe(true);
  });

  it('sends at most one digest a day, and none without unread notifications or when off', async () => {
    const user = await subscriber();
    const quiet = await subscriber(0);
    const off = await createUserWithToken(server);
    unread.set(off.id, [{ text: 'a like', path: '/forum/1#post-1' }]);

    await server.app.digest.sendDue();
    await server.app.digest.sendDue();
    expect(digestsTo(user.email)).toHaveLength(1);
    expect(digestsTo(quiet.email)).toEqual([]);
    expect(digestsTo(off.email)).toEqual([]);

    // 25 hours later the next one is due.
    await server.database.db
      .update(users)
      .set({ digestSentAt: sql`now() - interval '25 hours'` })
      .where(eq(users.id, user.id));
    await server.app.digest.sendDue();
    expect(digestsTo(user.email)).toHaveLength(2);
  });

  it('turns the digest off from the link without signing in (GET or one-click POST); a forged or expired token is 400', async () => {
    const user = await subscriber();
    await server.app.digest.sendDue();
    const link = new URL(unsubscribeLink(digestsTo(user.email)[0]!));
    const path = `${link.pathname}${link.search}`;
    const token = link.searchParams.get('token')!;

    const [userId, expires, signature] = token.split('.');
    const forged = [
      `${Number(userId) + 1}.${expires}.${signature}`,
      `${userId}.${Number(expires) + 1}.${signature}`,
      `${userId}.${expires}.${signature!.slice(0, -2)}AA`,
      'not-a-token',
      '',
    ];
    for (const bad of forged) {
      await expectError(
        await server.request(`/notifications/unsubscribe?token=${encodeURIComponent(bad)}`, {
          method: 'POST',
        }),
        400,
        TEXTS.invalidUnsubscribeLink,
      );
    }
    const expired = new UnsubscribeTokens(JWT_SECRET, 60, () => Date.now() - 61_000).issue(user.id);
    await expectError(
      await server.request(`/notifications/unsubscribe?token=${expired}`),
      400,
      TEXTS.invalidUnsubscribeLink,
    );
    expect((await me(user.token)).email_digest).toBe('daily');

    const oneClick = await server.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status, await oneClick.clone().text()).toBe(200);
    expect(await oneClick.json()).toMatchObject({ email_digest: 'never' });
    expect((await me(user.token)).email_digest).toBe('never');

    await setDigest(user.token, 'daily');
    const click = await server.request(path, { headers: { accept: 'text/html' } });
    expect(click.status).toBe(200);
    expect(click.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await me(user.token)).email_digest).toBe('never');
  });

  it('runs once when two instances race for the lease, and takes over a lease whose holder died', async () => {
    const user = await subscriber();
    const runs = await Promise.all([
      server.app.digest.sendDue({ holder: 'instance-a', quietMs: 60_000 }),
      server.app.digest.sendDue({ holder: 'instance-b', quietMs: 60_000 }),
    ]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    expect(digestsTo(user.email)).toHaveLength(1);
    // Waking just after that run ended, another instance skips: the winner keeps the lease a minute.
    expect(await server.app.digest.sendDue({ holder: 'instance-d' })).toEqual({ ran: false });

    // Another instance is working: this one skips.
    const other = await subscriber();
    await server.database.db
      .update(scheduledJobLeases)
      .set({ holder: 'instance-c', expiresAt: sql`now() + interval '10 minutes'` })
      .where(eq(scheduledJobLeases.name, DIGEST_JOB));
    expect(await server.app.digest.sendDue()).toEqual({ ran: false });
    expect(digestsTo(other.email)).toEqual([]);
    // Its lease expired (the instance died mid-run): the next wake-up anywhere takes the job over.
    await server.database.db
      .update(scheduledJobLeases)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobLeases.name, DIGEST_JOB));
    expect(await server.app.digest.sendDue()).toEqual({ ran: true, result: { sent: 1 } });
    expect(digestsTo(other.email)).toHaveLength(1);
  });
});

describe('daily digest from the notifications table', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DIGEST_CHECK_INTERVAL: '0' });
  });
  afterAll(() => server.close());

  it("quotes the user's unread notifications, newest first, with their sentences and links; read ones don't count", async () => {
    const author = await createUserWithToken(server);
    const replier = await createUserWithToken(server);
    await server.request('/auth/me/preferences', {
      method: 'PUT',
      token: author.token,
      json: { email_digest: 'daily' },
    });
    const created = await server.request('/forum/threads', {
      method: 'POST',
      token: author.token,
      json: { title: 'Digest thread', first_post_markdown: 'Opening' },
    });
    const thread = (await created.json()) as { id: number };
    const reply = await server.request(`/forum/threads/${thread.id}/posts`, {
      method: 'POST',
      token: replier.token,
      json: { content_markdown: 'A reply' },
    });
    const post = (await reply.json()) as { id: number };
    const db = server.database.db;
    // Whatever the forum wrote itself, the digest reads only these.
    await db.delete(notifications).where(eq(notifications.userId, author.id));
    await db.insert(notifications).values([
      {
        userId: author.id,
        kind: 'THREAD_REPLY',
        actorId: replier.id,
        threadId: thread.id,
        postId: post.id,
        createdAt: sql`now() - interval '2 hours'`,
        updatedAt: sql`now() - interval '2 hours'`,
        readAt: sql`now()`,
      },
      {
        userId: author.id,
        kind: 'REPLY',
        actorId: replier.id,
        threadId: thread.id,
        postId: post.id,
        createdAt: sql`now() - interval '1 hour'`,
        updatedAt: sql`now() - interval '1 hour'`,
      },
    ]);

    expect(await server.app.digest.sendDue()).toEqual({ ran: true, result: { sent: 1 } });
    const [message] = outboxFiles(server)
      .filter((file) => file.includes(`-${author.email}-digest`))
      .map((file) => readFileSync(file, 'utf8').replace(/=\r?\n/g, ''));
    expect(message).toContain('1 unread notification');
    expect(message).toContain(`${replier.username} replied to your post in`);
    expect(message).toContain(`${server.config.SITE_URL}/forum/${thread.id}#post-${post.id}`);
  });
});
