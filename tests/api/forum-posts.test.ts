import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORUM_API_TEXTS as TEXTS, likeResultSchema, postSchema } from '../../contract/forum';
import { forumLikes, forumPosts, forumThreads } from '../../api/db/schema';
import { createUserWithToken } from './auth-helpers';
import { createdPost, createdThread, threadDetail, useForumWorld } from './forum-helpers';
import { expectError } from './reading-lists-helpers';

describe('forum posts and likes', () => {
  const w = useForumWorld((i) => ({
    title: `Post Series ${i + 1}`,
  }));

  async function postCount(threadId: number): Promise<number> {
    const [row] = await w.server.database.db
      .select({ count: forumThreads.postCount })
      .from(forumThreads)
      .where(eq(forumThreads.id, threadId));
    return row!.count;
  }

  it('replies at the top level and nested, trimmed, with mentions from series_ids and series: links', async () => {
    const { thread, originalPost } = await createdThread(w.server, w.author.token);
    const response = await w.calls.reply(w.author.token, thread.id, {
      content_markdown: `  Try [Post Series 2](series:${w.seriesIds[1]})  `,
      series_ids: [w.seriesIds[0]],
      parent_id: 0,
    });
    expect(response.status).toBe(201);
    const top = postSchema.parse(await response.json());
    expect(top).toMatchObject({
      thread_id: thread.id,
      parent_id: null,
      author_username: w.author.username,
      content_markdown: `Try [Post Series 2](series:${w.seriesIds[1]})`,
      heart_count: 0,
      viewer_has_hearted: false,
    });
    expect(top.series_refs.map((ref) => ref.series_id)).toEqual([w.seriesIds[0], w.seriesIds[1]]);
    const nested = await createdPost(w.server, w.admin.token, thread.id, {
      parent_id: top.id,
      content_markdown: 'Nested',
    });
    expect(nested.parent_id).toBe(top.id);
    const deeper = await createdPost(w.server, w.author.token, thread.id, { parent_id: nested.id });

    const detail = await threadDetail(w.server, thread.id);
    expect(detail.posts.map((post) => post.id)).toEqual([originalPost.id, top.id, nested.id, deeper.id]);
    expect(detail.thread.post_count).toBe(4);
    expect(Date.parse(detail.thread.last_post_at)).toBeGreaterThanOrEqual(Date.parse(thread.last_post_at));
  });

  it('refuses an empty reply, a parent from elsewhere, too many mentions, and a missing thread', async () => {
    const { thread } = await createdThread(w.server, w.author.token);
    const other = await createdThread(w.server, w.author.token);
    const otherPost = await createdPost(w.server, w.author.token, other.thread.id);
    await expectError(
      await w.calls.reply(w.author.token, thread.id, { content_markdown: '  \n ' }),
      422,
      TEXTS.replyEmpty,
    );
    await expectError(await w.calls.reply(w.author.token, thread.id, {}), 422, TEXTS.replyEmpty);
    await expectError(
      await w.calls.reply(w.author.token, thread.id, { content_markdown: 'Hi', parent_id: otherPost.id }),
      404,
      TEXTS.parentNotFound,
    );
    await expectError(
      await w.calls.reply(w.author.token, thread.id, { content_markdown: 'Hi', parent_id: 999_999 }),
      404,
      TEXTS.parentNotFound,
    );
    const text = w.seriesIds
      .slice(0, 6)
      .map((id) => `[s](series:${id})`)
      .join(' ');
    await expectError(
      await w.calls.reply(w.author.token, thread.id, {
        content_markdown: text,
        series_ids: w.seriesIds.slice(6, 11),
      }),
      400,
      TEXTS.tooManyReplyMentions,
    );
    await expectError(
      await w.calls.reply(w.author.token, 999_999, { content_markdown: 'Hi' }),
      404,
      TEXTS.threadNotFound,
    );
    expect(
      (await w.calls.reply(w.author.token, thread.id, { content_markdown: 'Hi', parent_id: -1 })).status,
    ).toBe(422);
    expect(await postCount(thread.id)).toBe(1);
  });

  it('edits a post (owner or admin), refusing empty content', async () => {
    const { thread } = await createdThread(w.server, w.author.token);
    const post = await createdPost(w.server, w.author.token, thread.id);
    const response = await w.calls.editPost(w.author.token, thread.id, post.id, {
      content_markdown: ` Edited [x](series:${w.seriesIds[3]}) `,
      series_ids: [],
    });
    expect(response.status).toBe(200);
    const edited = postSchema.parse(await response.json());
    expect(edited.content_markdown).toBe(`Edited [x](series:${w.seriesIds[3]})`);
    expect(edited.series_refs.map((ref) => ref.series_id)).toEqual([w.seriesIds[3]]);
    await expectError(
      await w.calls.editPost(w.author.token, thread.id, post.id, { content_markdown: ' ' }),
      422,
      TEXTS.contentEmpty,
    );
    expect(
      (await w.calls.editPost(w.admin.token, thread.id, post.id, { content_markdown: 'Moderated' })).status,
    ).toBe(200);
    await expectError(
      await w.calls.editPost(w.author.token, thread.id, 999_999, { content_markdown: 'x' }),
      404,
      TEXTS.postNotFound,
    );
  });

  it("deletes a post with every reply under it and keeps the thread's count", async () => {
    const { thread } = await createdThread(w.server, w.author.token);
    const top = await createdPost(w.server, w.author.token, thread.id);
    const child = await createdPost(w.server, w.admin.token, thread.id, { parent_id: top.id });
    await createdPost(w.server, w.author.token, thread.id, { parent_id: child.id });
    const sibling = await createdPost(w.server, w.author.token, thread.id);
    expect(await postCount(thread.id)).toBe(5);

    const response = await w.calls.deleteMine(w.author.token, thread.id, top.id);
    expect(response.status).toBe(204);
    const detail = await threadDetail(w.server, thread.id);
    expect(detail.posts.map((post) => post.id)).toEqual([detail.posts[0]!.id, sibling.id]);
    expect(detail.thread.post_count).toBe(2);
    await expectError(await w.calls.deleteMine(w.author.token, thread.id, top.id), 404, TEXTS.postNotFound);

    expect((await w.calls.adminDeletePost(w.admin.token, thread.id, sibling.id)).status).toBe(204);
    expect(await postCount(thread.id)).toBe(1);
  });

  it('toggles a like, reports it to the liker only, and never goes below zero', async () => {
    const { thread } = await createdThread(w.server, w.author.token);
    const post = await createdPost(w.server, w.author.token, thread.id);
    const liker = await createUserWithToken(w.server);
    const first = likeResultSchema.parse(await (await w.calls.like(liker.token, thread.id, post.id)).json());
    expect(first).toEqual({ count: 1, hearted: true });
    const seen = await threadDetail(w.server, thread.id, liker.token);
    expect(seen.posts[1]).toMatchObject({ heart_count: 1, viewer_has_hearted: true });
    const anonymous = await threadDetail(w.server, thread.id);
    expect(anonymous.posts[1]).toMatchObject({ heart_count: 1, viewer_has_hearted: false });
    expect(await (await w.calls.like(liker.token, thread.id, post.id)).json()).toEqual({
      count: 0,
      hearted: false,
    });
    await expectError(await w.calls.like(liker.token, thread.id, 999_999), 404, TEXTS.postNotFound);
    await expectError(await w.calls.like(liker.token, 999_999, post.id), 404, TEXTS.postNotFound);
  });

  it('keeps like counts exact under concurrent likes from many users', async () => {
    const { thread } = await createdThread(w.server, w.author.token);
    const post = await createdPost(w.server, w.author.token, thread.id);
    const likers = await Promise.all(Array.from({ length: 25 }, () => createUserWithToken(w.server)));
    // Everyone likes at once; then the first ten toggle twice more (like stays), at once.
    const answers = await Promise.all(likers.map((liker) => w.calls.like(liker.token, thread.id, post.id)));
    expect(answers.every((response) => response.status === 200)).toBe(true);
    await Promise.all(
      likers.slice(0, 10).flatMap((liker) => [w.calls.like(liker.token, thread.id, post.id)]),
    );
    await Promise.all(likers.slice(0, 10).map((liker) => w.calls.like(liker.token, thread.id, post.id)));
    // And one user toggles five times at once: their like exists or not, and the count agrees.
    const racer = likers[24]!;
    await Promise.all(Array.from({ length: 5 }, () => w.calls.like(racer.token, thread.id, post.id)));

    const rows = await w.server.database.db.select().from(forumLikes).where(eq(forumLikes.postId, post.id));
    const [stored] = await w.server.database.db
      .select({ count: forumPosts.likeCount })
      .from(forumPosts)
      .where(eq(forumPosts.id, post.id));
    expect(stored!.count).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    const detail = await threadDetail(w.server, thread.id);
    expect(detail.posts[1]!.heart_count).toBe(rows.length);
  });

  it('keeps threads and posts of a deleted account as Anonymous and drops its likes', async () => {
    const leaver = await createUserWithToken(w.server);
    const { thread } = await createdThread(w.server, leaver.token);
    const post = await createdPost(w.server, w.author.token, thread.id);
    await w.calls.like(leaver.token, thread.id, post.id);
    const { users } = await import('../../api/db/schema');
    await w.server.database.db.delete(users).where(eq(users.id, leaver.id));
    const detail = await threadDetail(w.server, thread.id);
    expect(detail.thread.author_username).toBeNull();
    expect(detail.posts[0]!.author_username).toBeNull();
    // The like row went with the account; the count follows on the next toggle only, so check the rows.
    expect(
      await w.server.database.db.select().from(forumLikes).where(eq(forumLikes.postId, post.id)),
    ).toEqual([]);
  });
});
