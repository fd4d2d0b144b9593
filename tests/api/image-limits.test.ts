import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE, INVALID_IMAGE } from '../../contract/catalogue';
import { FORUM_API_TEXTS, FORUM_GIF_MAX_FRAMES, mediaUploadResultSchema } from '../../contract/forum';
import { ISSUE_TEXTS } from '../../contract/issues';
import { createUserWithToken } from './auth-helpers';
import { createdThread, FORUM_TEST_ENV, forumCalls } from './forum-helpers';
import { startTestServer, type TestServer } from './harness';
import {
  animatedGif,
  bilevelPng,
  multipartForm,
  NOT_AN_IMAGE,
  pngClaimingSize,
  solidImage,
} from './image-fixtures';
import { expectError } from './reading-lists-helpers';
import { insertSeries } from './series-fixtures';

/**
 * The four image uploads (forum images, series covers, detail covers, issue screenshots) take every image
 * within their limits, and answer a refusal with the text of the limit the file actually exceeds.
 */
describe('image limits of every upload', () => {
  let server: TestServer;
  let admin: string;
  let member: string;
  let threadId: number;
  let seriesId: number;

  beforeAll(async () => {
    server = await startTestServer({ ...FORUM_TEST_ENV, ISSUE_REPORT_RATE_LIMIT_MAX: '10000' });
    admin = (await createUserWithToken(server, { role: 'ADMIN' })).token;
    member = (await createUserWithToken(server)).token;
    threadId = (await createdThread(server, member)).thread.id;
    [seriesId] = (await insertSeries(server, [{ title: 'Covered' }])) as [number];
  });
  afterAll(() => server.close());

  const file = (bytes: Buffer, filename = 'image.png') => ({ bytes, filename });

  const forumUpload = (bytes: Buffer) =>
    forumCalls(server).upload(member, multipartForm({ thread_id: String(threadId), file: file(bytes) }));

  const addSeries = (bytes: Buffer) =>
    server.request('/series', {
      method: 'POST',
      token: admin,
      body: multipartForm({ title: 'Big cover', genre: 'Action', type: 'MANGA', cover: file(bytes) }),
    });

  const editSeries = (bytes: Buffer) =>
    server.request(`/series/${seriesId}`, {
      method: 'PUT',
      token: admin,
      body: multipartForm({ cover: file(bytes) }),
    });

  const saveDetail = (bytes: Buffer) =>
    server.request('/series-details', {
      method: 'POST',
      token: admin,
      body: multipartForm({ series_id: String(seriesId), synopsis: 'Synopsis.', file: file(bytes) }),
    });

  const report = (bytes: Buffer) =>
    server.request('/issues/report', {
      method: 'POST',
      body: multipartForm({
        type: 'BUG',
        title: 'With a screenshot',
        description: 'See the picture.',
        screenshot: file(bytes),
      }),
    });

  async function expectFieldError(response: Response, field: string, message: string) {
    const text = await response.text();
    expect(response.status, text).toBe(422);
    expect((JSON.parse(text) as { errors: unknown[] }).errors).toContainEqual({ field, message });
  }

  /** Every upload's answer to the same file: the forum's 1024 px text, the others' 4096 px text. */
  async function expectDimensionsRefusedEverywhere(bytes: Buffer) {
    await expectError(await forumUpload(bytes), 400, FORUM_API_TEXTS.imageDimensionsTooLarge);
    await expectFieldError(await addSeries(bytes), 'cover', IMAGE_TOO_LARGE);
    await expectFieldError(await editSeries(bytes), 'cover', IMAGE_TOO_LARGE);
    await expectFieldError(await saveDetail(bytes), 'file', IMAGE_TOO_LARGE);
    await expectFieldError(await report(bytes), 'screenshot', IMAGE_TOO_LARGE);
  }

  it('takes animated GIFs within 1 MB, 512×512 a frame and the frame limit', async () => {
    for (const [side, frames] of [
      [512, 17],
      [256, 65],
    ] as const) {
      const gif = await animatedGif(side, side, frames);
      expect(gif.length).toBeLessThan(1024 * 1024);
      expect((await sharp(gif).metadata()).pages).toBe(frames);

      const response = await forumUpload(gif);
      expect(response.status, await response.clone().text()).toBe(201);
      const stored = mediaUploadResultSchema.parse(await response.json());
      expect(stored).toMatchObject({ mime: 'image/gif', width: side, height: side });
      const served = Buffer.from(await (await server.request(new URL(stored.url).pathname)).arrayBuffer());
      expect((await sharp(served).metadata()).pages).toBe(frames);

      // A screenshot keeps the first frame.
      expect((await report(gif)).status).toBe(201);
    }
    // A frame more than the limit is refused from the header, with the limit's own text.
    const long = await animatedGif(8, 8, FORUM_GIF_MAX_FRAMES + 1);
    expect(long.length).toBeLessThan(1024 * 1024);
    await expectError(await forumUpload(long), 400, FORUM_API_TEXTS.gifTooManyFrames);
    expect((await forumUpload(await animatedGif(8, 8, FORUM_GIF_MAX_FRAMES))).status).toBe(201);
    // One pixel more a side is over the forum's GIF limit, whatever the frame count.
    await expectError(
      await forumUpload(await animatedGif(513, 513, 2)),
      400,
      FORUM_API_TEXTS.gifDimensionsTooLarge,
    );
  });

  it("answers a 48 KB PNG of 20000×20000 px with each upload's dimension limit", async () => {
    const huge = bilevelPng(20_000, 20_000);
    expect(huge.length).toBeLessThan(50 * 1024);
    const metadata = await sharp(huge, { limitInputPixels: false }).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 20_000, height: 20_000 });
    await expectDimensionsRefusedEverywhere(huge);
  });

  it('judges the type and the dimensions from the header alone, before decoding any pixel', async () => {
    // Its pixel data could not fill 20000×20000 px: decoding it would fail, and be answered as unreadable.
    const claiming = await pngClaimingSize(20_000, 20_000);
    await expectDimensionsRefusedEverywhere(claiming);
    // A file whose header names no accepted image is refused as such.
    await expectError(await forumUpload(NOT_AN_IMAGE), 400, FORUM_API_TEXTS.unsupportedImage);
    await expectFieldError(await addSeries(NOT_AN_IMAGE), 'cover', INVALID_IMAGE);
    await expectFieldError(await saveDetail(NOT_AN_IMAGE), 'file', INVALID_IMAGE);
    await expectFieldError(await report(NOT_AN_IMAGE), 'screenshot', ISSUE_TEXTS.screenshotInvalid);
  });

  it('refuses covers and screenshots over 4096 px a side with the 4096 px text', async () => {
    const tall = await solidImage(3400, 5000, 'png');
    await expectFieldError(await addSeries(tall), 'cover', IMAGE_TOO_LARGE);
    const wide = await solidImage(5000, 300, 'jpeg');
    await expectFieldError(await saveDetail(wide), 'file', IMAGE_TOO_LARGE);
    await expectFieldError(await report(wide), 'screenshot', IMAGE_TOO_LARGE);
    expect(await (await server.request('/series/search?query=Big%20cover')).json()).toEqual([]);
  });
});
