import { eq } from 'drizzle-orm';
import type { Database } from '../../api/db/client';
import { forumPosts, forumThreads, users } from '../../api/db/schema';
import { XSS_HTML_PAYLOADS, XSS_MARKDOWN_PAYLOADS } from '../fixtures/xss-payloads';

/*
 * Forum data the end-to-end stack writes before it builds the site, so specs can open pre-rendered threads.
 * The XSS thread holds every payload of the renderer's unit tests, one post each (some nested), with a
 * hostile title too (it lands in <title>, meta tags and JSON-LD).
 */

export const XSS_THREAD_TITLE = `XSS check </script><script>window.__xssTitle=1</script> <img src=x onerror=alert(1)>`;

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
