/**
 * Notification costs, on a scratch in-memory database served in this process: the p50 and p95 of a reply
 * in a thread nobody else follows against one in a thread with 1,000 followers (the fan-out is one INSERT
 * … SELECT in the reply's transaction), and of GET /notifications (first and last page of 20, and the
 * unread count) for a reader holding 1,000 notifications.
 *
 *   npm run bench:notifications [-- --followers 1000 --replies 60]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { queryRows } from '../../api/db/query-rows';

const { values: options } = parseArgs({
  options: { followers: { type: 'string', default: '1000' }, replies: { type: 'string', default: '60' } },
});
const followers = Number(options.followers);
const replies = Number(options.replies);

const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-bench-notifications-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: 'memory://',
  LOG_LEVEL: 'silent',
  FORUM_POST_RATE_LIMIT_MAX: '100000',
  WRITE_RATE_LIMIT_MAX: '100000',
});
const database = await openDatabase(config.database);
await migrateDatabase(database);
const app = await buildApp({ config, database, logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const { db } = database;

const userIds = (
  await queryRows<{ id: number }>(
    db,
    sql`insert into users (username, email, role, email_verified_at)
        select 'bench' || n, 'bench' || n || '@gmail.com', 'USER', now() from generate_series(1, ${followers + 2}) n
        returning id`,
  )
).map((row) => Number(row.id));
const [author, replier] = userIds as [number, number];
const token = (id: number) =>
  app.accounts.issueToken({ id, username: `u${id}`, role: 'USER', tokenVersion: 0 });

async function thread(title: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`with t as (insert into forum_threads (author_id, title, post_count) values (${author}, ${title}, 1) returning id),
        p as (insert into forum_posts (thread_id, author_id, content_markdown, is_original)
              select id, ${author}, 'Opening post', true from t)
        insert into forum_follows (thread_id, user_id) select id, ${author} from t returning thread_id as id`,
  );
  return Number(row!.id);
}
const quiet = await thread('Nobody else follows this');
const busy = await thread('A thousand followers');
await db.execute(
  sql`insert into forum_follows (thread_id, user_id) select ${busy}, id from users where id <> ${author} and id <> ${replier}`,
);

function percentiles(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`;
}

async function time(count: number, call: () => Promise<Response>): Promise<number[]> {
  const samples: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const started = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    samples.push(performance.now() - started);
  }
  return samples.slice(Math.min(5, Math.floor(count / 10)));
}

const replierToken = await token(replier);
const reply = (threadId: number) => () =>
  fetch(`${base}/forum/threads/${threadId}/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${replierToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content_markdown: 'A reply to measure.' }),
  });
console.log(`reply, thread with 1 follower:          ${percentiles(await time(replies, reply(quiet)))}`);
console.log(`reply, thread with ${followers} followers: ${percentiles(await time(replies, reply(busy)))}`);

// One reader with 1,000 notifications (the busy thread's replies, and more written straight in).
const reader = userIds[2]!;
await db.execute(
  sql`insert into notifications (user_id, kind, actor_id, thread_id, post_id)
      select ${reader}, 'THREAD_REPLY', ${replier}, ${busy}, p.id
      from forum_posts p cross join generate_series(1, ${Math.ceil(1000 / replies)})
      where p.thread_id = ${busy} and not p.is_original limit ${1000 - replies}`,
);
const [stored] = await queryRows<{ count: number }>(
  db,
  sql`select count(*)::int as count from notifications where user_id = ${reader}`,
);
const readerToken = await token(reader);
const get = (path: string) => () =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${readerToken}` } });
console.log(`\n${stored!.count} notifications stored for one reader`);
console.log(
  `GET /notifications (page 1):             ${percentiles(await time(100, get('/notifications')))}`,
);
console.log(
  `GET /notifications?page=50:              ${percentiles(await time(100, get('/notifications?page=50')))}`,
);
console.log(
  `GET /notifications/unread-count:         ${percentiles(await time(100, get('/notifications/unread-count')))}`,
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
