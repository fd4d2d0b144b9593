import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORUM_API_TEXTS as TEXTS,
  mediaUploadResultSchema,
  type MediaUploadResult,
} from '../../contract/forum';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdPost, createdThread, FORUM_TEST_ENV, forumCalls } from './forum-helpers';
import { animatedGif, multipartForm, noiseImage, NOT_AN_IMAGE, solidImage } from './image-fixtures';
import { expectError } from './reading-lists-helpers';

/** A GIF of random pixels: LZW cannot compress it, so it weighs about a byte per pixel and frame. */
async function noiseGif(width: number, height: number, frames = 1): Promise<Buffer> {
  const images = await Promise.all(
    Array.from({ length: frames }, () =>
      sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames > 1 ? images : images[0], frames > 1 ? { join: { animated: true } } : {})
    .gif({ colours: 256, dither: 0 })
    .toBuffer();
}

describe('forum image uploads', () => {
  let server: TestServer;
  let calls: ReturnType<typeof forumCalls>;
  let user: Awaited<ReturnType<typeof createUserWithToken>>;
  let threadId: number;

  beforeAll(async () => {
    server = await startTestServer(FORUM_TEST_ENV);
    calls = forumCalls(server);
    user = await createUserWithToken(server);
    threadId = (await createdThread(server, user.token)).thread.id;
  });
  afterAll(() => server.close());

  const upload = (
    bytes: Buffer,
    fields: Record<string, string> = {},
    filename = 'image.png',
    thread = threadId,
  ) =>
    calls.upload(
      user.token,
      multipartForm({ thread_id: String(thread), ...fields, file: { bytes, filename } }),
    );

  async function uploaded(
    bytes: Buffer,
    fields: Record<string, string> = {},
    thread = threadId,
  ): Promise<MediaUploadResult> {
    const response = await upload(bytes, fields, 'image.bin', thread);
    expect(response.status, await response.clone().text()).toBe(201);
    return mediaUploadResultSchema.parse(await response.json());
  }

  function storedPath(url: string): string {
    return join(server.config.dataDir, 'media', new URL(url).pathname.replace(/^\/media\//, ''));
  }

  it('stores a still re-encoded as WebP without its metadata, whatever the file claims to be', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const result = await uploaded(jpeg);
    expect(result).toMatchObject({ width: 64, height: 48, mime: 'image/webp' });
    const served = await server.request(new URL(result.url).pathname);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(result.size);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('keeps an animated GIF animated', async () => {
    const result = await uploaded(await animatedGif(30, 20, 3));
    expect(result).toMatchObject({ mime: 'image/gif', width: 30, height: 20 });
    const bytes = Buffer.from(await (await server.request(new URL(result.url).pathname)).arrayBuffer());
    const metadata = await sharp(bytes, { animated: true }).metadata();
    expect(metadata.format).toBe('gif');
    expect(metadata.pages).toBe(3);
  });

  it('decides the type by the bytes: a renamed text file or an SVG is refused', async () => {
    await expectError(await upload(NOT_AN_IMAGE, {}, 'cat.png'), 400, TEXTS.unsupportedImage);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expectError(await upload(svg, {}, 'cat.gif'), 400, TEXTS.unsupportedImage);
    const tiff = await solidImage(10, 10, 'png').then((png) => sharp(png).tiff().toBuffer());
    await expectError(await upload(tiff), 400, TEXTS.unsupportedImage);
  });

  it('enforces the byte limits: 300 KB for stills, 1 MB for GIFs', async () => {
    const bigPng = await noiseImage(400, 300);
    expect(bigPng.length).toBeGreaterThan(307_200);
    await expectError(await upload(bigPng), 400, TEXTS.imageTooLarge);
    // A GIF may weigh more than a still: two frames of 400×400 random pixels, over 300 KB, are accepted.
    const bigGif = await noiseGif(400, 400, 2);
    expect(bigGif.length).toBeGreaterThan(307_200);
    expect((await upload(bigGif)).status).toBe(201);
    const hugeGif = await noiseGif(1100, 1000);
    expect(hugeGif.length).toBeGreaterThan(1_048_576);
    await expectError(await upload(hugeGif), 400, TEXTS.gifTooLarge);
  });

  it('enforces the pixel limits: 1024×1024 for stills, 512×512 for GIFs', async () => {
    expect((await upload(await solidImage(1024, 1024, 'png'))).status).toBe(201);
    await expectError(await upload(await solidImage(1025, 10, 'png')), 400, TEXTS.imageDimensionsTooLarge);
    await expectError(await upload(await solidImage(10, 1025, 'webp')), 400, TEXTS.imageDimensionsTooLarge);
    expect((await upload(await animatedGif(512, 512, 2))).status).toBe(201);
    await expectError(await upload(await animatedGif(513, 20, 2)), 400, TEXTS.gifDimensionsTooLarge);
    await expectError(await upload(await solidImage(20, 600, 'gif')), 400, TEXTS.gifDimensionsTooLarge);
  });

  it('needs a file and an existing thread (and post of it)', async () => {
    const empty = await calls.upload(user.token, multipartForm({ thread_id: String(threadId) }));
    await expectError(empty, 422, TEXTS.fileRequired);
    const png = await solidImage(10, 10);
    await expectError(await upload(png, {}, 'a.png', 999_999), 404, TEXTS.threadNotFound);
    await expectError(await upload(png, { post_id: '999999' }), 404, TEXTS.postNotFound);
    // Without a thread the image is for a thread being written (forum-unclaimed-media.test.ts); a post
    // still needs its thread.
    expect(
      (
        await calls.upload(
          user.token,
          multipartForm({ post_id: '1', file: { bytes: png, filename: 'a.png' } }),
        )
      ).status,
    ).toBe(422);
  });

  it("deletes a post's images with the post (and its replies'), and a thread's with the thread", async () => {
    const { thread } = await createdThread(server, user.token);
    const top = await createdPost(server, user.token, thread.id);
    // An image uploaded for an existing post, and one shown in a reply to it.
    const forTop = await uploaded(await solidImage(20, 20), { post_id: String(top.id) }, thread.id);
    const inReply = await uploaded(await solidImage(21, 21), {}, thread.id);
    await createdPost(server, user.token, thread.id, {
      parent_id: top.id,
      content_markdown: `![pic](${inReply.url})`,
    });
    const loose = await uploaded(await solidImage(22, 22), {}, thread.id);
    for (const image of [forTop, inReply, loose]) expect(existsSync(storedPath(image.url))).toBe(true);

    expect((await calls.deleteMine(user.token, thread.id, top.id)).status).toBe(204);
    expect(existsSync(storedPath(forTop.url))).toBe(false);
    expect(existsSync(storedPath(inReply.url))).toBe(false);
    expect(existsSync(storedPath(loose.url))).toBe(true);
    expect((await server.request(new URL(forTop.url).pathname)).status).toBe(404);

    expect((await calls.remove(user.token, thread.id)).status).toBe(204);
    expect(existsSync(storedPath(loose.url))).toBe(false);
  });
});
