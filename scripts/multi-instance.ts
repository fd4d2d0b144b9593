/**
 * Two API instances behind no balancer, sharing a PostgreSQL server and an S3-compatible bucket, checked
 * for what running several instances needs: a vote on one shows on the other within a second (LISTEN/
 * NOTIFY; the cache TTL is set to ten minutes, so nothing else could do it), a reply on one reaches a
 * notification stream held on the other within two seconds, a cover uploaded through one
 * is served by the other, a rate limit counts across both, and a kill -9 of one instance loses no
 * acknowledged vote. Ends with "N passed, N failed"; exits non-zero when a check failed.
 *
 *   npm run multi-instance [-- --pg-port 55432 --api-ports 8863,8864 --s3-port 8865]
 *
 * Starts PostgreSQL from the installed server binaries (/usr/lib/postgresql/<version>/bin; as root, as
 * the postgres user), s3rver, and the two instances (`node --import tsx api/server.ts`, so a kill -9 hits
 * the server itself), and removes everything it made when it ends.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { AccessTokens } from '../api/accounts/access-tokens';
import { startS3TestServer, type S3TestServer } from './lib/s3-test-server';
import { spawnApiProcess, waitForHttp } from './lib/processes';

const { values: options } = parseArgs({
  options: {
    'pg-port': { type: 'string', default: '55432' },
    'api-ports': { type: 'string', default: '8863,8864' },
    's3-port': { type: 'string', default: '8865' },
  },
});

const JWT_SECRET = 'multi-instance-check-secret-of-at-least-32-chars';
const VOTE_LIMIT = 6;
const CATEGORIES = ['Story', 'Characters', 'World Building', 'Art', 'Drama / Fighting'];

const cleanups: (() => Promise<unknown> | unknown)[] = [];
let passed = 0;
let failed = 0;

function check(name: string, ok: boolean, detail = ''): void {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` (${detail})` : ''}`);
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });
}

/** The newest installed PostgreSQL server's bin folder. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length === 0) {
    throw new Error('No PostgreSQL server binaries in /usr/lib/postgresql: apt-get install postgresql');
  }
  return join(root, versions.at(-1)!, 'bin');
}

/** Runs a PostgreSQL tool, as the postgres user when this process is root (the server refuses root). */
function runPostgresTool(tool: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', tool, ...args]] : [tool, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
}

async function startPostgres(): Promise<string> {
  let port = Number(options['pg-port']);
  while (!(await portIsFree(port))) port += 1;
  const bin = postgresBin();
  const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-multi-pg-'));
  if (process.getuid?.() === 0) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dataDir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
  }
  runPostgresTool(join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres']);
  runPostgresTool(join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    join(dataDir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c max_connections=100`,
    'start',
  ]);
  cleanups.push(() => {
    runPostgresTool(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE panelrank_multi');
  await admin.end();
  console.log(`PostgreSQL ${bin.split('/').at(-2)} on port ${port}`);
  return `postgres://postgres@127.0.0.1:${port}/panelrank_multi`;
}

interface Instance {
  port: number;
  url: string;
  process: ChildProcess;
}

function startInstance(port: number, env: NodeJS.ProcessEnv): Instance {
  const child = spawnApiProcess({ ...env, PORT: String(port) }, ['ignore', 'ignore', 'inherit']);
  cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'));
  return { port, url: `http://127.0.0.1:${port}`, process: child };
}

/** A notification stream read as the site reads it (fetch with the bearer header): its `unread` counts. */
async function openUnreadStream(base: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/notifications/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    /** The next `unread` event's count, or undefined when none came within `timeoutMs`. */
    async nextUnread(timeoutMs: number): Promise<number | undefined> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = /event: unread\ndata: (\{[^\n]*\})\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return (JSON.parse(match[1]!) as { unread: number }).unread;
        }
        const left = deadline - Date.now();
        if (left <= 0) return undefined;
        const chunk = await Promise.race([reader.read(), sleep(left).then(() => undefined)]);
        if (!chunk || chunk.done) return undefined;
        buffer += chunk.value;
      }
    },
    close: () => controller.abort(),
  };
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function main(): Promise<void> {
  const databaseUrl = await startPostgres();
  const s3: S3TestServer = await startS3TestServer(Number(options['s3-port']));
  cleanups.push(() => s3.close());
  console.log(`S3-compatible server (s3rver) on ${s3.endpoint}`);

  const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-multi-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...s3.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    CAPTCHA_PROVIDER: 'off',
    LOG_LEVEL: 'warn',
    // Only the notifications can make another instance's write show within the checks' second.
    CACHE_TTL_MS: '600000',
    VOTE_RATE_LIMIT_MAX: String(VOTE_LIMIT),
    VOTE_RATE_LIMIT_WINDOW: '10m',
  };
  const [portA, portB] = options['api-ports'].split(',').map(Number) as [number, number];
  // Separate data folders: the instances share nothing but the database and the bucket.
  const a = startInstance(portA, { ...env, DATA_DIR: join(dataDir, 'a') });
  const b = startInstance(portB, { ...env, DATA_DIR: join(dataDir, 'b') });
  await Promise.all([
    waitForHttp(`${a.url}/health`, 90_000, a.process),
    waitForHttp(`${b.url}/health`, 90_000, b.process),
  ]);
  console.log(`API instances on ${a.url} and ${b.url}\n`);

  // Users straight into the shared database, with tokens both instances accept.
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  cleanups.push(() => db.end());
  const tokens = new AccessTokens(JWT_SECRET, 3600);
  async function user(name: string, role = 'USER') {
    const { rows } = await db.query<{ id: number }>(
      `insert into users (username, email, role, email_verified_at) values ($1, $2, $3, now()) returning id`,
      [name, `${name}@gmail.com`, role],
    );
    const id = rows[0]!.id;
    return { id, token: await tokens.issue({ id, username: name, role, tokenVersion: 0 }) };
  }
  const admin = await user('multi_admin', 'ADMIN');

  // A cover uploaded through A is served by B.
  const cover = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('title', 'Across Instances');
  form.set('genre', 'Action');
  form.set('type', 'MANHWA');
  form.set('cover', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'cover.png');
  const created = await fetch(`${a.url}/series`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  const series = await json<{ id: number; cover_url: string }>(created);
  check(
    'admin adds a series with a cover through instance A',
    created.status === 201,
    `HTTP ${created.status}`,
  );
  const coverPath = new URL(series.cover_url).pathname;
  const served = await fetch(b.url + coverPath);
  const servedBytes = Buffer.from(await served.arrayBuffer());
  check(
    'instance B serves the cover uploaded through A (object storage)',
    served.status === 200 && served.headers.get('content-type') === 'image/webp' && servedBytes.length > 0,
    `HTTP ${served.status}, ${servedBytes.length} bytes`,
  );

  // A vote on A shows in B's rankings within a second.
  const summaryOn = (base: string) =>
    fetch(`${base}/series/summary/${series.id}`).then(json<{ vote_count: number }>);
  const before = await summaryOn(b.url);
  const voter = await user('multi_voter');
  const voted = await fetch(`${a.url}/series-details/${series.id}/vote`, {
    method: 'POST',
    headers: { authorization: `Bearer ${voter.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ category: 'Story', score: 9 }),
  });
  const votedAt = Date.now();
  let seenAfter = -1;
  while (Date.now() - votedAt < 3000) {
    if ((await summaryOn(b.url)).vote_count === before.vote_count + 1) {
      seenAfter = Date.now() - votedAt;
      break;
    }
    await sleep(10);
  }
  check(
    'a vote on A shows in B within 1 s (LISTEN/NOTIFY; cache TTL 10 min)',
    voted.status === 200 && seenAfter >= 0 && seenAfter <= 1000,
    seenAfter >= 0 ? `${seenAfter} ms` : 'not seen in 3 s',
  );
  const health = await json<{ instance?: { notifications: { received: number; transport: string } } }>(
    await fetch(`${b.url}/health`),
  );
  check(
    "B's /health reports the notifications it received",
    (health.instance?.notifications.received ?? 0) > 0 &&
      health.instance?.notifications.transport === 'postgres',
    JSON.stringify(health.instance?.notifications ?? {}),
  );

  // A reply on A reaches the thread author's notification stream held on B within 2 s.
  const author = await user('multi_author');
  const replier = await user('multi_replier');
  const createdThread = await fetch(`${a.url}/forum/threads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Across instances', first_post_markdown: 'Which instance answers?' }),
  });
  const thread = await json<{ id: number }>(createdThread);
  const stream = await openUnreadStream(b.url, author.token);
  cleanups.push(() => stream.close());
  const first = await stream.nextUnread(5000);
  // Timed from the request: the event may well arrive before the reply's answer does.
  const repliedAt = Date.now();
  const replied = await fetch(`${a.url}/forum/threads/${thread.id}/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${replier.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content_markdown: 'Both of them.' }),
  });
  const after = await stream.nextUnread(3000);
  const reachedAfter = Date.now() - repliedAt;
  check(
    "a reply on A reaches the author's notification stream on B within 2 s",
    createdThread.status === 201 &&
      replied.status === 201 &&
      first === 0 &&
      after === 1 &&
      reachedAfter <= 2000,
    after === 1 ? `${reachedAfter} ms` : `unread ${first} then ${after ?? 'nothing in 3 s'}`,
  );
  stream.close();

  // The vote limit counts across both instances.
  const limited = await user('multi_limited');
  const statuses: number[] = [];
  for (let n = 0; n <= VOTE_LIMIT; n += 1) {
    const base = n % 2 === 0 ? a.url : b.url;
    const category = CATEGORIES[n % CATEGORIES.length]!;
    const response = await fetch(`${base}/series-details/${series.id}/vote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${limited.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ category, score: 5 }),
    });
    statuses.push(response.status);
  }
  // Five categories exist, so votes 6 and up are refused as duplicates (403) until the limit says 429.
  check(
    `a rate limit is shared: the ${VOTE_LIMIT + 1}th vote, alternating A and B, gets 429`,
    statuses.slice(0, VOTE_LIMIT).every((status) => status !== 429) && statuses[VOTE_LIMIT] === 429,
    statuses.join(' '),
  );

  // kill -9 of A in the middle of a burst of votes: every acknowledged vote is stored, totals are whole.
  const burstSeries: number[] = [];
  for (let n = 0; n < 4; n += 1) {
    const { rows } = await db.query<{ id: number }>(
      `with s as (insert into series (title, genre, type) values ($1, 'Drama', 'MANGA') returning id)
       insert into series_details (series_id) select id from s returning series_id as id`,
      [`Burst ${n}`],
    );
    burstSeries.push(rows[0]!.id);
  }
  const burstVoters = await Promise.all(Array.from({ length: 40 }, (_, n) => user(`multi_burst_${n}`)));
  const acknowledged: string[] = [];

  const burst = Promise.all(
    burstVoters.map(async (burstVoter) => {
      for (const seriesId of burstSeries) {
        for (const category of CATEGORIES) {
          if (acknowledged.length > 5000) return;
          try {
            const response = await fetch(`${a.url}/series-details/${seriesId}/vote`, {
              method: 'POST',
              headers: { authorization: `Bearer ${burstVoter.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ category, score: 7 }),
              signal: AbortSignal.timeout(5000),
            });
            if (response.status === 200) acknowledged.push(`${burstVoter.id}:${seriesId}:${category}`);
          } catch {
            return; // the instance is gone
          }
        }
      }
    }),
  );
  // Killed once votes are flowing: some acknowledged, some in flight, some never sent.
  const flowing = Date.now();
  while (acknowledged.length < 60 && Date.now() - flowing < 10_000) await sleep(5);
  a.process.kill('SIGKILL');
  const killedAt = acknowledged.length;
  await burst;
  const { rows: stored } = await db.query<{ key: string }>(
    `select v.user_id || ':' || v.series_id || ':' || case v.category
       when 'STORY' then 'Story' when 'CHARACTERS' then 'Characters' when 'WORLD_BUILDING' then 'World Building'
       when 'ART' then 'Art' else 'Drama / Fighting' end as key
     from votes v where v.series_id = any($1)`,
    [burstSeries],
  );
  const storedKeys = new Set(stored.map((row) => row.key));
  const lost = acknowledged.filter((key) => !storedKeys.has(key));
  check(
    'kill -9 of A during a burst of votes loses no acknowledged vote',
    acknowledged.length > 0 && lost.length === 0,
    `${acknowledged.length} acknowledged (${killedAt} before the kill), ${stored.length} stored, ${lost.length} lost`,
  );
  const { rows: broken } = await db.query(
    `select d.series_id from series_details d
     where d.series_id = any($1) and d.story_count + d.characters_count + d.worldbuilding_count + d.art_count
       + d.drama_or_fight_count <> (select count(*) from votes v where v.series_id = d.series_id)`,
    [burstSeries],
  );
  check(
    'after the kill, every total still equals its stored votes',
    broken.length === 0,
    `${broken.length} off`,
  );
  const stillServing = await fetch(`${b.url}/series/summary/${burstSeries[0]}`);
  const afterKill = await json<{ vote_count: number }>(stillServing);
  check(
    'B keeps serving, and shows the votes A acknowledged before it died',
    stillServing.status === 200 && afterKill.vote_count > 0,
    `vote_count ${afterKill.vote_count}`,
  );
}

try {
  await main();
} catch (error) {
  failed += 1;
  console.error('multi-instance check aborted:', error);
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup:', (error as Error).message);
    }
  }
  console.log(`\n${passed} passed, ${failed} failed`);
}
process.exit(failed > 0 ? 1 : 0);
