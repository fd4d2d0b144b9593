import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_API_TEXTS, FORUM_ERROR_CODES } from '../../contract/forum';
import {
  PROFILE_ERROR_CODES,
  PROFILE_TEXTS,
  userProfileSchema,
  type UserProfile,
} from '../../contract/profiles';
import {
  forumPosts,
  forumThreads,
  readingListItems,
  readingLists,
  reviews,
  VOTE_CATEGORIES,
  votes,
} from '../../api/db/schema';
import { AUTH_TEST_ENV, createUserWithToken, newCredentials } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { bilevelPng, multipartForm, noiseImage, NOT_AN_IMAGE, solidImage } from './image-fixtures';
import { expectError } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

type TestUser = Awaited<ReturnType<typeof createUserWithToken>>;

describe('public profiles', () => {
  let server: TestServer;
  let reader: TestUser;
  let other: TestUser;

  const profileOf = (username: string) => server.request(`/users/${username}`);
  const profile = async (username: string): Promise<UserProfile> => {
    const response = await profileOf(username);
    expect(response.status, await response.clone().text()).toBe(200);
    const body: unknown = await response.json();
    return userProfileSchema.parse(body);
  };
  const setPreferences = (token: string, json: unknown) =>
    server.request('/auth/me/preferences', { method: 'PUT', token, json });
  const uploadAvatar = (token: string, bytes: Buffer, filename = 'me.png') =>
    server.request('/auth/me/avatar', {
      method: 'PUT',
      token,
      body: multipartForm({ file: { bytes, filename } }),
    });
  const storedPath = (url: string) =>
    join(server.config.dataDir, 'media', new URL(url).pathname.replace(/^\/media\//, ''));

  beforeAll(async () => {
    // The profile cache is on (CACHE_TTL_MS's default): the fixture is written before any profile is read,
    // and the owner's writes below must forget a cached profile at once.
    server = await startTestServer({ ...AUTH_TEST_ENV, MEDIA_DELETE_GRACE: '0' });
    const credentials = newCredentials('reader');
    reader = await createUserWithToken(server, { credentials });
    other = await createUserWithToken(server);
    const { db } = server.database;
    const [a, b, c, d] = await insertSeries(server, [
      { title: 'Profile A', genre: 'Action, Fantasy' },
      { title: 'Profile B', genre: 'Action,Romance' },
      { title: 'Profile C', genre: 'Drama' },
      { title: 'Profile D', genre: ' Fantasy ' },
    ]);
    const [favourites, secret] = await db
      .insert(readingLists)
      .values([
        { userId: reader.id, name: 'Favourites', slot: 1, shareToken: 'share-favourites-token' },
        { userId: reader.id, name: 'Secret stash', slot: 2 },
      ])
      .returning();
    await db.insert(readingListItems).values([
      { listId: favourites!.id, seriesId: a!, readingStatus: 'READING', chaptersRead: 10, score: 8 },
      { listId: favourites!.id, seriesId: b!, readingStatus: 'COMPLETED', chaptersRead: 50, score: 10 },
      // A again, read further here: the furthest-read entry is the one that counts.
      { listId: secret!.id, seriesId: a!, readingStatus: 'READING', chaptersRead: 20, score: 7 },
      { listId: secret!.id, seriesId: c!, readingStatus: 'DROPPED', chaptersRead: 3, score: null },
      { listId: favourites!.id, seriesId: d!, readingStatus: 'PLAN_TO_READ', chaptersRead: 0, score: 8 },
    ]);
    // Two series voted on: A in two categories, B in one.
    const [first, second] = VOTE_CATEGORIES;
    await db.insert(votes).values([
      { userId: reader.id, seriesId: a!, category: first!, score: 8 },
      { userId: reader.id, seriesId: a!, category: second!, score: 6 },
      { userId: reader.id, seriesId: b!, category: first!, score: 9 },
      { userId: other.id, seriesId: b!, category: first!, score: 2 },
    ]);
    await db.insert(reviews).values([
      { userId: reader.id, seriesId: a!, bodyMarkdown: 'Great.' },
      { userId: other.id, seriesId: a!, bodyMarkdown: 'Meh.' },
    ]);
    const [thread] = await db
      .insert(forumThreads)
      .values({ authorId: reader.id, title: 'Profiles thread' })
      .returning();
    await db.insert(forumPosts).values([
      { threadId: thread!.id, authorId: reader.id, isOriginal: true, contentMarkdown: 'First' },
      { threadId: thread!.id, authorId: reader.id, contentMarkdown: 'Second' },
      { threadId: thread!.id, authorId: other.id, contentMarkdown: 'Theirs' },
    ]);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers the counts, the shared lists and the reading stats of a known fixture', async () => {
    const body = await profile(reader.username);
    expect(body).toEqual({
      username: reader.username,
      joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      avatar_url: null,
      counts: { votes: 2, reviews: 1, posts: 2 },
      public_lists: [{ name: 'Favourites', share_token: 'share-favourites-token', item_count: 3 }],
      stats: {
        status_counts: { READING: 1, COMPLETED: 1, ON_HOLD: 0, DROPPED: 1, PLAN_TO_READ: 1 },
        chapters_read: 73,
        score_distribution: [0, 0, 0, 0, 0, 0, 1, 1, 0, 1],
        top_genres: [
          { genre: 'Action', count: 2 },
          { genre: 'Fantasy', count: 2 },
          { genre: 'Drama', count: 1 },
          { genre: 'Romance', count: 1 },
        ],
      },
    });
  });

  it('finds the user in any case, like login', async () => {
    expect((await profile(reader.username.toUpperCase())).username).toBe(reader.username);
  });

  it('never shows an e-mail address or a private list, to anyone (the owner included)', async () => {
    for (const token of [undefined, reader.token]) {
      const response = await server.request(`/users/${reader.username}`, { token });
      const text = await response.text();
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(body).not.toHaveProperty('email');
      expect(text).not.toContain(reader.email);
      expect(text).not.toContain('@');
      expect(text).not.toContain('Secret stash');
    }
  });

  it('answers a user with nothing yet with zeros and empty lists', async () => {
    const fresh = await createUserWithToken(server);
    expect(await profile(fresh.username)).toMatchObject({
      counts: { votes: 0, reviews: 0, posts: 0 },
      public_lists: [],
      stats: {
        status_counts: { READING: 0, COMPLETED: 0, ON_HOLD: 0, DROPPED: 0, PLAN_TO_READ: 0 },
        chapters_read: 0,
        score_distribution: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        top_genres: [],
      },
    });
  });

  it('hides the stats when the owner turns them off, at once, and shows the preference on /auth/me', async () => {
    const shown = await profile(reader.username);
    expect(shown.stats).not.toBeNull();
    const me = async () =>
      (await (await server.request('/auth/me', { token: reader.token })).json()) as unknown;
    expect(await me()).toMatchObject({ show_reading_stats: true, email_digest: 'never' });

    const off = await setPreferences(reader.token, { show_reading_stats: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ email_digest: 'never', show_reading_stats: false });
    expect((await profile(reader.username)).stats).toBeNull();
    expect(await me()).toMatchObject({ show_reading_stats: false, email_digest: 'never' });

    // The digest preference alone keeps the stats' setting, and the other way round.
    const digest = await setPreferences(reader.token, { email_digest: 'daily' });
    expect(await digest.json()).toEqual({ email_digest: 'daily', show_reading_stats: false });
    const both = await setPreferences(reader.token, { email_digest: 'never', show_reading_stats: true });
    expect(await both.json()).toEqual({ email_digest: 'never', show_reading_stats: true });
    expect((await profile(reader.username)).stats).toEqual(shown.stats);
  });

  it('refuses a preference that is not a boolean, or no preference at all, with 422', async () => {
    for (const json of [{ show_reading_stats: 'no' }, { show_reading_stats: null }, {}]) {
      expect((await setPreferences(reader.token, json)).status).toBe(422);
    }
    expect((await server.request('/auth/me/preferences', { method: 'PUT', json: {} })).status).toBe(401);
  });

  it('answers 404 "User not found" for unknown names and anything that cannot be a username', async () => {
    const names = [
      'nobody_here',
      // Cyrillic "а" in "admin", and a look-alike of the reader's own name.
      '\u0430dmin',
      reader.username.replace(/e/, '\u0435'),
      '..%2F..%2Fetc%2Fpasswd',
      '%2E%2E%2F' + reader.username,
      encodeURIComponent(`${reader.username}/x`),
      `${reader.username}%00`,
      'ab',
      'x'.repeat(31),
      encodeURIComponent(reader.email),
      '%20' + reader.username,
    ];
    for (const name of names) {
      await expectError(
        await server.request(`/users/${encodeURI(name).replace(/%25/g, '%')}`),
        404,
        PROFILE_TEXTS.userNotFound,
        PROFILE_ERROR_CODES.userNotFound,
      );
    }
    for (const path of ['/users/', `/users/${reader.username}/x`, `/users/x/${reader.username}`]) {
      await expectError(
        await server.request(path),
        404,
        PROFILE_TEXTS.userNotFound,
        PROFILE_ERROR_CODES.userNotFound,
      );
    }
    // A literal traversal is resolved away by the client or the router, never to another user's profile.
    const traversal = await server.request(`/users/../users/${other.username}`);
    if (traversal.status === 200)
      expect(((await traversal.json()) as UserProfile).username).toBe(other.username);
    else expect(traversal.status).toBe(404);
  });

  it('stores an uploaded PNG as a 256 px WebP and shows it on the profile', async () => {
    const user = await createUserWithToken(server);
    const response = await uploadAvatar(user.token, await solidImage(640, 480, 'png'));
    expect(response.status, await response.clone().text()).toBe(200);
    const { avatar_url } = (await response.json()) as { avatar_url: string };
    expect(avatar_url).toMatch(/\/media\/avatars\/.+\.webp$/);
    const stored = await sharp(storedPath(avatar_url)).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await profile(user.username)).avatar_url).toBe(avatar_url);

    // A new one replaces it, and the old file goes (no grace period in this suite).
    const again = await uploadAvatar(user.token, await solidImage(300, 300, 'jpeg'), 'me.jpg');
    expect(again.status).toBe(200);
    const { avatar_url: second } = (await again.json()) as { avatar_url: string };
    expect(second).not.toBe(avatar_url);
    expect((await profile(user.username)).avatar_url).toBe(second);
    expect(existsSync(storedPath(avatar_url))).toBe(false);
    expect(existsSync(storedPath(second))).toBe(true);
  });

  it('refuses what is not an image, a file over 300 KB and a decompression bomb, as forum images are', async () => {
    const user = await createUserWithToken(server);
    await expectError(
      await uploadAvatar(user.token, NOT_AN_IMAGE),
      400,
      FORUM_API_TEXTS.unsupportedImage,
      FORUM_ERROR_CODES.unsupportedImage,
    );
    const big = await noiseImage(400, 300);
    expect(big.length).toBeGreaterThan(300 * 1024);
    await expectError(
      await uploadAvatar(user.token, big),
      400,
      FORUM_API_TEXTS.imageTooLarge,
      FORUM_ERROR_CODES.imageTooLarge,
    );
    const bomb = bilevelPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(300 * 1024);
    await expectError(
      await uploadAvatar(user.token, bomb),
      400,
      FORUM_API_TEXTS.imageDimensionsTooLarge,
      FORUM_ERROR_CODES.imageDimensions,
    );
    expect((await profile(user.username)).avatar_url).toBeNull();
    // Signed out: 401, the body never read.
    const anonymous = await server.request('/auth/me/avatar', {
      method: 'PUT',
      body: multipartForm({ file: { bytes: await solidImage(10, 10), filename: 'a.png' } }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("answers 404 for a deleted account's profile and removes its avatar file", async () => {
    const credentials = newCredentials('leaver');
    const leaver = await createUserWithToken(server, { credentials });
    const uploaded = await uploadAvatar(leaver.token, await solidImage(64, 64));
    const { avatar_url } = (await uploaded.json()) as { avatar_url: string };
    expect(existsSync(storedPath(avatar_url))).toBe(true);
    // Read once, so the deletion must drop a cached profile too.
    expect((await profile(leaver.username)).avatar_url).toBe(avatar_url);

    const deleted = await server.request('/auth/me', {
      method: 'DELETE',
      token: leaver.token,
      json: { password: credentials.password },
    });
    expect(deleted.status).toBe(204);
    await expectError(
      await profileOf(leaver.username),
      404,
      PROFILE_TEXTS.userNotFound,
      PROFILE_ERROR_CODES.userNotFound,
    );
    expect(existsSync(storedPath(avatar_url))).toBe(false);
  });
});
