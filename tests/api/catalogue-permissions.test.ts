import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { series, users } from '../../api/db/schema';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { multipartForm, solidImage } from './image-fixtures';
import { insertSeries } from './series-fixtures';

type Actor = 'visitor' | 'user' | 'admin';

interface Call {
  name: string;
  /** Sends the call as the given actor, against a series of its own where the call changes one. */
  send(actor: Actor, token: string | undefined): Promise<Response>;
  /** Expected status per actor. */
  expected: Record<Actor, number>;
}

/**
 * Every admin and voting call as a visitor, a user and an admin: the server enforces the roles itself (401
 * without a token, 403 for a non-admin), whatever a client shows or hides.
 */
describe('permission matrix of catalogue administration and voting', () => {
  let server: TestServer;
  const tokens: Partial<Record<Actor, string>> = {};
  /** A series per actor, so a call that succeeds for one actor does not change what the next one sees. */
  const seriesOf: Partial<Record<Actor, number>> = {};
  let cover: Buffer;

  beforeAll(async () => {
    server = await startTestServer();
    tokens.user = (await createUserWithToken(server)).token;
    tokens.admin = (await createUserWithToken(server, { role: 'ADMIN' })).token;
    const [visitorSeries, userSeries, adminSeries] = await insertSeries(server, [
      { title: 'For the visitor' },
      { title: 'For the user' },
      { title: 'For the admin' },
    ]);
    Object.assign(seriesOf, { visitor: visitorSeries, user: userSeries, admin: adminSeries });
    cover = await solidImage(200, 300);
  });
  afterAll(() => server.close());

  const calls: Call[] = [
    {
      name: 'POST /series/',
      send: (_actor, token) =>
        server.request('/series/', {
          method: 'POST',
          token,
          body: multipartForm({
            title: 'Permission Probe',
            genre: 'Drama',
            type: 'MANGA',
            cover: { bytes: cover, filename: 'c.png' },
          }),
        }),
      expected: { visitor: 401, user: 403, admin: 201 },
    },
    {
      name: 'PUT /series/{id} (JSON)',
      send: (actor, token) =>
        server.request(`/series/${seriesOf[actor]}`, {
          method: 'PUT',
          token,
          json: { title: `Renamed by ${actor}` },
        }),
      expected: { visitor: 401, user: 403, admin: 200 },
    },
    {
      name: 'PUT /series/{id} (multipart)',
      send: (actor, token) =>
        server.request(`/series/${seriesOf[actor]}`, {
          method: 'PUT',
          token,
          body: multipartForm({ genre: 'Mystery', cover: { bytes: cover, filename: 'c.png' } }),
        }),
      expected: { visitor: 401, user: 403, admin: 200 },
    },
    {
      name: 'POST /series-details/',
      send: (actor, token) =>
        server.request('/series-details/', {
          method: 'POST',
          token,
          body: multipartForm({ series_id: String(seriesOf[actor]), synopsis: `Written by ${actor}` }),
        }),
      expected: { visitor: 401, user: 403, admin: 200 },
    },
    {
      name: 'POST /series-details/{id}/vote',
      send: (actor, token) =>
        server.request(`/series-details/${seriesOf[actor]}/vote`, {
          method: 'POST',
          token,
          json: { category: 'Story', score: 7 },
        }),
      expected: { visitor: 401, user: 200, admin: 200 },
    },
    {
      name: 'DELETE /series/{id}',
      send: (actor, token) => server.request(`/series/${seriesOf[actor]}`, { method: 'DELETE', token }),
      expected: { visitor: 401, user: 403, admin: 204 },
    },
  ];

  const cases = calls.flatMap((call) =>
    (['visitor', 'user', 'admin'] as const).map(
      (actor) => [call.name, actor, call.expected[actor], call] as const,
    ),
  );

  it.each(cases)('%s as %s answers %i', async (_name, actor, status, call) => {
    const response = await call.send(actor, tokens[actor]);
    expect(response.status).toBe(status);
    if (status === 401)
      expect(await response.json()).toEqual({ detail: 'Not authenticated', code: expect.any(String) });
    if (status === 403)
      expect(await response.json()).toEqual({ detail: 'Admin access required', code: expect.any(String) });
  });

  it('left the visitor’s and the user’s series untouched by the refused calls', async () => {
    const db = server.database.db;
    for (const actor of ['visitor', 'user'] as const) {
      const [row] = await db.select().from(series).where(eq(series.id, seriesOf[actor]!));
      expect(row).toMatchObject({ title: `For the ${actor}`, genre: 'Action', coverKey: null });
      const detail = await (await server.request(`/series-details/${seriesOf[actor]}`)).json();
      expect(detail.synopsis).toBe('');
    }
    const [created] = await db
      .select({ n: count() })
      .from(series)
      .where(eq(series.title, 'Permission Probe'));
    expect(created!.n).toBe(1); // the admin's
    expect(await db.select().from(series).where(eq(series.id, seriesOf.admin!))).toEqual([]);
  });

  it('reads the role from the database, not from the token', async () => {
    const demoted = await createUserWithToken(server, { role: 'ADMIN' });
    await server.database.db.update(users).set({ role: 'USER' }).where(eq(users.id, demoted.id));
    await server.app.accounts.userChanged(demoted.id);
    const response = await server.request(`/series/${seriesOf.user}`, {
      method: 'PUT',
      token: demoted.token,
      json: { title: 'Not allowed any more' },
    });
    expect(response.status).toBe(403);

    const promoted = await createUserWithToken(server);
    await server.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, promoted.id));
    await server.app.accounts.userChanged(promoted.id);
    const allowed = await server.request(`/series/${seriesOf.user}`, {
      method: 'PUT',
      token: promoted.token,
      json: { artist: 'Now allowed' },
    });
    expect(allowed.status).toBe(200);
  });

  it('answers 401 "Could not validate credentials" for a bad token on every admin call', async () => {
    for (const call of calls) {
      const response = await call.send('user', 'forged.token.value');
      expect(response.status, call.name).toBe(401);
      expect(await response.json()).toEqual({
        detail: 'Could not validate credentials',
        code: expect.any(String),
      });
    }
  });
});
