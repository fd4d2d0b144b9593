import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../api/db/client';
import { users } from '../../api/db/schema';
import { currentUser } from '../../api/plugins/auth';

/**
 * The guards other features put on their routes, exercised through probe routes added to the real app before it
 * listens (the shared harness starts a finished app, which takes no new routes).
 */
describe('auth guards for other features', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'panelrank-guards-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'silent',
      CAPTCHA_PROVIDER: 'off',
    });
    database = await openDatabase(config.database);
    await migrateDatabase(database);
    app = await buildApp({ config, database, logger: false });
    app.get('/probe/user', { preHandler: app.authenticate }, async (request) => currentUser(request));
    app.get('/probe/admin', { preHandler: app.requireAdmin }, async (request) => ({
      id: currentUser(request).id,
    }));
    app.get('/probe/optional', { preHandler: app.optionalUser }, async (request) => ({
      user: request.user?.username ?? null,
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP port');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function get(path: string, token?: string) {
    const response = await fetch(url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.status, body: await response.json() };
  }

  async function newUser(username: string) {
    const [user] = await database.db
      .insert(users)
      .values({ username, email: `${username}@gmail.com`, emailVerifiedAt: new Date() })
      .returning();
    return { user: user!, token: await app.accounts.issueToken(user!) };
  }

  it('authenticate sets request.user from the database', async () => {
    const { user, token } = await newUser('guard_user');
    expect(await get('/probe/user', token)).toEqual({
      status: 200,
      body: { id: user.id, username: 'guard_user', email: 'guard_user@gmail.com', role: 'USER' },
    });
    expect(await get('/probe/user')).toEqual({
      status: 401,
      body: { detail: 'Not authenticated', code: expect.any(String) },
    });
    expect(await get('/probe/user', 'nonsense')).toEqual({
      status: 401,
      body: { detail: 'Could not validate credentials', code: expect.any(String) },
    });
  });

  it('requireAdmin reads the role from the database, not from the token', async () => {
    const { user, token } = await newUser('guard_promoted');
    expect(await get('/probe/admin', token)).toEqual({
      status: 403,
      body: { detail: 'Admin access required', code: expect.any(String) },
    });
    expect(await get('/probe/admin')).toEqual({
      status: 401,
      body: { detail: 'Not authenticated', code: expect.any(String) },
    });

    // The token still says USER; the database now says ADMIN (announced, as every role change is).
    await database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id));
    await app.accounts.userChanged(user.id);
    expect(await get('/probe/admin', token)).toEqual({ status: 200, body: { id: user.id } });

    // And the other way round: a token minted while ADMIN stops opening admin routes once demoted.
    await database.db.update(users).set({ role: 'USER' }).where(eq(users.id, user.id));
    await app.accounts.userChanged(user.id);
    expect((await get('/probe/admin', token)).status).toBe(403);
  });

  it('optionalUser ignores missing, bad and revoked tokens', async () => {
    const { user, token } = await newUser('guard_optional');
    expect(await get('/probe/optional', token)).toEqual({ status: 200, body: { user: 'guard_optional' } });
    expect(await get('/probe/optional')).toEqual({ status: 200, body: { user: null } });
    expect(await get('/probe/optional', 'bad.token.here')).toEqual({ status: 200, body: { user: null } });
    await database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    await app.accounts.userChanged(user.id);
    expect(await get('/probe/optional', token)).toEqual({ status: 200, body: { user: null } });
  });
});
