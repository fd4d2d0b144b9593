import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankedSeriesSchema, seriesDetailSchema } from '../../contract/catalogue';
import {
  forumPosts,
  forumPostSeries,
  forumThreads,
  forumThreadSeries,
  readingListItems,
  readingLists,
  series,
  seriesDetails,
  seriesVoters,
  votes,
} from '../../api/db/schema';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { multipartForm, noiseImage, NOT_AN_IMAGE, rotatedPortraitJpeg, solidImage } from './image-fixtures';
import { insertSeries } from './series-fixtures';

const RATIO_MESSAGE = 'Please upload an image with a 2:3 portrait ratio (e.g. 200x300).';
const TOO_LARGE_DETAIL = 'Cover image must be less than 800KB';

describe('catalogue administration', () => {
  let server: TestServer;
  let admin: { token: string; id: number };
  let portraitPng: Buffer;

  beforeAll(async () => {
    // Replaced covers go at once here (the grace period is tested in media-store.test.ts).
    server = await startTestServer({ MEDIA_DELETE_GRACE: '0' });
    admin = await createUserWithToken(server, { role: 'ADMIN' });
    portraitPng = await solidImage(200, 300, 'png');
  });
  afterAll(() => server.close());

  const mediaDir = () => join(server.config.dataDir, 'media');
  const storedFiles = (folder: string) => {
    const dir = join(mediaDir(), folder);
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const mediaPath = (url: string) => new URL(url).pathname;

  function addSeries(fields: Parameters<typeof multipartForm>[0], token = admin.token) {
    return server.request('/series/', { method: 'POST', token, body: multipartForm(fields) });
  }

  const validSeries = () => ({
    title: 'Admin Added',
    genre: 'Action, Fantasy',
    type: 'manhwa',
    author: 'Writer',
    artist: 'Drawer',
    status: 'ongoing',
    cover: { bytes: portraitPng, filename: 'cover.png' },
  });

  async function countSeries(): Promise<number> {
    const [row] = await server.database.db.select({ n: count() }).from(series);
    return row!.n;
  }

  describe('POST /series/', () => {
    it('adds a series with a 2:3 cover, stores its size variants and lists it at once', async () => {
      const response = await addSeries({ ...validSeries(), title: 'Fresh Arrival' });
      expect(response.status).toBe(201);
      const created = rankedSeriesSchema.strict().parse(await response.json());
      expect(created).toMatchObject({
        title: 'Fresh Arrival',
        genre: 'Action, Fantasy',
        type: 'MANHWA',
        status: 'ONGOING',
        author: 'Writer',
        artist: 'Drawer',
        rank: null,
        vote_count: 0,
        // Without votes every category scores its catalogue mean: 5.5 on a server that started empty.
        final_score: 5.5,
        mean_score: null,
      });
      expect(created.cover_url).toMatch(/\/media\/covers\/fresh-arrival-[0-9a-f]+\.webp$/);
      expect(created.cover_variants.map((v) => v.width)).toEqual([200, 400]);

      for (const url of [created.cover_url!, ...created.cover_variants.map((v) => v.url)]) {
        const media = await server.request(mediaPath(url));
        expect(media.status).toBe(200);
        expect(media.headers.get('content-type')).toBe('image/webp');
        expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
      const stored = await sharp(
        Buffer.from(await (await server.request(mediaPath(created.cover_url!))).arrayBuffer()),
      ).metadata();
      expect([stored.width, stored.height]).toEqual([200, 300]);

      const list = (await (await server.request('/series/rankings?page_size=100')).json()) as {
        id: number;
      }[];
      expect(list.map((s) => s.id)).toContain(created.id);
      const search = (await (await server.request('/series/search?query=fresh%20arrival')).json()) as {
        id: number;
      }[];
      expect(search.map((s) => s.id)).toEqual([created.id]);
      const detail = await (await server.request(`/series-details/${created.id}`)).json();
      expect(detail).toMatchObject({
        series_id: created.id,
        synopsis: '',
        // No detail cover yet: older clients show only this field, so it falls back to the series cover.
        series_cover_url: created.cover_url,
        has_detail_cover: false,
        story_total: 0,
      });
      // The detail row exists from the start.
      const rows = await server.database.db
        .select()
        .from(seriesDetails)
        .where(eq(seriesDetails.seriesId, created.id));
      expect(rows).toHaveLength(1);
    });

    it('accepts JPEG and WebP covers, and judges the ratio upright (EXIF orientation applied)', async () => {
      const jpeg = await addSeries({
        ...validSeries(),
        cover: { bytes: await solidImage(400, 600, 'jpeg'), filename: 'c.jpg' },
      });
      expect(jpeg.status).toBe(201);
      const webp = await addSeries({
        ...validSeries(),
        cover: { bytes: await solidImage(130, 200, 'webp'), filename: 'c.webp' },
      });
      expect(webp.status).toBe(201); // 0.65
      // Stored as 300x200 pixels, shown as 200x300 after its EXIF rotation.
      const rotated = await addSeries({
        ...validSeries(),
        cover: { bytes: await rotatedPortraitJpeg(300, 200), filename: 'phone.jpg' },
      });
      expect(rotated.status).toBe(201);
      const url = ((await rotated.json()) as { cover_url: string }).cover_url;
      const stored = await sharp(
        Buffer.from(await (await server.request(mediaPath(url))).arrayBuffer()),
      ).metadata();
      expect([stored.width, stored.height]).toEqual([200, 300]);
    });

    it.each([
      ['a square cover', 300, 300],
      ['a landscape cover', 600, 400],
      ['a cover just too narrow (0.59)', 177, 300],
      ['a cover just too wide (0.71)', 213, 300],
    ])('refuses %s with the 2:3 message and stores nothing', async (_name, width, height) => {
      const before = { series: await countSeries(), files: storedFiles('covers') };
      const response = await addSeries({
        ...validSeries(),
        cover: { bytes: await solidImage(width, height), filename: 'c.png' },
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        detail: RATIO_MESSAGE,
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'cover', message: RATIO_MESSAGE }],
      });
      expect(await countSeries()).toBe(before.series);
      expect(storedFiles('covers')).toEqual(before.files);
    });

    it('refuses a non-image renamed .png, and a GIF, by their bytes', async () => {
      const before = { series: await countSeries(), files: storedFiles('covers') };
      const text = await addSeries({
        ...validSeries(),
        cover: { bytes: NOT_AN_IMAGE, filename: 'cover.png', type: 'image/png' },
      });
      expect(text.status).toBe(422);
      expect(await text.json()).toMatchObject({ detail: 'Invalid image file.' });
      const gif = await addSeries({
        ...validSeries(),
        cover: { bytes: await solidImage(200, 300, 'gif'), filename: 'cover.png' },
      });
      expect(gif.status).toBe(422);
      expect(await gif.json()).toMatchObject({ detail: 'Invalid image file.' });
      // A real PNG header followed by garbage: readable header, undecodable pixels.
      const broken = Buffer.concat([portraitPng.subarray(0, 60), Buffer.alloc(200, 7)]);
      const half = await addSeries({ ...validSeries(), cover: { bytes: broken, filename: 'cover.png' } });
      expect(half.status).toBe(422);
      expect(await half.json()).toMatchObject({ detail: 'Invalid image file.' });
      expect(await countSeries()).toBe(before.series);
      expect(storedFiles('covers')).toEqual(before.files);
    });

    it('refuses a cover over 5 MB with 422', async () => {
      const response = await addSeries({
        ...validSeries(),
        cover: { bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 1), filename: 'huge.png' },
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ detail: 'Cover image must be less than 5MB' });
    });

    it('lists every missing required field', async () => {
      const response = await addSeries({ author: 'Only an author' });
      expect(response.status).toBe(422);
      const body = (await response.json()) as { detail: string; errors: { field: string }[] };
      expect(body.detail).toBe('Title is required');
      expect(body.errors.map((e) => e.field)).toEqual(['title', 'genre', 'type', 'cover']);
      const blank = await addSeries({ ...validSeries(), title: '   ' });
      expect(blank.status).toBe(422);
      expect(await blank.json()).toMatchObject({ detail: 'Title is required' });
    });

    it('refuses an unknown type or status', async () => {
      const type = await addSeries({ ...validSeries(), type: 'novel' });
      expect(type.status).toBe(422);
      expect(((await type.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('type');
      const status = await addSeries({ ...validSeries(), status: 'cancelled' });
      expect(status.status).toBe(422);
      expect(((await status.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('status');
      const seasonEnd = await addSeries({ ...validSeries(), status: 'season end' });
      expect(seasonEnd.status).toBe(201);
      expect(await seasonEnd.json()).toMatchObject({ status: 'SEASON_END' });
    });

    it('answers a JSON body without a cover with 422, and a broken multipart body with 400', async () => {
      const json = await server.request('/series', {
        method: 'POST',
        token: admin.token,
        json: { title: 'No Cover', genre: 'Drama', type: 'MANGA' },
      });
      expect(json.status).toBe(422);
      expect(await json.json()).toMatchObject({ detail: 'Cover is required' });

      const truncated = await server.request('/series', {
        method: 'POST',
        token: admin.token,
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
        body: '--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut sho',
      });
      expect(truncated.status).toBeGreaterThanOrEqual(400);
      expect(truncated.status).toBeLessThan(500);
    });
  });

  describe('PUT /series/{id}', () => {
    let id: number;
    let coverUrl: string;

    beforeAll(async () => {
      const created = (await (await addSeries({ ...validSeries(), title: 'To Be Edited' })).json()) as {
        id: number;
        cover_url: string;
      };
      id = created.id;
      coverUrl = created.cover_url;
    });

    it('changes any subset of fields from JSON, and an empty status clears it', async () => {
      const response = await server.request(`/series/${id}`, {
        method: 'PUT',
        token: admin.token,
        json: { title: 'Edited Title', status: 'HIATUS' },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id,
        title: 'Edited Title',
        status: 'HIATUS',
        genre: 'Action, Fantasy',
        cover_url: coverUrl,
      });
      const cleared = await server.request(`/series/${id}`, {
        method: 'PUT',
        token: admin.token,
        json: { status: null, author: '' },
      });
      expect(await cleared.json()).toMatchObject({ status: null, author: '', artist: 'Drawer' });
      const summary = await (await server.request(`/series/summary/${id}`)).json();
      expect(summary).toMatchObject({ title: 'Edited Title', status: null });
    });

    it('replaces the cover from multipart and removes the old files', async () => {
      const oldFile = join(mediaDir(), mediaPath(coverUrl).replace('/media/', ''));
      expect(existsSync(oldFile)).toBe(true);
      const response = await server.request(`/series/${id}/`, {
        method: 'PUT',
        token: admin.token,
        body: multipartForm({
          genre: 'Romance',
          cover: { bytes: await solidImage(300, 450, 'jpeg'), filename: 'new.jpg' },
        }),
      });
      expect(response.status).toBe(200);
      const updated = (await response.json()) as { cover_url: string; genre: string };
      expect(updated.genre).toBe('Romance');
      expect(updated.cover_url).not.toBe(coverUrl);
      expect((await server.request(mediaPath(updated.cover_url))).status).toBe(200);
      expect((await server.request(mediaPath(coverUrl))).status).toBe(404);
      expect(existsSync(oldFile)).toBe(false);
      coverUrl = updated.cover_url;
    });

    it('no longer names a replaced cover in reads made while its files are being removed', async () => {
      // A read answered in that moment may be kept by caches for minutes: it must already show the new cover.
      const [edited] = await insertSeries(server, [{ title: 'Recovered' }]);
      const [detailed] = await insertSeries(server, [{ title: 'Redetailed' }]);
      const put = (file: string) =>
        server.request(`/series/${edited}`, {
          method: 'PUT',
          token: admin.token,
          body: multipartForm({ cover: { bytes: portraitPng, filename: file } }),
        });
      const saveDetail = (synopsis: string) =>
        server.request('/series-details/', {
          method: 'POST',
          token: admin.token,
          body: multipartForm({
            series_id: String(detailed),
            synopsis,
            file: { bytes: portraitPng, filename: 'detail.png' },
          }),
        });
      const first = (await (await put('first.png')).json()) as { cover_url: string };
      const firstDetail = (await (await saveDetail('One.')).json()) as { series_cover_url: string };

      // While a write removes files, read what it changed (the summary for the PUT, the detail after).
      let readPath = `/series/summary/${edited}`;
      const seenDuringRemoval: string[] = [];
      const media = server.app.media;
      const remove = media.remove.bind(media);
      media.remove = async (keys) => {
        seenDuringRemoval.push(await (await server.request(readPath)).text());
        return remove(keys);
      };
      try {
        // Visitors read both pages first, so the cached catalogue holds answers naming the first covers.
        expect(await (await server.request(`/series/summary/${edited}`)).text()).toContain(first.cover_url);
        expect(await (await server.request(`/series-details/${detailed}`)).text()).toContain(
          firstDetail.series_cover_url,
        );
        expect((await put('second.png')).status).toBe(200);
        expect(seenDuringRemoval).toHaveLength(1);
        expect(seenDuringRemoval[0]).not.toContain(first.cover_url);

        readPath = `/series-details/${detailed}`;
        expect(await (await server.request(readPath)).text()).toContain(firstDetail.series_cover_url);
        expect((await saveDetail('Two.')).status).toBe(200);
        expect(seenDuringRemoval).toHaveLength(2);
        expect(seenDuringRemoval[1]).not.toContain(firstDetail.series_cover_url);
      } finally {
        media.remove = remove;
      }
    });

    it('refuses a wrong-aspect cover or a blank title and changes nothing', async () => {
      const wide = await server.request(`/series/${id}`, {
        method: 'PUT',
        token: admin.token,
        body: multipartForm({
          title: 'Should Not Stick',
          cover: { bytes: await solidImage(400, 400), filename: 'sq.png' },
        }),
      });
      expect(wide.status).toBe(422);
      expect(await wide.json()).toMatchObject({ detail: RATIO_MESSAGE });
      const blank = await server.request(`/series/${id}`, {
        method: 'PUT',
        token: admin.token,
        json: { title: '' },
      });
      expect(blank.status).toBe(422);
      const badType = await server.request(`/series/${id}`, {
        method: 'PUT',
        token: admin.token,
        json: { type: 'comic' },
      });
      expect(badType.status).toBe(422);
      const summary = await (await server.request(`/series/summary/${id}`)).json();
      expect(summary).toMatchObject({ title: 'Edited Title', cover_url: coverUrl, type: 'MANHWA' });
    });

    it('answers 404 for an unknown series', async () => {
      const response = await server.request('/series/987654', {
        method: 'PUT',
        token: admin.token,
        json: { title: 'X' },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Series not found', code: expect.any(String) });
    });
  });

  describe('POST /series-details/', () => {
    let id: number;

    beforeAll(async () => {
      id = (await insertSeries(server, [{ title: 'Needs A Synopsis', withoutDetails: true }]))[0]!;
    });

    function saveDetail(fields: Parameters<typeof multipartForm>[0]) {
      return server.request('/series-details/', {
        method: 'POST',
        token: admin.token,
        body: multipartForm(fields),
      });
    }

    it('saves the synopsis and a 900x600 cover with its variants, creating the detail row if needed', async () => {
      const response = await saveDetail({
        series_id: String(id),
        synopsis: '  A hero rises.  ',
        file: { bytes: await solidImage(900, 600, 'jpeg'), filename: 'banner.jpg', type: 'image/jpeg' },
      });
      expect(response.status).toBe(200);
      const detail = seriesDetailSchema.strict().parse(await response.json());
      expect(detail).toMatchObject({ series_id: id, synopsis: 'A hero rises.' });
      expect(detail.series_cover_url).toMatch(/\/media\/details\/.+\.webp$/);
      expect(detail.series_cover_variants.map((v) => v.width)).toEqual([200, 400]);
      expect((await server.request(mediaPath(detail.series_cover_url))).status).toBe(200);
      const read = await (await server.request(`/series-details/${id}`)).json();
      expect(read).toMatchObject({ synopsis: 'A hero rises.', series_cover_url: detail.series_cover_url });

      // A new cover replaces the old one's files; a synopsis-only save keeps the cover.
      const replaced = await saveDetail({
        series_id: String(id),
        synopsis: 'Second take.',
        series_cover: { bytes: await solidImage(300, 200, 'webp'), filename: 'b.webp' },
      });
      const second = (await replaced.json()) as { series_cover_url: string };
      expect(second.series_cover_url).not.toBe(detail.series_cover_url);
      expect((await server.request(mediaPath(detail.series_cover_url))).status).toBe(404);
      const textOnly = await saveDetail({ series_id: String(id), synopsis: 'Third take.' });
      expect(await textOnly.json()).toMatchObject({
        synopsis: 'Third take.',
        series_cover_url: second.series_cover_url,
      });
    });

    it('refuses a detail cover of 800 KB or more with the contract message', async () => {
      const big = await noiseImage(600, 600); // ~1 MB of incompressible pixels
      expect(big.length).toBeGreaterThan(800 * 1024);
      const response = await saveDetail({
        series_id: String(id),
        synopsis: 'Big.',
        file: { bytes: big, filename: 'big.png' },
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        detail: TOO_LARGE_DETAIL,
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'file', message: TOO_LARGE_DETAIL }],
      });
      const exact = await saveDetail({
        series_id: String(id),
        synopsis: 'Exactly 800 KB.',
        file: { bytes: Buffer.alloc(800 * 1024, 1), filename: 'exact.png' },
      });
      expect(await exact.json()).toMatchObject({ detail: TOO_LARGE_DETAIL });
      const read = await (await server.request(`/series-details/${id}`)).json();
      expect(read.synopsis).toBe('Third take.');
    });

    it('refuses a non-image file, a blank synopsis and a missing series id with 422', async () => {
      const text = await saveDetail({
        series_id: String(id),
        synopsis: 'S',
        file: { bytes: NOT_AN_IMAGE, filename: 'x.png' },
      });
      expect(text.status).toBe(422);
      expect(await text.json()).toMatchObject({ detail: 'Invalid image file.' });
      const blank = await saveDetail({ series_id: String(id), synopsis: '  ' });
      expect(blank.status).toBe(422);
      expect(await blank.json()).toMatchObject({ detail: 'Synopsis is required' });
      const noId = await saveDetail({ synopsis: 'S' });
      expect(noId.status).toBe(422);
      const badId = await saveDetail({ series_id: 'abc', synopsis: 'S' });
      expect(badId.status).toBe(422);
    });

    it('answers 404 for an unknown series', async () => {
      const response = await saveDetail({ series_id: '987654', synopsis: 'S' });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Series not found', code: expect.any(String) });
    });

    // Needs a second connection holding the detail row, so PostgreSQL only (PGlite has one connection).
    it.skipIf(!process.env.TEST_DATABASE_URL)(
      'answers 404 and keeps no stored files when the series is deleted while the save waits for it',
      async () => {
        const [doomed] = await insertSeries(server, [{ title: 'Deleted Mid-Save' }]);
        const before = storedFiles('details');
        const { default: pg } = await import('pg');
        const other = new pg.Client({ connectionString: server.config.DATABASE_URL });
        await other.connect();
        try {
          await other.query('begin');
          await other.query('select 1 from series_details where series_id = $1 for update', [doomed]);
          const saving = saveDetail({
            series_id: String(doomed),
            synopsis: 'Too late.',
            file: { bytes: await solidImage(900, 600, 'jpeg'), filename: 'late.jpg', type: 'image/jpeg' },
          });
          // Wait until the save (its cover already stored) is blocked on the row this connection holds.
          for (let tries = 0; ; tries++) {
            const { rows } = await other.query<{ n: number }>(
              'select count(*)::int as n from pg_locks where not granted and pid <> pg_backend_pid()',
            );
            if (rows[0]!.n > 0) break;
            if (tries > 200) throw new Error('the save never waited for the detail row');
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
          await other.query('delete from series where id = $1', [doomed]);
          await other.query('commit');
          const response = await saving;
          expect(response.status).toBe(404);
          expect(await response.json()).toEqual({ detail: 'Series not found', code: expect.any(String) });
          expect(storedFiles('details')).toEqual(before);
        } finally {
          await other.end();
        }
      },
    );
  });

  describe('DELETE /series/{id}', () => {
    it('removes the series with its details, votes, list items, forum references and cover files', async () => {
      const created = (await (await addSeries({ ...validSeries(), title: 'Doomed' })).json()) as {
        id: number;
        cover_url: string;
      };
      const id = created.id;
      const detailSaved = await server.request('/series-details/', {
        method: 'POST',
        token: admin.token,
        body: multipartForm({
          series_id: String(id),
          synopsis: 'Soon gone.',
          file: { bytes: portraitPng, filename: 'd.png' },
        }),
      });
      const detailCover = ((await detailSaved.json()) as { series_cover_url: string }).series_cover_url;
      const [keep] = await insertSeries(server, [{ title: 'Survivor' }]);

      const user = await createUserWithToken(server);
      for (const target of [id, keep!]) {
        const voted = await server.request(`/series-details/${target}/vote`, {
          method: 'POST',
          token: user.token,
          json: { category: 'Art', score: 7 },
        });
        expect(voted.status).toBe(200);
      }
      const db = server.database.db;
      const [list] = await db
        .insert(readingLists)
        .values({ userId: user.id, name: 'Mine', slot: 1 })
        .returning();
      await db.insert(readingListItems).values([
        { listId: list!.id, seriesId: id },
        { listId: list!.id, seriesId: keep! },
      ]);
      const [thread] = await db
        .insert(forumThreads)
        .values({ authorId: user.id, title: 'About Doomed' })
        .returning();
      const [post] = await db
        .insert(forumPosts)
        .values({ threadId: thread!.id, authorId: user.id, contentMarkdown: 'Read it' })
        .returning();
      await db.insert(forumThreadSeries).values({ threadId: thread!.id, seriesId: id });
      await db.insert(forumPostSeries).values({ postId: post!.id, seriesId: id });

      const response = await server.request(`/series/${id}`, { method: 'DELETE', token: admin.token });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');

      expect(await db.select().from(series).where(eq(series.id, id))).toEqual([]);
      expect(await db.select().from(seriesDetails).where(eq(seriesDetails.seriesId, id))).toEqual([]);
      expect(await db.select().from(votes).where(eq(votes.seriesId, id))).toEqual([]);
      expect(await db.select().from(seriesVoters).where(eq(seriesVoters.seriesId, id))).toEqual([]);
      expect(await db.select().from(readingListItems).where(eq(readingListItems.seriesId, id))).toEqual([]);
      expect(await db.select().from(forumThreadSeries).where(eq(forumThreadSeries.seriesId, id))).toEqual([]);
      expect(await db.select().from(forumPostSeries).where(eq(forumPostSeries.seriesId, id))).toEqual([]);
      // Everything else stays: the other series' vote and list item, the thread and its post.
      expect(await db.select().from(votes).where(eq(votes.seriesId, keep!))).toHaveLength(1);
      expect(
        await db.select().from(readingListItems).where(eq(readingListItems.seriesId, keep!)),
      ).toHaveLength(1);
      expect(await db.select().from(forumPosts).where(eq(forumPosts.id, post!.id))).toHaveLength(1);

      for (const url of [created.cover_url, detailCover]) {
        expect((await server.request(mediaPath(url))).status).toBe(404);
      }
      expect((await server.request(`/series/summary/${id}`)).status).toBe(404);
      expect((await server.request(`/series-details/${id}`)).status).toBe(404);
      const list2 = (await (await server.request('/series/rankings?page_size=100')).json()) as {
        id: number;
      }[];
      expect(list2.map((s) => s.id)).not.toContain(id);

      const again = await server.request(`/series/${id}`, { method: 'DELETE', token: admin.token });
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ detail: 'Series not found', code: expect.any(String) });
    });
  });
});
