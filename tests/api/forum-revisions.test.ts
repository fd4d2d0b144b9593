import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FORUM_API_TEXTS as TEXTS,
  postRevisionsSchema,
  postSchema,
  type PostRevision,
} from '../../contract/forum';
import { forumPostRevisions } from '../../api/db/schema';
import { createUserWithToken } from './auth-helpers';
import { createdPost, createdThread, threadDetail, useForumWorld } from './forum-helpers';
import { expectError } from './reading-lists-helpers';

describe('post edit history', () => {
  const w = useForumWorld((i) => ({ title: `Revision Series ${i + 1}` }));

  const revisionsPath = (threadId: number | string, postId: number | string) =>
    `/forum/threads/${threadId}/posts/${postId}/revisions`;

  async function revisions(threadId: number, postId: number, token: string): Promise<PostRevision[]> {
    const response = await w.server.request(revisionsPath(threadId, postId), { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return postRevisionsSchema.parse(await response.json());
  }

  async function edit(threadId: number, postId: number, token: string, content: string) {
    const response = await w.calls.editPost(token, threadId, postId, { content_markdown: content });
    expect(response.status, await response.clone().text()).toBe(200);
    return postSchema.parse(await response.json());
  }

  it('marks a post edited only once its text changes, and keeps every earlier text newest first', async () => {
    const { thread } = await createdThread(w.server, w.author.token);
    const post = await createdPost(w.server, w.author.token, thread.id, { content_markdown: 'First text' });
    expect(post.edited_at).toBeNull();
    expect(await revisions(thread.id, post.id, w.author.token)).toEqual([]);

    const unchanged = await edit(thread.id, post.id, w.author.token, 'First text');
    expect(unchanged.edited_at).toBeNull();

    const second = await edit(thread.id, post.id, w.author.token, 'Second text');
    expect(second.edited_at).not.toBeNull();
    expect(Date.parse(second.edited_at!)).toBeGreaterThanOrEqual(Date.parse(post.created_at));
    const third = await edit(thread.id, post.id, w.admin.token, 'Third text');
    expect(Date.parse(third.edited_at!)).toBeGreaterThanOrEqual(Date.parse(second.edited_at!));

    // Each earlier version carries its own time: the post's creation, then the edit that wrote it.
    expect(await revisions(thread.id, post.id, w.author.token)).toEqual([
      { content_markdown: 'Second text', edited_at: second.edited_at },
      { content_markdown: 'First text', edited_at: post.created_at },
    ]);
    const shown = (await threadDetail(w.server, thread.id)).posts.find((p) => p.id === post.id)!;
    expect(shown).toMatchObject({ content_markdown: 'Third text', edited_at: third.edited_at });
  });

  it("keeps the original post's earlier text when the thread's body is edited", async () => {
    const { thread, originalPost } = await createdThread(w.server, w.author.token, {
      first_post_markdown: 'Opening as written',
    });
    const response = await w.calls.update(w.author.token, thread.id, {
      first_post_markdown: 'Opening fixed',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const history = await revisions(thread.id, originalPost.id, w.admin.token);
    expect(history).toEqual([{ content_markdown: 'Opening as written', edited_at: originalPost.created_at }]);
    const shown = (await threadDetail(w.server, thread.id)).posts[0]!;
    expect(shown.edited_at).not.toBeNull();
  });

  it('shows the history to the author and admins only: 403 for others, 401 without a token, 404 when missing', async () => {
    const { thread } = await createdThread(w.server, w.author.token);
    const post = await createdPost(w.server, w.author.token, thread.id, { content_markdown: 'Mine' });
    await edit(thread.id, post.id, w.author.token, 'Mine, edited');
    const stranger = await createUserWithToken(w.server);

    expect(await revisions(thread.id, post.id, w.admin.token)).toHaveLength(1);
    await expectError(
      await w.server.request(revisionsPath(thread.id, post.id), { token: stranger.token }),
      403,
      TEXTS.notYourPostHistory,
      'FORBIDDEN',
    );
    expect((await w.server.request(revisionsPath(thread.id, post.id))).status).toBe(401);
    for (const [threadId, postId] of [
      [thread.id, post.id + 100_000],
      [thread.id + 100_000, post.id],
      [thread.id, 99_999_999_999],
    ] as const) {
      await expectError(
        await w.server.request(revisionsPath(threadId, postId), { token: w.admin.token }),
        404,
        TEXTS.postNotFound,
      );
    }
  });

  it('deletes the revisions with their post', async () => {
    const { thread } = await createdThread(w.server, w.author.token);
    const post = await createdPost(w.server, w.author.token, thread.id, { content_markdown: 'Doomed' });
    await edit(thread.id, post.id, w.author.token, 'Doomed, edited');
    const kept = () =>
      w.server.database.db
        .select({ id: forumPostRevisions.id })
        .from(forumPostRevisions)
        .where(eq(forumPostRevisions.postId, post.id));
    expect(await kept()).toHaveLength(1);
    const response = await w.calls.deleteMine(w.author.token, thread.id, post.id);
    expect(response.status).toBe(204);
    expect(await kept()).toEqual([]);
  });
});
