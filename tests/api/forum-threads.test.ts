import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FORUM_API_TEXTS as TEXTS,
  forumCataloguePageSchema,
  MAX_THREADS_PER_USER,
  threadDetailSchema,
  threadListSchema,
  threadSchema,
  type Thread,
  type ThreadDetail,
} from '../../contract/forum';
import { forumThreads } from '../../api/db/schema';
import { createUserWithToken } from './auth-helpers';
import { createdPost, createdThread, threadDetail, useForumWorld } from './forum-helpers';
import { expectError } from './reading-lists-helpers';

describe('forum threads', () => {
  const w = useForumWorld((i) => ({
    title: `Forum Series ${i + 1}`,
    voters: 1,
    score: 5 + (i % 5),
  }));

  describe('creating', () => {
    it('creates a thread with its original post, references and mentions, trimmed and without a heading marker', async () => {
      const response = await w.calls.create(w.author.token, {
        title: '  ## Best regression manhwa?  ',
        first_post_markdown: `  Looking for more like [Forum Series 3](series:${w.seriesIds[2]}).  \n`,
        series_ids: [w.seriesIds[0], w.seriesIds[1], w.seriesIds[0]],
      });
      expect(response.status).toBe(201);
      const thread = threadSchema.parse(await response.json());
      expect(thread).toMatchObject({
        title: 'Best regression manhwa?',
        author_username: w.author.username,
        post_count: 1,
        locked: false,
        latest_first: false,
        pinned: false,
        settings: { latest_first: false },
      });
      expect(thread.series_refs.map((ref) => ref.series_id)).toEqual([w.seriesIds[0], w.seriesIds[1]]);
      expect(thread.series_refs[0]).toMatchObject({
        title: 'Forum Series 1',
        type: 'MANHWA',
        status: 'ONGOING',
      });

      const detail = threadDetailSchema.parse(await (await w.calls.get(thread.id)).json());
      expect(detail.posts).toHaveLength(1);
      expect(detail.posts[0]).toMatchObject({
        parent_id: null,
        author_username: w.author.username,
        content_markdown: `Looking for more like [Forum Series 3](series:${w.seriesIds[2]}).`,
        heart_count: 0,
        viewer_has_hearted: false,
      });
      expect(detail.posts[0]!.series_refs.map((ref) => ref.series_id)).toEqual([w.seriesIds[2]]);
    });

    it.each([
      ['a missing title', { first_post_markdown: 'Body' }],
      ['a blank title', { title: '   ', first_post_markdown: 'Body' }],
      ['a title that is only a heading marker', { title: '### ', first_post_markdown: 'Body' }],
      ['missing content', { title: 'Title' }],
      ['blank content', { title: 'Title', first_post_markdown: ' \n\t ' }],
    ])('refuses %s with 422 "Title and content are required."', async (_case, body) => {
      const response = await w.calls.create(w.author.token, body);
      const text = await response.text();
      expect(response.status, text).toBe(422);
      const answer = JSON.parse(text) as { detail: string; errors: unknown[] };
      expect(answer.detail).toBe(TEXTS.titleAndContentRequired);
      expect(answer.errors.length).toBeGreaterThan(0);
    });

    it('refuses more than 10 referenced series and more than 10 mentioned series', async () => {
      const eleven = Array.from({ length: 11 }, (_, i) => w.seriesIds[i]!);
      await expectError(
        await w.calls.create(w.author.token, {
          title: 'Refs',
          first_post_markdown: 'Body',
          series_ids: eleven,
        }),
        400,
        TEXTS.tooManyRefs,
      );
      const mentions = eleven.map((id) => `[s](series:${id})`).join(' ');
      await expectError(
        await w.calls.create(w.author.token, { title: 'Mentions', first_post_markdown: mentions }),
        400,
        TEXTS.tooManyMentions,
      );
      // Ten of each is fine; a repeated mention counts once.
      const ten = eleven.slice(0, 10);
      const response = await w.calls.create(w.author.token, {
        title: 'Ten of each',
        first_post_markdown: `${ten.map((id) => `[s](series:${id})`).join(' ')} [again](series:${ten[0]})`,
        series_ids: ten,
      });
      expect(response.status).toBe(201);
      await w.calls.remove(w.author.token, ((await response.json()) as Thread).id);
    });

    it('accepts a form body (older clients send FormData) with repeated or comma-separated series ids', async () => {
      const form = new FormData();
      form.set('title', 'From a form');
      form.set('first_post_markdown', 'Sent as multipart');
      form.append('series_ids', String(w.seriesIds[3]));
      form.append('series_ids', String(w.seriesIds[4]));
      const multipart = await w.server.request('/forum/threads', {
        method: 'POST',
        token: w.author.token,
        body: form,
      });
      expect(multipart.status, await multipart.clone().text()).toBe(201);
      const thread = (await multipart.json()) as Thread;
      expect(thread.series_refs.map((ref) => ref.series_id)).toEqual([w.seriesIds[3], w.seriesIds[4]]);
      await w.calls.remove(w.author.token, thread.id);

      const urlencoded = await w.server.request('/forum/threads', {
        method: 'POST',
        token: w.author.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          title: 'Urlencoded',
          first_post_markdown: 'Body',
          series_ids: `${w.seriesIds[5]},${w.seriesIds[6]}`,
        }),
      });
      expect(urlencoded.status, await urlencoded.clone().text()).toBe(201);
      const second = (await urlencoded.json()) as Thread;
      expect(second.series_refs.map((ref) => ref.series_id)).toEqual([w.seriesIds[5], w.seriesIds[6]]);
      await w.calls.remove(w.author.token, second.id);
    });

    it(`caps a user at ${MAX_THREADS_PER_USER} threads, also under concurrent creates; deleting one frees a place`, async () => {
      const writer = await createUserWithToken(w.server);
      const attempts = await Promise.all(
        Array.from({ length: MAX_THREADS_PER_USER + 4 }, (_, i) =>
          w.calls.create(writer.token, { title: `Mine ${i}`, first_post_markdown: 'Body' }),
        ),
      );
      const statuses = attempts.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_THREADS_PER_USER);
      expect(statuses.filter((status) => status === 403)).toHaveLength(4);
      const refused = attempts.find((response) => response.status === 403)!;
      await expectError(refused, 403, TEXTS.threadLimit, 'THREAD_LIMIT_REACHED');
      const owned = await w.server.database.db
        .select()
        .from(forumThreads)
        .where(eq(forumThreads.authorId, writer.id));
      expect(owned).toHaveLength(MAX_THREADS_PER_USER);

      await w.calls.remove(writer.token, owned[0]!.id);
      expect(
        (await w.calls.create(writer.token, { title: 'One more', first_post_markdown: 'Body' })).status,
      ).toBe(201);
    });

    it('ignores series ids that name no series', async () => {
      const { thread } = await createdThread(w.server, w.author.token, {
        series_ids: [w.seriesIds[0]!, 999_999],
      });
      expect(thread.series_refs.map((ref) => ref.series_id)).toEqual([w.seriesIds[0]]);
      await w.calls.remove(w.author.token, thread.id);
    });
  });

  describe('reading', () => {
    it('lists pinned threads first, then by last activity, with X-Total-Count, search and author filters', async () => {
      const reader = await createUserWithToken(w.server);
      const older = await createdThread(w.server, reader.token, { title: 'Zebra tower climbing' });
      const newer = await createdThread(w.server, reader.token, { title: 'Solo zebra hunting' });
      const pinned = await createdThread(w.server, w.admin.token, { title: 'Zebra patch notes' });
      expect((await w.calls.pin(w.admin.token, pinned.thread.id, true)).status).toBe(200);
      // A reply makes the older thread the most recently active one.
      await createdPost(w.server, w.author.token, older.thread.id);

      const response = await w.calls.list('?q=zebra');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total-count')).toBe('3');
      const threads = threadListSchema.parse(await response.json());
      expect(threads.map((thread) => thread.id)).toEqual([
        pinned.thread.id,
        older.thread.id,
        newer.thread.id,
      ]);
      expect(threads[0]!.pinned).toBe(true);
      expect(threads[1]!.post_count).toBe(2);

      const words = threadListSchema.parse(await (await w.calls.list('?q=ZEBRA%20solo')).json());
      expect(words.map((thread) => thread.id)).toEqual([newer.thread.id]);

      const mine = await w.calls.list(`?author=${reader.username.toUpperCase()}&page_size=1000`);
      expect(mine.headers.get('x-total-count')).toBe('2');
      expect(
        ((await mine.json()) as Thread[]).every((thread) => thread.author_username === reader.username),
      ).toBe(true);

      const paged = await w.calls.list('?q=zebra&page=2&page_size=2');
      expect(((await paged.json()) as Thread[]).map((thread) => thread.id)).toEqual([newer.thread.id]);
      const past = await w.calls.list('?q=zebra&page=9&page_size=2');
      expect(await past.json()).toEqual([]);
      expect(past.headers.get('x-total-count')).toBe('3');
      // A search word with LIKE wildcards matches itself only.
      expect(await (await w.calls.list('?q=%25')).json()).toEqual([]);
    });

    it.each(['?page=0', '?page_size=0', '?page_size=1001', '?page=abc'])(
      'answers 422 for %s',
      async (query) => {
        expect((await w.calls.list(query)).status).toBe(422);
      },
    );

    it('answers 404 "Thread not found" for a missing thread and 422 for a malformed id', async () => {
      await expectError(await w.calls.get(999_999), 404, TEXTS.threadNotFound);
      await expectError(await w.calls.get(99_999_999_999), 404, TEXTS.threadNotFound);
      expect((await w.calls.get('0x10')).status).toBe(422);
      expect((await w.server.request('/forum/threads/')).status).toBe(200);
    });

    it('tags the thread with an ETag and answers 304 while nothing changed, so open pages can poll', async () => {
      const { thread } = await createdThread(w.server, w.author.token);
      const first = await w.calls.get(thread.id);
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      expect(first.headers.get('vary')).toMatch(/Authorization/i);
      const unchanged = await w.calls.get(thread.id, undefined, { 'if-none-match': etag! });
      expect(unchanged.status).toBe(304);
      await createdPost(w.server, w.author.token, thread.id, { content_markdown: 'New reply' });
      const changed = await w.calls.get(thread.id, undefined, { 'if-none-match': etag! });
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as { posts: unknown[] }).posts).toHaveLength(2);
    });

    it('sends a long thread gzipped to clients that take it, with its own ETag', async () => {
      const { thread } = await createdThread(w.server, w.author.token);
      for (let i = 0; i < 30; i++) {
        await createdPost(w.server, w.author.token, thread.id, {
          content_markdown: `Reply ${i}: ${'long text '.repeat(40)}`,
        });
      }
      const zipped = await w.calls.get(thread.id, undefined, { 'accept-encoding': 'gzip' });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/i);
      const etag = zipped.headers.get('etag')!;
      expect(etag).toMatch(/-gz"$/);
      expect(((await zipped.json()) as { posts: unknown[] }).posts).toHaveLength(31);
      expect(
        (await w.calls.get(thread.id, undefined, { 'accept-encoding': 'gzip', 'if-none-match': etag }))
          .status,
      ).toBe(304);
      const plain = await w.calls.get(thread.id, undefined, { 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('etag')).toBe(etag.replace('-gz"', '"'));
      expect(((await plain.json()) as { posts: unknown[] }).posts).toHaveLength(31);
    });

    it('serves an Atom feed of recent threads with escaped text', async () => {
      const { thread } = await createdThread(w.server, w.author.token, {
        title: 'Feed <script>alert(1)</script> & more',
        first_post_markdown: 'Read **this** [link](https://example.com)',
      });
      const response = await w.server.request('/forum/feed.xml');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
      const feed = await response.text();
      expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
      expect(feed).toContain(`/forum/${thread.id}</id>`);
      expect(feed).toContain('Feed &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
      expect(feed).not.toContain('<script>');
      expect(feed).toContain('<summary type="text">Read this link</summary>');
    });

    it('gives every thread as a visitor reads it, in id order, a page after another (GET /forum/catalogue)', async () => {
      const reader = await createUserWithToken(w.server);
      const liked = await createdThread(w.server, reader.token, {
        title: 'Catalogue thread',
        series_ids: [w.seriesIds[3]!],
      });
      const reply = await createdPost(w.server, w.author.token, liked.thread.id, {
        content_markdown: `A reply about [Forum Series 5](series:${w.seriesIds[4]}).`,
      });
      await createdPost(w.server, reader.token, liked.thread.id, { parent_id: reply.id });
      expect((await w.calls.like(reader.token, liked.thread.id, reply.id)).status).toBe(200);
      await createdThread(w.server, w.author.token, { title: 'Another catalogue thread' });

      const read = async (query: string, token?: string) => {
        const response = await w.server.request(`/forum/catalogue${query}`, { token });
        expect(response.status, query).toBe(200);
        return forumCataloguePageSchema.strict().parse(await response.json());
      };
      const everything: ThreadDetail[] = [];
      for (let afterId = 0, pages = 0; ; pages += 1) {
        const page = await read(`?after_id=${afterId}&page_size=2`);
        expect(page.items.length).toBeLessThanOrEqual(2);
        everything.push(...page.items);
        if (!page.has_more) break;
        afterId = page.items.at(-1)!.thread.id;
        expect(pages).toBeLessThan(100);
      }
      const ids = everything.map((detail) => detail.thread.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const listed = threadListSchema.parse(await (await w.calls.list('?page_size=1000')).json());
      expect(new Set(ids)).toEqual(new Set(listed.map((thread) => thread.id)));
      // Each thread exactly as GET /forum/threads/{id} gives it to a visitor, even to a signed-in caller
      // who likes one of its posts and follows it.
      for (const detail of everything) expect(detail).toEqual(await threadDetail(w.server, detail.thread.id));
      const signedIn = await read(`?after_id=${liked.thread.id - 1}&page_size=1`, reader.token);
      expect(signedIn.items).toEqual([await threadDetail(w.server, liked.thread.id)]);
      expect(signedIn.items[0]!.posts.map((post) => post.viewer_has_hearted)).toEqual([false, false, false]);
      expect(signedIn.items[0]!.posts[1]).toMatchObject({ heart_count: 1 });

      for (const bad of [
        '?page_size=101',
        '?page_size=0',
        '?after_id=-1',
        '?after_id=0x1',
        '?after_id=abc',
      ]) {
        const response = await w.server.request(`/forum/catalogue${bad}`);
        expect(response.status, bad).toBe(422);
      }
    });
  });

  describe('editing and deleting', () => {
    it('lets the owner change title, original post and references, refusing blank texts', async () => {
      const { thread, originalPost } = await createdThread(w.server, w.author.token, {
        series_ids: [w.seriesIds[0]!],
      });
      const response = await w.calls.update(w.author.token, thread.id, {
        title: '# Renamed',
        first_post_markdown: `Now about [x](series:${w.seriesIds[7]})`,
        series_ids: [w.seriesIds[8], w.seriesIds[9]],
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const updated = threadSchema.parse(await response.json());
      expect(updated.title).toBe('Renamed');
      expect(updated.series_refs.map((ref) => ref.series_id)).toEqual([w.seriesIds[8], w.seriesIds[9]]);
      const detail = await threadDetail(w.server, thread.id);
      expect(detail.posts[0]).toMatchObject({
        id: originalPost.id,
        content_markdown: `Now about [x](series:${w.seriesIds[7]})`,
      });
      expect(detail.posts[0]!.series_refs.map((ref) => ref.series_id)).toEqual([w.seriesIds[7]]);

      // Only the title: the rest stays.
      const titleOnly = threadSchema.parse(
        await (await w.calls.update(w.author.token, thread.id, { title: 'Again' })).json(),
      );
      expect(titleOnly.series_refs).toHaveLength(2);
      await expectError(
        await w.calls.update(w.author.token, thread.id, { title: '  ' }),
        422,
        TEXTS.titleAndContentRequired,
      );
      await expectError(
        await w.calls.update(w.author.token, thread.id, { first_post_markdown: '' }),
        422,
        TEXTS.titleAndContentRequired,
      );
      await expectError(
        await w.calls.update(w.author.token, thread.id, { series_ids: w.seriesIds.slice(0, 11) }),
        400,
        TEXTS.tooManyRefs,
      );
    });

    it('deletes a thread with its posts; the original post goes only with its thread', async () => {
      const { thread, originalPost } = await createdThread(w.server, w.author.token);
      await createdPost(w.server, w.author.token, thread.id);
      await expectError(
        await w.calls.deleteMine(w.author.token, thread.id, originalPost.id),
        400,
        TEXTS.originalPostDelete,
      );
      await expectError(
        await w.calls.adminDeletePost(w.admin.token, thread.id, originalPost.id),
        400,
        TEXTS.originalPostDelete,
      );
      const response = await w.calls.remove(w.author.token, thread.id);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      await expectError(await w.calls.get(thread.id), 404, TEXTS.threadNotFound);
      await expectError(await w.calls.remove(w.author.token, thread.id), 404, TEXTS.threadNotFound);
    });
  });

  describe('moderation', () => {
    it('locks, orders and pins (admin), answering {id, flag}; the ordering shows on the thread', async () => {
      const { thread } = await createdThread(w.server, w.author.token);
      expect(await (await w.calls.lock(w.admin.token, thread.id, true)).json()).toEqual({
        id: thread.id,
        locked: true,
      });
      expect(await (await w.calls.settings(w.admin.token, thread.id, true)).json()).toEqual({
        id: thread.id,
        latest_first: true,
      });
      expect(await (await w.calls.pin(w.admin.token, thread.id, true)).json()).toEqual({
        id: thread.id,
        pinned: true,
      });
      const { thread: shown } = await threadDetail(w.server, thread.id);
      expect(shown).toMatchObject({
        locked: true,
        latest_first: true,
        pinned: true,
        settings: { latest_first: true },
      });
      expect(await (await w.calls.pin(w.admin.token, thread.id, 'false')).json()).toEqual({
        id: thread.id,
        pinned: false,
      });
      expect((await w.calls.lock(w.admin.token, thread.id, 'maybe')).status).toBe(422);
      await expectError(await w.calls.lock(w.admin.token, 999_999, true), 404, TEXTS.threadNotFound);
    });

    it('refuses non-admins on a locked thread with 423; admins still reply and edit', async () => {
      const { thread, originalPost } = await createdThread(w.server, w.author.token);
      const reply = await createdPost(w.server, w.author.token, thread.id);
      await w.calls.lock(w.admin.token, thread.id, true);
      await expectError(
        await w.calls.reply(w.author.token, thread.id, { content_markdown: 'Hi' }),
        423,
        TEXTS.locked,
        'THREAD_LOCKED',
      );
      await expectError(await w.calls.update(w.author.token, thread.id, { title: 'New' }), 423, TEXTS.locked);
      await expectError(
        await w.calls.editPost(w.author.token, thread.id, reply.id, { content_markdown: 'x' }),
        423,
        TEXTS.locked,
      );
      await expectError(await w.calls.deleteMine(w.author.token, thread.id, reply.id), 423, TEXTS.locked);
      await expectError(await w.calls.remove(w.author.token, thread.id), 423, TEXTS.locked);
      expect((await w.calls.reply(w.admin.token, thread.id, { content_markdown: 'Admin note' })).status).toBe(
        201,
      );
      expect(
        (
          await w.calls.editPost(w.admin.token, thread.id, originalPost.id, {
            content_markdown: 'Edited by admin',
          })
        ).status,
      ).toBe(200);
      expect((await w.calls.update(w.admin.token, thread.id, { title: 'Admin title' })).status).toBe(200);
      // Likes are not writing: they stay open.
      expect((await w.calls.like(w.author.token, thread.id, reply.id)).status).toBe(200);
    });
  });
});
