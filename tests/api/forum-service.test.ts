import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Thread, ThreadDetail } from '../../contract/forum';
import type { CatalogueSnapshot } from '../../api/catalogue/catalogue-snapshot';
import { forumThreads } from '../../api/db/schema';
import { FORUM_LIKES_TOPIC, FORUM_TOPIC, ForumService } from '../../api/forum/service';
import { createdThread, useForumWorld } from './forum-helpers';

/**
 * What the forum service keeps in memory, on a real database: a thread renamed by hand (a change nobody
 * announced) shows only once the TTL ends, a new catalogue snapshot, or a write that drops it, here or
 * announced by another instance.
 */
describe('forum service: hot reads kept in memory', () => {
  const world = useForumWorld((i) => ({ title: `Series ${i}`, voters: 1, score: 5 }));

  async function setUp() {
    const { server } = world;
    let now = 1000;
    let snapshot = await server.app.catalogue.snapshot();
    const handlers = new Map<string, (change: { ids: number[] | null }) => void>();
    const published: [string, number[] | null][] = [];
    const service = new ForumService({
      db: server.database.db,
      media: server.app.media,
      changeFeed: {
        subscribe: (topic, handler) => void handlers.set(topic, handler),
        publish: async (topic, ids = null) => void published.push([topic, ids]),
      },
      catalogue: {
        snapshot: async () => snapshot,
        findSeries: (...args) => server.app.catalogue.findSeries(...args),
      },
      notifications: server.app.notifications,
      log: server.app.log,
      ttlMs: 5000,
      limits: {
        thread: { max: 1000, windowSeconds: 60 },
        post: { max: 1000, windowSeconds: 60 },
      },
      siteUrl: server.config.SITE_URL,
      feedUrl: `${server.config.publicApiUrl}/forum/feed.xml`,
      now: () => now,
    });
    const { thread, originalPost } = await createdThread(server, world.author.token, { title: 'Kept title' });
    const threadTitle = async () =>
      (JSON.parse((await service.threadAnswer(thread.id, null))!.json.body) as ThreadDetail).thread.title;
    const listedTitle = async () =>
      (
        JSON.parse((await service.threadList({ q: 'title' }, { page: 1, pageSize: 100 })).body) as Thread[]
      ).find((listed) => listed.id === thread.id)?.title;
    return {
      service,
      thread,
      originalPost,
      published,
      threadTitle,
      listedTitle,
      advance: (ms: number) => (now += ms),
      replaceSnapshot: () => (snapshot = Object.create(snapshot) as CatalogueSnapshot),
      announce: (topic: string, ids: number[] | null) => handlers.get(topic)!({ ids }),
      renameByHand: (title: string) =>
        server.database.db.update(forumThreads).set({ title }).where(eq(forumThreads.id, thread.id)),
    };
  }

  it('keeps a whole thread until the TTL ends or the catalogue snapshot changes', async () => {
    const { threadTitle, renameByHand, advance, replaceSnapshot } = await setUp();
    expect(await threadTitle()).toBe('Kept title');
    await renameByHand('Renamed title');
    advance(4999);
    expect(await threadTitle()).toBe('Kept title');
    advance(2);
    expect(await threadTitle()).toBe('Renamed title');

    await renameByHand('Renamed again title');
    replaceSnapshot();
    expect(await threadTitle()).toBe('Renamed again title');
  });

  it('drops the thread alone after a like, and the thread with every list after a thread write', async () => {
    const { service, thread, originalPost, published, threadTitle, listedTitle, renameByHand } =
      await setUp();
    expect([await threadTitle(), await listedTitle()]).toEqual(['Kept title', 'Kept title']);
    await renameByHand('Liked title');
    const userId = world.author.id;
    expect(await service.toggleLike({ threadId: thread.id, postId: originalPost.id, userId })).toEqual({
      count: 1,
      hearted: true,
    });
    expect(published).toEqual([[FORUM_LIKES_TOPIC, [thread.id]]]);
    expect([await threadTitle(), await listedTitle()]).toEqual(['Liked title', 'Kept title']);

    // The liker's own answer says so, and is never the visitors' shared (gzip-able) one.
    const liker = await service.threadAnswer(thread.id, userId);
    expect(liker?.gzip).toBeUndefined();
    expect((JSON.parse(liker!.json.body) as ThreadDetail).posts[0]!.viewer_has_hearted).toBe(true);
    expect((await service.threadAnswer(thread.id, null))?.gzip).toBeDefined();

    expect(await service.setFlag(thread.id, 'pinned', true)).toBe(true);
    expect(published.at(-1)).toEqual([FORUM_TOPIC, [thread.id]]);
    expect(await listedTitle()).toBe('Liked title');
  });

  it('drops what another instance announces, and everything after a change nobody can name', async () => {
    const { service, thread, published, threadTitle, listedTitle, renameByHand, announce } = await setUp();
    expect([await threadTitle(), await listedTitle()]).toEqual(['Kept title', 'Kept title']);
    await renameByHand('Announced title');
    announce(FORUM_LIKES_TOPIC, [thread.id]);
    expect([await threadTitle(), await listedTitle()]).toEqual(['Announced title', 'Kept title']);
    announce(FORUM_TOPIC, [thread.id + 1]);
    expect(await listedTitle()).toBe('Announced title');

    await renameByHand('Everything title');
    service.changed(null);
    expect(published).toEqual([[FORUM_TOPIC, null]]);
    expect([await threadTitle(), await listedTitle()]).toEqual(['Everything title', 'Everything title']);
  });
});
