import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../api/db/client';
import {
  forumLikes,
  forumPosts,
  forumPostSeries,
  forumThreads,
  forumThreadSeries,
  series,
  seriesScores,
  users,
} from '../../api/db/schema';
import { PINNED_THREAD_TITLE } from '../../contract/forum';
import { DEMO_USERNAME_PATTERN } from './demo-catalogue';
import { SeededRandom } from './seeded-random';

/*
 * The demo forum: a pinned "Patch Notes & Site Updates" thread and a few realistic threads with nested
 * replies (what `npm start` shows), plus generators of many threads and of one long thread for benchmarks.
 * Authors are the demo readers (and the admin for the patch notes); series are mentioned by their
 * `[title](series:{id})` links and referenced on threads, like the editor writes them.
 */

interface SeriesPick {
  id: number;
  title: string;
}

/** A post of a handwritten thread: its text, author (index into the readers) and replies. */
interface DemoPost {
  text: (s: SeriesPick[]) => string;
  by: number;
  mentions?: number[];
  likes?: number;
  replies?: DemoPost[];
}

interface DemoThread {
  title: (s: SeriesPick[]) => string;
  opening: (s: SeriesPick[]) => string;
  by: number | 'admin';
  refs?: number[];
  pinned?: boolean;
  latestFirst?: boolean;
  locked?: boolean;
  /** How long ago it started, in hours. */
  ageHours: number;
  posts: DemoPost[];
}

const link = (s: SeriesPick | undefined) => (s ? `[${s.title}](series:${s.id})` : 'that one');

const HANDWRITTEN: DemoThread[] = [
  {
    title: () => PINNED_THREAD_TITLE,
    opening: () =>
      'Welcome to the PanelRank forum! This thread collects what changed on the site. Updates come first; ' +
      'comment under an update if something looks off, or use **Report issue** for bugs.',
    by: 'admin',
    pinned: true,
    latestFirst: true,
    ageHours: 24 * 30,
    posts: [
      {
        by: -1,
        text: () =>
          '**Forum launch.** Threads, nested replies, likes and series mentions are live. Type `@` in the editor ' +
          'to mention a series; it shows up as a card under your post.',
        likes: 14,
        replies: [
          {
            by: 3,
            text: () => 'Mentions work great. Could we get list links too?',
            likes: 2,
            replies: [
              { by: -1, text: () => 'Yes: the editor has a list picker now, see the next update.', likes: 3 },
            ],
          },
        ],
      },
      {
        by: -1,
        text: () =>
          '**Reading lists in the editor.** Public reading lists can be linked from a post with the list picker; ' +
          'private lists stay private.',
        likes: 9,
      },
      {
        by: -1,
        text: () =>
          '**Image uploads.** PNG, JPEG and WebP up to 300 KB and 1024×1024; GIFs up to 1 MB and 512×512, ' +
          'animations kept. Images are stripped of their metadata when stored.',
        likes: 11,
        replies: [{ by: 7, text: () => 'Finally, reaction GIFs!', likes: 5 }],
      },
    ],
  },
  {
    title: (s) => `Is ${s[0]?.title ?? 'the top series'} really the best manhwa right now?`,
    opening: (s) =>
      `${link(s[0])} has been sitting at #1 for weeks. The art is incredible, but I think the story slowed ` +
      `down after the second arc. Does it deserve the spot over ${link(s[1])}?`,
    by: 0,
    refs: [0, 1],
    ageHours: 72,
    posts: [
      {
        by: 1,
        text: (s) => `The fights alone carry it. Nothing else draws motion like ${link(s[0])} does.`,
        mentions: [0],
        likes: 8,
        replies: [
          {
            by: 0,
            text: () => 'Fair, but a ranking should weigh the story too.',
            likes: 3,
            replies: [
              {
                by: 2,
                text: () => 'That is what the five categories are for: vote Story low and Art high.',
                likes: 6,
              },
            ],
          },
        ],
      },
      {
        by: 4,
        text: (s) => `Hot take: ${link(s[1])} has the better world building by far.`,
        mentions: [1],
        likes: 4,
      },
    ],
  },
  {
    title: () => 'Underrated completed series to binge this weekend?',
    opening: (s) =>
      `Looking for something finished so I don't have to wait for chapters. Loved ${link(s[4])} and ` +
      `${link(s[6])}. What else?`,
    by: 5,
    refs: [4, 6],
    ageHours: 40,
    posts: [
      {
        by: 6,
        text: (s) => `${link(s[8])}. Short, tight, and the ending lands.`,
        mentions: [8],
        likes: 7,
        replies: [{ by: 5, text: () => 'Added to my list, thanks!', likes: 1 }],
      },
      {
        by: 8,
        text: (s) => `If you like slow burns, ${link(s[9])}. The last arc is worth it.`,
        mentions: [9],
        likes: 3,
      },
      {
        by: 9,
        text: () => 'Seconding everything above. Also: check the Completed filter on the rankings.',
        likes: 2,
      },
    ],
  },
  {
    title: () => 'How do you vote on series you dropped?',
    opening: () =>
      'If I dropped a series halfway, should I still rate it? I feel like my Story score would be unfair either way.',
    by: 2,
    ageHours: 20,
    posts: [
      {
        by: 3,
        text: () =>
          'I only rate what I have read. Art and Characters are usually clear after a few chapters, Story is not.',
        likes: 9,
        replies: [
          { by: 2, text: () => 'So skip the categories you cannot judge. Makes sense.', likes: 2 },
          {
            by: 10,
            text: () => 'Same here. A half-read series gets Art and World Building from me, nothing else.',
            likes: 4,
          },
        ],
      },
    ],
  },
  {
    title: (s) => `${s[2]?.title ?? 'This series'} season finale discussion (spoilers!)`,
    opening: (s) => `That last chapter of ${link(s[2])}... I did not see the betrayal coming. Thoughts?`,
    by: 11,
    refs: [2],
    ageHours: 6,
    posts: [
      {
        by: 12,
        text: () => 'Called it three arcs ago. The foreshadowing with the broken sword was everywhere.',
        likes: 5,
        replies: [{ by: 11, text: () => 'Okay, rereading now. You were right.', likes: 2 }],
      },
      { by: 13, text: () => 'Season break already? The wait is going to hurt.', likes: 6 },
    ],
  },
];

export interface SeedForumResult {
  threads: number;
  posts: number;
}

/** Up to `count` top-ranked series, the handwritten threads' subjects. */
async function topSeries(db: Database, count: number): Promise<SeriesPick[]> {
  return db
    .select({ id: series.id, title: series.title })
    .from(series)
    .innerJoin(seriesScores, eq(seriesScores.seriesId, series.id))
    .orderBy(desc(seriesScores.finalScore), series.id)
    .limit(count);
}

async function demoReaders(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.username} ~ ${DEMO_USERNAME_PATTERN}`)
    .orderBy(users.id)
    .limit(200);
  return rows.map((row) => row.id);
}

/**
 * Writes the handwritten demo threads (the pinned patch notes first) in one transaction. The admin writes
 * the patch notes; readers (the demo voters) write the rest. Nothing is written without readers.
 */
export async function seedDemoForum(
  db: Database,
  options: { adminId?: number } = {},
): Promise<SeedForumResult> {
  const [picks, readers] = await Promise.all([topSeries(db, 12), demoReaders(db)]);
  if (readers.length === 0) return { threads: 0, posts: 0 };
  const author = (index: number) =>
    index < 0 ? (options.adminId ?? readers[0]!) : readers[index % readers.length]!;
  const now = Date.now();
  let posts = 0;
  await db.transaction(async (tx) => {
    for (const demo of HANDWRITTEN) {
      const started = new Date(now - demo.ageHours * 3_600_000);
      const threadAuthor = demo.by === 'admin' ? author(-1) : author(demo.by);
      const [thread] = await tx
        .insert(forumThreads)
        .values({
          authorId: threadAuthor,
          title: demo.title(picks),
          pinned: demo.pinned ?? false,
          latestFirst: demo.latestFirst ?? false,
          locked: demo.locked ?? false,
          createdAt: started,
          updatedAt: started,
          lastPostAt: started,
        })
        .returning({ id: forumThreads.id });
      const threadId = thread!.id;
      const refs = (demo.refs ?? []).flatMap((index) => (picks[index] ? [picks[index].id] : []));
      if (refs.length > 0) {
        await tx
          .insert(forumThreadSeries)
          .values(refs.map((seriesId, position) => ({ threadId, seriesId, position })));
      }
      let clock = started.getTime();
      const write = async (
        post: DemoPost | { text: DemoThread['opening']; by: number },
        parentId: number | null,
        isOriginal: boolean,
      ) => {
        clock += 17 * 60_000 + (posts % 7) * 60_000;
        const at = new Date(Math.min(clock, now - 60_000));
        const [row] = await tx
          .insert(forumPosts)
          .values({
            threadId,
            parentId,
            isOriginal,
            authorId: author(post.by),
            contentMarkdown: post.text(picks),
            likeCount: 'likes' in post ? Math.min(post.likes ?? 0, readers.length) : 0,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: forumPosts.id });
        posts += 1;
        const postId = row!.id;
        const mentioned = ('mentions' in post ? (post.mentions ?? []) : []).flatMap((i) =>
          picks[i] ? [picks[i].id] : [],
        );
        if (mentioned.length > 0) {
          await tx
            .insert(forumPostSeries)
            .values(mentioned.map((seriesId, position) => ({ postId, seriesId, position })));
        }
        const likes = 'likes' in post ? Math.min(post.likes ?? 0, readers.length) : 0;
        if (likes > 0) {
          await tx.insert(forumLikes).values(readers.slice(-likes).map((userId) => ({ postId, userId })));
        }
        for (const reply of ('replies' in post ? post.replies : undefined) ?? [])
          await write(reply, postId, false);
        return at;
      };
      await write({ text: demo.opening, by: demo.by === 'admin' ? -1 : demo.by }, null, true);
      for (const post of demo.posts) await write(post, null, false);
      const count = await tx.$count(forumPosts, eq(forumPosts.threadId, threadId));
      const last = new Date(Math.min(clock, now - 60_000));
      await tx
        .update(forumThreads)
        .set({ postCount: count, lastPostAt: last, updatedAt: last })
        .where(eq(forumThreads.id, threadId));
    }
  });
  return { threads: HANDWRITTEN.length, posts };
}

/**
 * The demo forum for a database whose forum has no thread yet (`npm start`, `npm run seed`): the first
 * admin writes the patch notes. Answers what was written (nothing when there were threads).
 */
export async function seedDemoForumIfEmpty(db: Database): Promise<SeedForumResult> {
  if ((await db.$count(forumThreads)) > 0) return { threads: 0, posts: 0 };
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'ADMIN'))
    .orderBy(users.id)
    .limit(1);
  return seedDemoForum(db, { adminId: admin?.id });
}

const TOPICS = [
  'Best fight scene in',
  'Art style change in',
  'Should I keep reading',
  'Ending explained:',
  'Hidden details in',
  'Power scaling in',
  'Side characters of',
  'Rereading',
];
const LINES = [
  'The pacing in the last arc was perfect.',
  'I think the translation lost a few jokes.',
  'The colouring got so much better after the hiatus.',
  'Who else noticed the foreshadowing in chapter 12?',
  'Honestly the villain is the best written character.',
  'I dropped it once and came back; glad I did.',
  'The side story is worth reading too.',
  'Anyone know when the next season starts?',
];

/**
 * Generated threads for benchmarks: `threads` threads of 1 to `maxPosts` posts each (nested one level in
 * places), deterministic per seed, by the demo readers, mentioning catalogue series. Bulk inserts, so 2,000
 * threads take seconds.
 */
export async function seedGeneratedThreads(
  db: Database,
  { threads, maxPosts = 8, seed = 7 }: { threads: number; maxPosts?: number; seed?: number },
): Promise<SeedForumResult> {
  const random = new SeededRandom(seed);
  const [picks, readers] = await Promise.all([topSeries(db, 200), demoReaders(db)]);
  if (readers.length === 0 || threads <= 0) return { threads: 0, posts: 0 };
  const now = Date.now();
  let posts = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < threads; start += 500) {
      const batch = Array.from({ length: Math.min(500, threads - start) }, (_, i) => {
        const subject = picks.length > 0 ? random.pick(picks) : undefined;
        const at = new Date(now - (threads - start - i) * 3_600_000);
        return { subject, at, postCount: random.int(1, maxPosts) };
      });
      const created = await tx
        .insert(forumThreads)
        .values(
          batch.map(({ subject, at, postCount }) => ({
            authorId: random.pick(readers),
            title: `${random.pick(TOPICS)} ${subject?.title ?? 'my favourite series'}`,
            postCount,
            createdAt: at,
            updatedAt: at,
            lastPostAt: new Date(at.getTime() + postCount * 60_000),
          })),
        )
        .returning({ id: forumThreads.id });
      const rows = created.flatMap(({ id }, index) => {
        const { subject, at, postCount } = batch[index]!;
        return Array.from({ length: postCount }, (_, n) => ({
          threadId: id,
          isOriginal: n === 0,
          authorId: random.pick(readers),
          contentMarkdown: `${subject ? `${link(subject)}: ` : ''}${random.sample(LINES, 2).join(' ')}`,
          likeCount: 0,
          createdAt: new Date(at.getTime() + n * 60_000),
          updatedAt: new Date(at.getTime() + n * 60_000),
        }));
      });
      for (let offset = 0; offset < rows.length; offset += 1000) {
        await tx.insert(forumPosts).values(rows.slice(offset, offset + 1000));
      }
      const refs = created.flatMap(({ id }, index) => {
        const subject = batch[index]!.subject;
        return subject ? [{ threadId: id, seriesId: subject.id, position: 0 }] : [];
      });
      if (refs.length > 0) await tx.insert(forumThreadSeries).values(refs);
      posts += rows.length;
    }
  });
  return { threads, posts };
}

/**
 * One long thread for benchmarks: `posts` posts (the original included), a third of them replies to an
 * earlier post, with likes and series mentions spread over them. Answers the thread id.
 */
export async function seedLongThread(
  db: Database,
  { posts, seed = 11 }: { posts: number; seed?: number },
): Promise<number> {
  const random = new SeededRandom(seed);
  const [picks, readers] = await Promise.all([topSeries(db, 50), demoReaders(db)]);
  if (readers.length === 0)
    throw new Error('seedLongThread needs the demo readers (seed the catalogue first)');
  const start = Date.now() - posts * 60_000;
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(forumThreads)
      .values({
        authorId: readers[0]!,
        title: 'Weekly discussion: everything you read this week',
        postCount: posts,
        createdAt: new Date(start),
        updatedAt: new Date(start + posts * 60_000),
        lastPostAt: new Date(start + posts * 60_000),
      })
      .returning({ id: forumThreads.id });
    const threadId = thread!.id;
    const ids: number[] = [];
    for (let n = 0; n < posts; n++) {
      const subject = picks.length > 0 ? random.pick(picks) : undefined;
      const likers = random.sample(readers, random.int(0, Math.min(5, readers.length)));
      const [row] = await tx
        .insert(forumPosts)
        .values({
          threadId,
          isOriginal: n === 0,
          parentId: n > 0 && ids.length > 1 && random.chance(0.33) ? random.pick(ids.slice(1)) : null,
          authorId: random.pick(readers),
          contentMarkdown: `${subject ? `${link(subject)}: ` : ''}${random.sample(LINES, 3).join(' ')}`,
          likeCount: likers.length,
          createdAt: new Date(start + n * 60_000),
          updatedAt: new Date(start + n * 60_000),
        })
        .returning({ id: forumPosts.id });
      const postId = row!.id;
      ids.push(postId);
      if (subject) await tx.insert(forumPostSeries).values({ postId, seriesId: subject.id, position: 0 });
      if (likers.length > 0) await tx.insert(forumLikes).values(likers.map((userId) => ({ postId, userId })));
    }
    return threadId;
  });
}
