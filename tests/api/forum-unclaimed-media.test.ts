import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumMedia } from '../../api/db/schema';
import { sweepUnclaimedForumMedia } from '../../api/forum/unclaimed-media';
import { mediaUploadResultSchema, type MediaUploadResult } from '../../contract/forum';
import { createUserWithToken, newCredentials } from './auth-helpers';
import { createdPost, createdThread, FORUM_TEST_ENV, forumCalls, threadDetail } from './forum-helpers';
import { startTestServer, type TestServer } from './harness';
import { multipartForm, solidImage } from './image-fixtures';

/*
 * Images uploaded while a thread is being written, before it exists: they belong to their uploader until a
 * thread or post of theirs shows them, and go when nothing claimed them within the grace period, or with
 * their uploader's account.
 */
describe('forum images uploaded without a thread', () => {
  let server: TestServer;
  let calls: ReturnType<typeof forumCalls>;
  let sizes = 10;

  beforeAll(async () => {
    server = await startTestServer({
      ...FORUM_TEST_ENV,
      FORUM_UNCLAIMED_MEDIA_GRACE: '2h',
      FORUM_UNCLAIMED_MEDIA_CHECK_INTERVAL: '0',
    });
    calls = forumCalls(server);
  });
  afterAll(() => server.close());

  /** A thread-less upload (each a new size, so each a new image). */
  async function uploadLoose(token: string): Promise<MediaUploadResult> {
    sizes += 1;
    const form = multipartForm({ file: { bytes: await solidImage(sizes, sizes), filename: 'pic.png' } });
    const response = await calls.upload(token, form);
    expect(response.status, await response.clone().text()).toBe(201);
    return mediaUploadResultSchema.parse(await response.json());
  }

  const keyOf = (url: string) => new URL(url).pathname.replace(/^\/media\//, '');
  const storedPath = (url: string) => join(server.config.dataDir, 'media', keyOf(url));

  async function rowOf(url: string) {
    const [row] = await server.database.db
      .select()
      .from(forumMedia)
      .where(eq(forumMedia.storageKey, keyOf(url)));
    return row;
  }

  async function age(urls: string[], hours: number) {
    await server.database.db
      .update(forumMedia)
      .set({ createdAt: sql`now() - ${hours} * interval '1 hour'` })
      .where(inArray(forumMedia.storageKey, urls.map(keyOf)));
  }

  it('stores an image for its uploader with no thread, and the new thread showing it claims it', async () => {
    const user = await createUserWithToken(server);
    const image = await uploadLoose(user.token);
    expect(existsSync(storedPath(image.url))).toBe(true);
    expect(await rowOf(image.url)).toMatchObject({ uploaderId: user.id, threadId: null, postId: null });

    const { thread, originalPost } = await createdThread(server, user.token, {
      first_post_markdown: `Look:\n\n![pic](${image.url})`,
    });
    expect(await rowOf(image.url)).toMatchObject({ threadId: thread.id, postId: originalPost.id });
    expect(originalPost.content_markdown).toContain(image.url);

    // Claimed, it goes with its thread.
    expect((await calls.remove(user.token, thread.id)).status).toBe(204);
    expect(await rowOf(image.url)).toBeUndefined();
    expect(existsSync(storedPath(image.url))).toBe(false);
  });

  it('is claimed by a reply or an edit of the uploader', async () => {
    const user = await createUserWithToken(server);
    const { thread, originalPost } = await createdThread(server, user.token);
    const forReply = await uploadLoose(user.token);
    const reply = await createdPost(server, user.token, thread.id, {
      content_markdown: `![a](${forReply.url})`,
    });
    expect(await rowOf(forReply.url)).toMatchObject({ threadId: thread.id, postId: reply.id });

    const forEdit = await uploadLoose(user.token);
    const edited = await calls.update(user.token, thread.id, {
      first_post_markdown: `Now with a picture ![b](${forEdit.url})`,
    });
    expect(edited.status).toBe(200);
    expect(await rowOf(forEdit.url)).toMatchObject({ threadId: thread.id, postId: originalPost.id });

    const forPostEdit = await uploadLoose(user.token);
    const response = await calls.editPost(user.token, thread.id, reply.id, {
      content_markdown: `![c](${forPostEdit.url})`,
    });
    expect(response.status).toBe(200);
    expect(await rowOf(forPostEdit.url)).toMatchObject({ threadId: thread.id, postId: reply.id });
  });

  it("never transfers another user's image: their URL in someone else's markdown claims nothing", async () => {
    const owner = await createUserWithToken(server);
    const other = await createUserWithToken(server);
    const image = await uploadLoose(owner.token);

    const { thread } = await createdThread(server, other.token, {
      first_post_markdown: `Borrowed ![x](${image.url})`,
    });
    await createdPost(server, other.token, thread.id, { content_markdown: `Again ![x](${image.url})` });
    expect(await rowOf(image.url)).toMatchObject({ uploaderId: owner.id, threadId: null, postId: null });

    // Deleting the other user's thread leaves the owner's image alone.
    expect((await calls.remove(other.token, thread.id)).status).toBe(204);
    expect(existsSync(storedPath(image.url))).toBe(true);

    // The owner can still use it.
    const mine = await createdThread(server, owner.token, { first_post_markdown: `![mine](${image.url})` });
    expect(await rowOf(image.url)).toMatchObject({ threadId: mine.thread.id });
    // An image claimed once is not claimed again by another of the owner's threads.
    await createdThread(server, owner.token, { first_post_markdown: `![again](${image.url})` });
    expect(await rowOf(image.url)).toMatchObject({ threadId: mine.thread.id });
  });

  it('sweeps unclaimed images past the grace period, keeping claimed and fresh ones', async () => {
    const user = await createUserWithToken(server);
    const stale = await uploadLoose(user.token);
    const fresh = await uploadLoose(user.token);
    const claimed = await uploadLoose(user.token);
    const { thread } = await createdThread(server, user.token, {
      first_post_markdown: `![kept](${claimed.url})`,
    });
    await age([stale.url, claimed.url], 3);
    await age([fresh.url], 1);

    const run = await sweepUnclaimedForumMedia(server.database.db, server.config.FORUM_UNCLAIMED_MEDIA_GRACE);
    expect(run).toMatchObject({ ran: true });
    expect(run.ran && run.result.removed).toBeGreaterThanOrEqual(1);
    expect(await rowOf(stale.url)).toBeUndefined();
    expect(await rowOf(fresh.url)).toMatchObject({ threadId: null });
    expect(await rowOf(claimed.url)).toMatchObject({ threadId: thread.id });
    // The files go through the media's pending deletions.
    await server.app.retiredMedia.sweep();
    expect(existsSync(storedPath(stale.url))).toBe(false);
    expect(existsSync(storedPath(fresh.url))).toBe(true);
    expect(existsSync(storedPath(claimed.url))).toBe(true);
    expect((await server.request(new URL(stale.url).pathname)).status).toBe(404);
    expect((await threadDetail(server, thread.id)).posts[0]!.content_markdown).toContain(claimed.url);
  });

  it("takes a deleted account's unclaimed images with it, and leaves those its posts show", async () => {
    const credentials = newCredentials('leaving');
    const leaving = await createUserWithToken(server, { credentials });
    const loose = await uploadLoose(leaving.token);
    const shown = await uploadLoose(leaving.token);
    const { thread } = await createdThread(server, leaving.token, {
      first_post_markdown: `![shown](${shown.url})`,
    });

    const response = await server.request('/auth/me', {
      method: 'DELETE',
      token: leaving.token,
      json: { password: credentials.password },
    });
    expect(response.status).toBe(204);
    expect(await rowOf(loose.url)).toBeUndefined();
    await server.app.retiredMedia.sweep();
    expect(existsSync(storedPath(loose.url))).toBe(false);
    // The thread stays (its author now anonymous), with its image.
    expect(await rowOf(shown.url)).toMatchObject({ threadId: thread.id, uploaderId: null });
    expect(existsSync(storedPath(shown.url))).toBe(true);
  });

  it('refuses a post without its thread, and keeps refusing what it refused before', async () => {
    const user = await createUserWithToken(server);
    const png = await solidImage(12, 12);
    const postOnly = await calls.upload(
      user.token,
      multipartForm({ post_id: '1', file: { bytes: png, filename: 'a.png' } }),
    );
    expect(postOnly.status).toBe(422);
    expect(
      (await calls.upload(undefined, multipartForm({ file: { bytes: png, filename: 'a.png' } }))).status,
    ).toBe(401);
  });
});
