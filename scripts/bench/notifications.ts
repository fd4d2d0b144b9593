/**
 * Notification costs, on a scratch database served in this process (in-memory embedded engine, or a
 * throwaway database on the PostgreSQL server of `--postgres`):
 *
 * - the p50 and p95 of a reply in a thread nobody else follows against one in a thread with 1,000
 *   followers (the fan-out is one INSERT … SELECT in the reply's transaction);
 * - GET /notifications (first and last page of 20, and the unread count) for a reader holding 1,000;
 * - 2,000 open notification streams (one per user, each following one thread): the process's memory
 *   growth once they are open and idle, and the time from a reply in their thread until every stream has
 *   its new unread count. The streams' clients run in this process too, so the growth counts both ends.
 *
 *   npm run bench:notifications [-- --followers 1000 --replies 60 --streams 2000 --postgres postgres://…]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { queryRows } from '../../api/db/query-rows';
import { printMachineReference } from './machine-reference';

const { values: options } = parseArgs({
  options: {
    followers: { type: 'string', default: '1000' },
    replies: { type: 'string', default: '60' },
    streams: { type: 'string', default: '2000' },
    postgres: { type: 'string' },
  },
});
const followers = Number(options.followers);
const replies = Number(options.replies);
const streamCount = Number(options.streams);

/** A throwaway database on the given PostgreSQL server, dropped at the end. */
async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `panelrank_bench_notifications_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
const scratch = options.postgres ? await scratchDatabase(options.postgres) : undefined;
console.log(`engine: ${scratch ? 'PostgreSQL' : 'embedded (in memory)'}`);

const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-bench-notifications-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: scratch?.url ?? 'memory://',
  LOG_LEVEL: 'silent',
  FORUM_POST_RATE_LIMIT_MAX: '100000',
  WRITE_RATE_LIMIT_MAX: '100000',
  NOTIFICATION_STREAMS_PER_INSTANCE: String(streamCount),
});
printMachineReference();
const database = await openDatabase(config.database);
await migrateDatabase(database);
const app = await buildApp({ config, database, logger: false });
// The server's own handling time of each answer (from the request's arrival to the answer's end).
const handling = new Map<string, number[]>();
app.addHook('onResponse', async (request, reply) => {
  const samples = handling.get(request.url) ?? [];
  samples.push(reply.elapsedTime);
  handling.set(request.url, samples);
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const { db } = database;

const userIds = (
  await queryRows<{ id: number }>(
    db,
    sql`insert into users (username, email, role, email_verified_at)
        select 'bench' || n, 'bench' || n || '@gmail.com', 'USER', now()
        from generate_series(1, ${Math.max(followers, streamCount) + 2}) n
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
  sql`insert into forum_follows (thread_id, user_id)
      select ${busy}, id from users where id <> ${author} and id <> ${replier} order by id limit ${followers}`,
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
for (const path of ['/notifications', '/notifications?page=50', '/notifications/unread-count']) {
  handling.delete(path);
  const roundTrips = await time(100, get(path));
  const handled = handling.get(path)!.slice(-roundTrips.length);
  console.log(
    `GET ${path.padEnd(28)} round trip ${percentiles(roundTrips)}; handling ${percentiles(handled)}`,
  );
}

// 2,000 open streams, each of a user following one thread: idle memory, then one reply reaching them all.
const watched = await thread('Everyone with a stream follows this');
const holders = userIds.slice(2, 2 + streamCount);
await db.execute(
  sql`insert into forum_follows (thread_id, user_id)
      select ${watched}, id from users where id in (${sql.join(
        holders.map((id) => sql`${id}`),
        sql`, `,
      )})`,
);

/** One stream read with a bare HTTP request; `counts` gets each unread count it receives. */
function openStream(userId: number, bearer: string, counts: (userId: number, unread: number) => void) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = httpRequest(`${base}/notifications/stream`, {
      headers: { authorization: `Bearer ${bearer}` },
      agent: false,
    });
    request.on('response', (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream: HTTP ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        for (const match of chunk.matchAll(/data: \{"unread":(\d+)\}/g)) counts(userId, Number(match[1]));
      });
      resolve(response);
    });
    request.on('error', reject);
    request.end();
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));
const rss = () => {
  globalThis.gc?.();
  return process.memoryUsage().rss / 2 ** 20;
};
await settle();
const memoryBefore = rss();
const latest = new Map<number, number>();
const onCount = (userId: number, unread: number) => latest.set(userId, unread);
const tokens = await Promise.all(holders.map((id) => token(id)));
const opened: IncomingMessage[] = [];
for (let index = 0; index < holders.length; index += 100) {
  opened.push(
    ...(await Promise.all(
      holders.slice(index, index + 100).map((id, offset) => openStream(id, tokens[index + offset]!, onCount)),
    )),
  );
}
while (holders.some((id) => !latest.has(id))) await new Promise((resolve) => setTimeout(resolve, 50));
await settle();
const memoryOpen = rss();
console.log(`\n${app.notifications.openStreams} open streams`);
console.log(
  `memory (RSS) before ${memoryBefore.toFixed(0)} MB, open and idle ${memoryOpen.toFixed(0)} MB: ` +
    `+${(memoryOpen - memoryBefore).toFixed(0)} MB`,
);
const before = new Map(latest);
const replied = performance.now();
const response = await reply(watched)();
if (!response.ok) throw new Error(`reply: HTTP ${response.status}`);
const answered = performance.now() - replied;
while (holders.some((id) => latest.get(id) === before.get(id))) {
  await new Promise((resolve) => setTimeout(resolve, 5));
}
console.log(
  `a reply's unread count reached all ${holders.length} streams in ${(performance.now() - replied).toFixed(0)} ms ` +
    `(the reply answered in ${answered.toFixed(0)} ms)`,
);
for (const stream of opened) stream.destroy();

await app.close();
await database.close();
await scratch?.drop();
rmSync(dataDir, { recursive: true, force: true });
