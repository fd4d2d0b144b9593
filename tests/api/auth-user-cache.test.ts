import { request } from 'node:http';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../api/db/schema';
import { startControlSocket } from '../../api/control-socket';
import { AccessTokens } from '../../api/accounts/access-tokens';
import { demoteUser } from '../../api/accounts/admin-commands';
import { Authentication, USERS_TOPIC, type TokenUser } from '../../api/accounts/authentication';
import { publishChange } from '../../api/plugins/change-feed';
import { createUserWithToken, newCredentials } from './auth-helpers';
import { createdThread } from './forum-helpers';
import {
  expectOnOtherInstance,
  startSecondInstance,
  startTestServer,
  type SecondInstance,
  type TestServer,
} from './harness';

/**
 * Authentication remembers the users of valid tokens (AUTH_USER_CACHE_MS, an hour here, so only the
 * announcements can make a change show), and every change to a user is announced: a demoted or deleted user
 * is refused from the very next request, on this instance and on the others.
 */
describe('the users authentication remembers', () => {
  let server: TestServer;
  let second: SecondInstance;
  let control: Server;
  let socketPath: string;

  beforeAll(async () => {
    server = await startTestServer({
      AUTH_USER_CACHE_MS: '3600000',
      JWT_SECRET: 'auth-user-cache-test-secret-of-32-characters',
    });
    second = await startSecondInstance(server);
    socketPath = join(server.config.dataDir, 'control.sock');
    control = await startControlSocket(socketPath, server.database.db, (userId) =>
      server.app.accounts.userChanged(userId),
    );
  });
  afterAll(async () => {
    await new Promise((resolve) => control.close(resolve));
    await second.close();
    await server.close();
  });

  const me = (base: string, token: string) =>
    fetch(`${base}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  const pin = (base: string, token: string, threadId: number) =>
    fetch(`${base}/forum/threads/${threadId}/pin`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pinned: true }),
    });

  function adminCommand(path: string, username: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const call = request({ socketPath, path, method: 'POST' }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      call.on('error', reject);
      call.end(JSON.stringify({ username }));
    });
  }

  it('reads a signed-in user from the database once, then from memory', async () => {
    const user = await createUserWithToken(server);
    expect((await me(server.url, user.token)).status).toBe(200);
    // Unannounced (SQL by hand): the remembered row still serves.
    await server.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id));
    expect((await (await me(server.url, user.token)).json()).role).toBe('USER');
    await server.app.accounts.userChanged(user.id);
    expect((await (await me(server.url, user.token)).json()).role).toBe('ADMIN');
  });

  it('refuses a demoted admin from the next request on every instance', async () => {
    const author = await createUserWithToken(server);
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    const { thread } = await createdThread(server, author.token);
    for (const base of [server.url, second.url]) {
      expect((await pin(base, admin.token, thread.id)).status).toBe(200);
      expect((await (await me(base, admin.token)).json()).role).toBe('ADMIN');
    }

    const demoted = await adminCommand('/admin/demote', admin.username);
    expect(demoted).toEqual({ status: 200, body: expect.stringContaining('is now a USER') });

    expect((await pin(server.url, admin.token, thread.id)).status).toBe(403);
    await expectOnOtherInstance(async () => (await pin(second.url, admin.token, thread.id)).status, 403);
    await expectOnOtherInstance(async () => (await (await me(second.url, admin.token)).json()).role, 'USER');

    // Promoted again the same way: admin rights come back at once too.
    expect((await adminCommand('/admin/promote', admin.username)).status).toBe(200);
    expect((await pin(server.url, admin.token, thread.id)).status).toBe(200);
    await expectOnOtherInstance(async () => (await pin(second.url, admin.token, thread.id)).status, 200);
  });

  it("hears a change announced from outside the API (the admin CLI's on PostgreSQL)", async () => {
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    for (const base of [server.url, second.url]) {
      expect((await (await me(base, admin.token)).json()).role).toBe('ADMIN');
    }
    const { user } = await demoteUser(server.database.db, admin.username);
    await publishChange(server.database.db, USERS_TOPIC, [user.id]);
    for (const base of [server.url, second.url]) {
      await expect
        .poll(async () => (await (await me(base, admin.token)).json()).role, { timeout: 1000, interval: 10 })
        .toBe('USER');
    }
  });

  it('refuses a deleted account from the next request on every instance', async () => {
    const credentials = newCredentials('leaving');
    const leaving = await createUserWithToken(server, { credentials });
    for (const base of [server.url, second.url]) expect((await me(base, leaving.token)).status).toBe(200);

    const deleted = await fetch(`${second.url}/auth/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${leaving.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: credentials.password }),
    });
    expect(deleted.status).toBe(204);

    expect((await me(second.url, leaving.token)).status).toBe(401);
    await expectOnOtherInstance(async () => (await me(server.url, leaving.token)).status, 401);
  });
});

describe('Authentication remembering the users of tokens', () => {
  const SECRET = 'a-secret-of-at-least-thirty-two-characters';

  /** Over a users "table" that counts its reads; the clock moves only when a test moves it. */
  function authenticationOver(options: { userTtlMs: number; maxUsers?: number }) {
    const clock = { now: Date.now() };
    const table = new Map<number, TokenUser>();
    const reads: number[] = [];
    let gate: Promise<void> | undefined;
    const authentication = new Authentication({
      tokens: new AccessTokens(SECRET, 3600, () => clock.now),
      readUser: async (userId) => {
        reads.push(userId);
        const row = table.get(userId);
        await gate;
        return row && { ...row };
      },
      now: () => clock.now,
      ...options,
    });
    const add = async (id: number, tokenVersion = 3) => {
      table.set(id, { id, username: `user${id}`, email: `user${id}@gmail.com`, role: 'USER', tokenVersion });
      return authentication.issueToken({ id, username: `user${id}`, role: 'USER', tokenVersion });
    };
    return { authentication, clock, table, reads, add, hold: (until: Promise<void>) => (gate = until) };
  }

  it('serves a user for the token version it was read with, until the TTL', async () => {
    const { authentication, clock, table, reads, add } = authenticationOver({ userTtlMs: 1000 });
    const token = await add(7);
    expect(authentication.rememberedUser(token)).toBeUndefined();
    const user = await authentication.userOfToken(token);
    expect(user).toMatchObject({ id: 7, username: 'user7' });
    // Settled from memory, without a promise, and without a read.
    expect(authentication.rememberedUser(token)).toBe(user);
    expect(await authentication.userOfToken(token)).toBe(user);
    expect(reads).toEqual([7]);
    // Another version's token is read again, and refused while the row says otherwise.
    const older = await authentication.issueToken({
      id: 7,
      username: 'user7',
      role: 'USER',
      tokenVersion: 2,
    });
    expect(await authentication.userOfToken(older)).toBeUndefined();
    expect(reads).toEqual([7, 7]);
    clock.now += 1000;
    expect(authentication.rememberedUser(token)).toBe(user);
    clock.now += 1;
    expect(authentication.rememberedUser(token)).toBeUndefined();
    table.set(7, { ...table.get(7)!, role: 'ADMIN' });
    expect((await authentication.userOfToken(token))?.role).toBe('ADMIN');
    expect(reads).toEqual([7, 7, 7]);
  });

  it('keeps nothing read while the user was forgotten, and nothing at all with a TTL of 0', async () => {
    const { authentication, reads, add, hold } = authenticationOver({ userTtlMs: 1000 });
    const token = await add(7);
    let release!: () => void;
    hold(new Promise((resolve) => (release = resolve)));
    const reading = authentication.userOfToken(token);
    // The token's check comes first and may take more than a tick on a busy machine: forget only once
    // the user's read has started.
    await vi.waitFor(() => expect(reads).toEqual([7]));
    authentication.forgetUsers([99]);
    release();
    expect(await reading).toMatchObject({ id: 7 });
    expect(authentication.rememberedUser(token)).toBeUndefined();

    const off = authenticationOver({ userTtlMs: 0 });
    const offToken = await off.add(7);
    await off.authentication.userOfToken(offToken);
    await off.authentication.userOfToken(offToken);
    expect(off.authentication.rememberedUser(offToken)).toBeUndefined();
    expect(off.reads).toEqual([7, 7]);
    expect(reads).toEqual([7]);
  });

  it('holds at most its bound, the least recently used out first', async () => {
    const { authentication, add } = authenticationOver({ userTtlMs: 1000, maxUsers: 2 });
    const tokens = [await add(1), await add(2), await add(3)];
    for (const token of tokens) await authentication.userOfToken(token);
    expect(tokens.map((token) => authentication.rememberedUser(token)?.id)).toEqual([undefined, 2, 3]);
  });

  it('forgets a user announced as changed, here or by another instance', async () => {
    const handlers: ((change: { ids: number[] | null }) => void)[] = [];
    const { authentication, add } = authenticationOver({ userTtlMs: 1000 });
    authentication.forgetOn({
      subscribe: (topic, handler) => topic === USERS_TOPIC && handlers.push(handler),
    });
    const [seven, eight] = [await add(7), await add(8)];
    await authentication.userOfToken(seven);
    await authentication.userOfToken(eight);
    authentication.forgetUsers([7]);
    expect(authentication.rememberedUser(seven)).toBeUndefined();
    expect(authentication.rememberedUser(eight)?.id).toBe(8);
    handlers.forEach((handler) => handler({ ids: [8] }));
    expect(authentication.rememberedUser(eight)).toBeUndefined();
  });
});

describe('AccessTokens remembering checked tokens', () => {
  it('accepts a remembered token only until it expires, and nothing but the exact string', async () => {
    let now = Date.now();
    const tokens = new AccessTokens('a-secret-of-at-least-thirty-two-characters', 60, () => now);
    const token = await tokens.issue({ id: 12, username: 'twelve', role: 'USER', tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 12, tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 12, tokenVersion: 2 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeUndefined();
    now += 61_000;
    expect(await tokens.verify(token)).toBeUndefined();
  });
});
