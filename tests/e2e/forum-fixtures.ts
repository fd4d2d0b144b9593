import { eq } from 'drizzle-orm';
import type { Database } from '../../api/db/client';
import { forumPosts, forumThreads, users } from '../../api/db/schema';
import { XSS_HTML_PAYLOADS, XSS_MARKDOWN_PAYLOADS } from '../fixtures/xss-payloads';

/*
 * Forum data the end-to-end stack writes before it builds the site, so specs can open pre-rendered threads.
 * The XSS thread holds every payload of the renderer's unit tests, one post each (some nested), with a
 * hostile title too (it lands in <title>, meta tags and JSON-LD). The reading thread is one no spec
 * writes to, so its page stays as built: a visitor reading it loads no framework (light-pages.spec.ts).
 */

export const XSS_THREAD_TITLE = `XSS check </script><script>window.__xssTitle=1</script> <img src=x onerror=alert(1)>`;

export const READING_THREAD_TITLE = 'A thread to read: which finale landed best?';

/** The reading thread's posts; the fourth replies to the third. */
const READING_POSTS = [
  'Which series had the finale you still think about? **Spoilers** are fine, mark them.',
  'The last arc of a long-running manhwa I read paid off every thread it opened.',
  'For me it was a manga that ended on a quiet chapter instead of a fight.',
  'Agreed, a quiet ending can land harder than any battle.',
  'I keep rereading the epilogue of a manhua I finished last year.',
];

/** Writes the reading thread by `username`: a few posts, one nested. */
export async function seedReadingThread(db: Database, username: string): Promise<number> {
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!author) throw new Error(`seedReadingThread: no user ${username}`);
  const start = Date.now() - READING_POSTS.length * 60_000;
  return db.transaction(async (tx) => {
    const last = new Date(start + (READING_POSTS.length - 1) * 60_000);
    const [thread] = await tx
      .insert(forumThreads)
      .values({
        authorId: author.id,
        title: READING_THREAD_TITLE,
        postCount: READING_POSTS.length,
        createdAt: new Date(start),
        updatedAt: last,
        lastPostAt: last,
      })
      .returning({ id: forumThreads.id });
    let previous: number | null = null;
    for (const [index, content] of READING_POSTS.entries()) {
      const at = new Date(start + index * 60_000);
      const [post]: Array<{ id: number }> = await tx
        .insert(forumPosts)
        .values({
          threadId: thread!.id,
          isOriginal: index === 0,
          parentId: index === 3 ? previous : null,
          authorId: author.id,
          contentMarkdown: content,
          likeCount: 0,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: forumPosts.id });
      previous = post!.id;
    }
    return thread!.id;
  });
}

/** The payloads the database can hold: PostgreSQL text has no NUL (the API refuses them too). */
export function storableXssPayloads(): string[] {
  return [...XSS_HTML_PAYLOADS, ...XSS_MARKDOWN_PAYLOADS].filter((payload) => !payload.includes('\u0000'));
}

/** Writes the XSS thread by `username` (one post per payload, every third one replying to the one before). */
export async function seedXssThread(db: Database, username: string): Promise<number> {
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!author) throw new Error(`seedXssThread: no user ${username}`);
  const payloads = storableXssPayloads();
  const start = Date.now() - payloads.length * 60_000;
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(forumThreads)
      .values({
        authorId: author.id,
        title: XSS_THREAD_TITLE,
        postCount: payloads.length,
        createdAt: new Date(start),
        updatedAt: new Date(start + payloads.length * 60_000),
        lastPostAt: new Date(start + payloads.length * 60_000),
      })
      .returning({ id: forumThreads.id });
    let previous: number | null = null;
    for (const [index, payload] of payloads.entries()) {
      const at = new Date(start + index * 60_000);
      const [post]: Array<{ id: number }> = await tx
        .insert(forumPosts)
        .values({
          threadId: thread!.id,
          isOriginal: index === 0,
          parentId: index > 1 && index % 3 === 0 ? previous : null,
          authorId: author.id,
          contentMarkdown: payload,
          likeCount: 0,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: forumPosts.id });
      previous = post!.id;
    }
    return thread!.id;
  });
}
