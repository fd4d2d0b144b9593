import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { startS3TestServer, type S3TestServer } from '../../scripts/lib/s3-test-server';
import { createUserWithToken } from './auth-helpers';
import { startSecondInstance, startTestServer, type TestServer } from './harness';
import { multipartForm, solidImage } from './image-fixtures';

const mediaPath = (url: string) => new URL(url).pathname;

async function addSeries(server: TestServer, token: string, title: string) {
  const response = await server.request('/series', {
    method: 'POST',
    token,
    body: multipartForm({
      title,
      genre: 'Action',
      type: 'MANHWA',
      cover: { bytes: await solidImage(200, 300, 'png'), filename: 'cover.png' },
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; cover_url: string };
}

async function replaceCover(server: TestServer, token: string, id: number) {
  const response = await server.request(`/series/${id}`, {
    method: 'PUT',
    token,
    body: multipartForm({ cover: { bytes: await solidImage(220, 330, 'jpeg'), filename: 'new.jpg' } }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { cover_url: string };
}

/** Makes every pending deletion due, as if the grace period had passed. */
async function endGracePeriod(server: TestServer) {
  await server.database.db.execute(
    sql`update media_deletions set delete_after = now() - interval '1 second'`,
  );
}

describe('replaced media: removed after a grace period', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MEDIA_DELETE_GRACE: '1h' });
  });
  afterAll(() => server.close());

  it('keeps serving a replaced cover (pre-rendered pages name it) until the grace period has passed', async () => {
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    const created = await addSeries(server, admin.token, 'Graceful');
    const oldFile = join(server.config.dataDir, 'media', mediaPath(created.cover_url).replace('/media/', ''));
    const replaced = await replaceCover(server, admin.token, created.id);
    expect(replaced.cover_url).not.toBe(created.cover_url);
    // Old and new are both served; the old one is pending deletion (with its width variants).
    expect((await server.request(mediaPath(created.cover_url))).status).toBe(200);
    expect((await server.request(mediaPath(replaced.cover_url))).status).toBe(200);
    const pending = await server.database.db.execute(sql`select key from media_deletions`);
    expect((pending as unknown as { rows: unknown[] }).rows).toHaveLength(3);

    // A sweep before the grace period has passed removes nothing.
    expect(await server.app.retiredMedia.sweep()).toBe(0);
    expect(existsSync(oldFile)).toBe(true);

    await endGracePeriod(server);
    expect(await server.app.retiredMedia.sweep()).toBe(3);
    expect(existsSync(oldFile)).toBe(false);
    expect((await server.request(mediaPath(created.cover_url))).status).toBe(404);
    expect((await server.request(mediaPath(replaced.cover_url))).status).toBe(200);
    expect(await server.app.retiredMedia.sweep()).toBe(0);
  });

  it('retires the covers of a deleted series the same way', async () => {
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    const created = await addSeries(server, admin.token, 'Doomed');
    expect(
      (await server.request(`/series/${created.id}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(204);
    expect((await server.request(mediaPath(created.cover_url))).status).toBe(200);
    await endGracePeriod(server);
    await server.app.retiredMedia.sweep();
    expect((await server.request(mediaPath(created.cover_url))).status).toBe(404);
  });
});

describe('media in S3-compatible object storage (MEDIA_STORE=s3)', () => {
  let s3: S3TestServer;
  let server: TestServer;
  let other: FastifyInstance;
  let otherUrl: string;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    server = await startTestServer({
      ...s3.env,
      MEDIA_DELETE_GRACE: '1h',
      JWT_SECRET: 'media-store-test-secret-of-at-least-32-chars',
    });
    // Another instance on the same database and bucket, with no disk in common.
    ({ app: other, url: otherUrl } = await startSecondInstance(server, {
      dataDir: join(server.config.dataDir, 'other'),
    }));
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
    await s3?.close();
  });

  it('stores an uploaded cover in the bucket and serves it through either instance', async () => {
    const admin = await createUserWithToken(server, { role: 'ADMIN' });
    const created = await addSeries(server, admin.token, 'Bucketed');
    expect(created.cover_url).toMatch(/\/media\/covers\/bucketed-[0-9a-f]+\.webp$/);
    expect(existsSync(join(server.config.dataDir, 'media', 'covers'))).toBe(false);
    for (const base of [server.url, otherUrl]) {
      const response = await fetch(base + mediaPath(created.cover_url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
    }
    // The object is in the bucket itself.
    const direct = await fetch(
      `${s3.endpoint}/panelrank-media${mediaPath(created.cover_url).replace('/media', '')}`,
    );
    expect(direct.status).toBe(200);
    expect((await fetch(`${otherUrl}/media/covers/missing.webp`)).status).toBe(404);
    expect((await fetch(`${otherUrl}/media/..%2f..%2fpackage.json`)).status).toBe(404);

    // Replaced: still in the bucket during the grace period, gone after a sweep by any instance.
    await replaceCover(server, admin.token, created.id);
    expect((await fetch(otherUrl + mediaPath(created.cover_url))).status).toBe(200);
    await endGracePeriod(server);
    expect(await other.retiredMedia.sweep()).toBe(3);
    expect((await fetch(server.url + mediaPath(created.cover_url))).status).toBe(404);
  });

  it('names covers by S3_PUBLIC_URL when browsers fetch them from the bucket or a CDN', async () => {
    const publicUrl = `${s3.endpoint}/panelrank-media`;
    const app = await buildApp({
      config: { ...server.config, S3_PUBLIC_URL: publicUrl },
      database: server.database,
      logger: false,
    });
    try {
      expect(app.media.url('covers/x.webp')).toBe(`${publicUrl}/covers/x.webp`);
    } finally {
      await app.close();
    }
  });
});
