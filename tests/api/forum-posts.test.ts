import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_API_TEXTS as TEXTS, heartResultSchema, postSchema } from '../../contract/forum';
import { forumLikes, forumPosts, forumThreads } from '../../api/db/schema';
import { createUserWithToken } from './auth-helpers';
import type { TestServer } from './harness';
import {
  createdPost,
  createdThread,
  threadDetail,
  startForumWorld,
  type ForumWorld,
  type TestUser,
} from './forum-helpers';
import { expectError } from './reading-lists-helpers';

describe('forum posts and likes', () => {
  let server: TestServer;
  let calls: ForumWorld['calls'];
  let seriesIds: number[];
  let author: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ({ server, calls, seriesIds, author, admin } = await startForumWorld((i) => ({
      title: `Post Series ${i + 1}`,
    })));
  });
  afterAll(() => server.close());

  async function postCount(threadId: number): Promise<number> {
    const [row] = await server.database.db
      .select({ count: forumThreads.postCount })
      .from(forumThreads)
      .where(eq(forumThreads.id, threadId));
    return row!.count;
  }

  it('replies at the top level and nested, trimmed, with mentions from series_ids and series: links', async () => {
    const { thread, originalPost } = await createdThread(server, author.token);
    const response = await calls.reply(author.token, thread.id, {
      content_markdown: `  Try [Post Series 2](series:${seriesIds[1]})  `,
      series_ids: [seriesIds[0]],
      parent_id: 0,
    });
    expect(response.status).toBe(201);
    const top = postSchema.parse(await response.json());
    expect(top).toMatchObject({
      thread_id: thread.id,
      parent_id: null,
      author_username: author.username,
      content_markdown: `Try [Post Series 2](series:${seriesIds[1]})`,
      heart_count: 0,
      viewer_has_hearted: false,
    });
    expect(top.series_refs.map((ref) => ref.series_id)).toEqual([seriesIds[0], seriesIds[1]]);
    const nested = await createdPost(server, admin.token, thread.id, {
      parent_id: top.id,
      content_markdown: 'Nested',
    });
    expect(nested.parent_id).toBe(top.id);
    const deeper = await createdPost(server, author.token, thread.id, { parent_id: nested.id });

    const detail = await threadDetail(server, thread.id);
    expect(detail.posts.map((post) => post.id)).toEqual([originalPost.id, top.id, nested.id, deeper.id]);
    expect(detail.thread.post_count).toBe(4);
    expect(Date.parse(detail.thread.last_post_at)).toBeGreaterThanOrEqual(Date.parse(thread.last_post_at));
  });

  it('refuses an empty reply, a parent from elsewhere, too many mentions, and a missing thread', async () => {
    const { thread } = await createdThread(server, author.token);
    const other = await createdThread(server, author.token);
    const otherPost = await createdPost(server, author.token, other.thread.id);
    await expectError(
      await calls.reply(author.token, thread.id, { content_markdown: '  \n ' }),
      422,
      TEXTS.replyEmpty,
    );
    await expectError(await calls.reply(author.token, thread.id, {}), 422, TEXTS.replyEmpty);
    await expectError(
      await calls.reply(author.token, thread.id, { content_markdown: 'Hi', parent_id: otherPost.id }),
      404,
      TEXTS.parentNotFound,
    );
    await expectError(
      await calls.reply(author.token, thread.id, { content_markdown: 'Hi', parent_id: 999_999 }),
      404,
      TEXTS.parentNotFound,
    );
    const text = seriesIds
      .slice(0, 6)
      .map((id) => `[s](series:${id})`)
      .join(' ');
    await expectError(
      await calls.reply(author.token, thread.id, {
        content_markdown: text,
        series_ids: seriesIds.slice(6, 11),
      }),
      400,
      TEXTS.tooManyReplyMentions,
    );
    await expectError(
      await calls.reply(author.token, 999_999, { content_markdown: 'Hi' }),
      404,
      TEXTS.threadNotFound,
    );
    expect(
      (await calls.reply(author.token, thread.id, { content_markdown: 'Hi', parent_id: -1 })).status,
    ).toBe(422);
    expect(await postCount(thread.id)).toBe(1);
  });

  it('edits a post (owner or admin), refusing empty content', async () => {
    const { thread } = await createdThread(server, author.token);
    const post = await createdPost(server, author.token, thread.id);
    const response = await calls.editPost(author.token, thread.id, post.id, {
      content_markdown: ` Edited [x](series:${seriesIds[3]}) `,
      series_ids: [],
    });
    expect(response.status).toBe(200);
    const edited = postSchema.parse(await response.json());
    expect(edited.content_markdown).toBe(`Edited [x](series:${seriesIds[3]})`);
    expect(edited.series_refs.map((ref) => ref.series_id)).toEqual([seriesIds[3]]);
    await expectError(
      await calls.editPost(author.token, thread.id, post.id, { content_markdown: ' ' }),
      422,
      TEXTS.contentEmpty,
    );
    expect(
      (await calls.editPost(admin.token, thread.id, post.id, { content_markdown: 'Moderated' })).status,
    ).toBe(200);
    await expectError(
      await calls.editPost(author.token, thread.id, 999_999, { content_markdown: 'x' }),
      404,
      TEXTS.postNotFound,
    );
  });

  it("deletes a post with every reply under it and keeps the thread's count", async () => {
    const { thread } = await createdThread(server, author.token);
    const top = await createdPost(server, author.token, thread.id);
    const child = await createdPost(server, admin.token, thread.id, { parent_id: top.id });
    await createdPost(server, author.token, thread.id, { parent_id: child.id });
    const sibling = await createdPost(server, author.token, thread.id);
    expect(await postCount(thread.id)).toBe(5);

    const response = await calls.deleteMine(author.token, thread.id, top.id);
    expect(response.status).toBe(204);
    const detail = await threadDetail(server, thread.id);
    expect(detail.posts.map((post) => post.id)).toEqual([detail.posts[0]!.id, sibling.id]);
    expect(detail.thread.post_count).toBe(2);
    await expectError(await calls.deleteMine(author.token, thread.id, top.id), 404, TEXTS.postNotFound);

    expect((await calls.adminDeletePost(admin.token, thread.id, sibling.id)).status).toBe(204);
    expect(await postCount(thread.id)).toBe(1);
  });

  it('toggles a like, reports it to the liker only, and never goes below zero', async () => {
    const { thread } = await createdThread(server, author.token);
    const post = await createdPost(server, author.token, thread.id);
    const liker = await createUserWithToken(server);
    const first = heartResultSchema.parse(await (await calls.heart(liker.token, thread.id, post.id)).json());
    expect(first).toEqual({ count: 1, hearted: true });
    const seen = await threadDetail(server, thread.id, liker.token);
    expect(seen.posts[1]).toMatchObject({ heart_count: 1, viewer_has_hearted: true });
    const anonymous = await threadDetail(server, thread.id);
    expect(anonymous.posts[1]).toMatchObject({ heart_count: 1, viewer_has_hearted: false });
    expect(await (await calls.heart(liker.token, thread.id, post.id)).json()).toEqual({
      count: 0,
      hearted: false,
    });
    await expectError(await calls.heart(liker.token, thread.id, 999_999), 404, TEXTS.postNotFound);
    await expectError(await calls.heart(liker.token, 999_999, post.id), 404, TEXTS.postNotFound);
  });

  it('keeps like counts exact under concurrent likes from many users', async () => {
    const { thread } = await createdThread(server, author.token);
    const post = await createdPost(server, author.token, thread.id);
    const likers = await Promise.all(Array.from({ length: 25 }, () => createUserWithToken(server)));
    // Everyone likes at once; then the first ten toggle twice more (like stays), at once.
    const answers = await Promise.all(likers.map((liker) => calls.heart(liker.token, thread.id, post.id)));
    expect(answers.every((response) => response.status === 200)).toBe(true);
    await Promise.all(likers.slice(0, 10).flatMap((liker) => [calls.heart(liker.token, thread.id, post.id)]));
    await Promise.all(likers.slice(0, 10).map((liker) => calls.heart(liker.token, thread.id, post.id)));
    // And one user toggles five times at once: their like exists or not, and the count agrees.
    const racer = likers[24]!;
    await Promise.all(Array.from({ length: 5 }, () => calls.heart(racer.token, thread.id, post.id)));

    const rows = await server.database.db.select().from(forumLikes).where(eq(forumLikes.postId, post.id));
    const [stored] = await server.database.db
      .select({ count: forumPosts.heartCount })
      .from(forumPosts)
      .where(eq(forumPosts.id, post.id));
    expect(stored!.count).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    const detail = await threadDetail(server, thread.id);
    expect(detail.posts[1]!.heart_count).toBe(rows.length);
  });

  it('keeps threads and posts of a deleted account as Anonymous and drops its likes', async () => {
    const leaver = await createUserWithToken(server);
    const { thread } = await createdThread(server, leaver.token);
    const post = await createdPost(server, author.token, thread.id);
    await calls.heart(leaver.token, thread.id, post.id);
    const { users } = await import('../../api/db/schema');
    await server.database.db.delete(users).where(eq(users.id, leaver.id));
    const detail = await threadDetail(server, thread.id);
    expect(detail.thread.author_username).toBeNull();
    expect(detail.posts[0]!.author_username).toBeNull();
    // The like row went with the account; the count follows on the next toggle only, so check the rows.
    expect(await server.database.db.select().from(forumLikes).where(eq(forumLikes.postId, post.id))).toEqual(
      [],
    );
  });
});
